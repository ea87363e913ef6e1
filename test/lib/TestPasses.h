//===- TestPasses.h - Registration of Relax-MLIR test passes ------*- C++
//-*-===//
//
// Test passes exercise analyses from lit tests; they are registered by
// relax-opt only.
//
//===----------------------------------------------------------------------===//

#ifndef RELAX_TEST_LIB_TESTPASSES_H
#define RELAX_TEST_LIB_TESTPASSES_H

namespace mlir::relax::test {

/// Registers `--test-sym-prover`.
void registerTestSymProverPass();
/// Registers `--test-sym-value-bounds`.
void registerTestSymValueBoundsPass();

/// Registers `--test-relax-pattern-kinds`.
void registerTestPatternKindsPass();
/// Registers `--test-relax-legalize-user-pattern`.
void registerTestLegalizeUserPatternPass();
void registerTestInferReturnTypesPass();

/// Registers every test pass.
inline void registerTestPasses() {
  registerTestInferReturnTypesPass();
  registerTestLegalizeUserPatternPass();
  registerTestPatternKindsPass();
  registerTestSymProverPass();
  registerTestSymValueBoundsPass();
}

} // namespace mlir::relax::test

#endif // RELAX_TEST_LIB_TESTPASSES_H
