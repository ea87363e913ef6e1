//===- WGSLPrinter.h - The printer of SPIR-V modules as WGSL ----*- C++ -*-===//
//
// The state of printing one SPIR-V module as WGSL, shared by the files that
// print its types and expressions (WGSLExpressions.cpp) and its statements
// and declarations (WGSLEmitter.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef RELAX_LIB_TARGET_WGSL_WGSLPRINTER_H
#define RELAX_LIB_TARGET_WGSL_WGSLPRINTER_H

#include "Relax/Target/WGSL/WGSLEmitter.h"

#include "mlir/Dialect/SPIRV/IR/SPIRVOps.h"
#include "mlir/Dialect/SPIRV/IR/SPIRVTypes.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/Support/raw_ostream.h"

namespace mlir::relax::wgsl {

/// The WGSL atomic built-in of an atomic instruction, or "".
StringRef getAtomicBuiltin(StringRef name);

/// Control flow the printer is inside of: the loop whose `break` and
/// back edge a branch may take.
struct LoopContext {
  Block *header = nullptr;
  Block *continueBlock = nullptr;
  Block *merge = nullptr;
};

class WGSLPrinter {
public:
  WGSLPrinter(spirv::ModuleOp module, const WGSLLimits &limits)
      : module(module), limits(limits) {}

  LogicalResult print(StringRef kernelName, ArrayRef<KernelArgument> arguments,
                      raw_ostream &os);

private:
  // Types.
  FailureOr<std::string> getType(Type type, Location loc);
  LogicalResult checkType(Type type, Location loc);
  std::string getStructName(spirv::StructType type, Location loc);
  int64_t getByteSize(Type type);

  // Declarations.
  LogicalResult declareGlobals(spirv::FuncOp entry);

  // Statements.
  LogicalResult printBlockOps(Block &block, LoopContext *loop);
  LogicalResult printOp(Operation &op, LoopContext *loop);
  LogicalResult printChain(Block *block, Block *stop, LoopContext *loop);
  LogicalResult printSelection(spirv::SelectionOp op, LoopContext *loop);
  LogicalResult printLoop(spirv::LoopOp op);
  LogicalResult assignBlockArguments(Block *dest, ValueRange operands,
                                     Location loc);
  LogicalResult declareBlockArguments(Block *block);
  /// Snapshots the arguments of `block` into `let`s, so that a value keeps
  /// what the branch into the block passed while its variable takes the
  /// next.
  void bindBlockArguments(Block *block);

  // Expressions.
  FailureOr<std::string> getExpression(Operation &op);
  std::string getValue(Value value);
  std::string getUnsigned(Value value);
  std::string getConstant(Attribute attr, Type type, Location loc);
  std::string getFloat(double value, Type type);
  void bind(Value value, std::string expression);
  LogicalResult let(Operation &op, StringRef expression);

  std::string newName(StringRef prefix) {
    return (prefix + Twine(nextName++)).str();
  }
  raw_ostream &line() {
    body.indent(indent);
    return body;
  }

  /// Whether `pointer` is rooted at a storage buffer declared atomic.
  bool isAtomicPointer(Value pointer);
  /// The global variable `pointer` is an access chain into, if any.
  spirv::GlobalVariableOp getRoot(Value pointer);

  spirv::ModuleOp module;
  const WGSLLimits &limits;
  std::string bodyText, declText, structText;
  llvm::raw_string_ostream body{bodyText}, decls{declText},
      structs{structText};
  unsigned indent = 2;
  unsigned nextName = 0;
  bool usesF16 = false;
  DenseMap<Value, std::string> names;
  DenseMap<Type, std::string> structNames;
  DenseMap<Operation *, std::string> globalNames;
  /// Built-in variables by symbol: the WGSL parameter and its type.
  DenseMap<Operation *, std::pair<std::string, std::string>> builtins;
  SmallVector<std::string> builtinParams;
  /// Storage buffers that an atomic operation touches: declared as arrays
  /// of atomics, and read and written with atomic built-ins.
  DenseSet<Operation *> atomicBuffers;
  /// Without `shader-f16`, f16 values are computed in f32 and f16 storage
  /// buffers hold two elements per u32 word (read with unpack2x16float,
  /// written with pack2x16float and atomics on the word).
  bool emulateF16 = false;
  /// Such buffers, and the element index of each pointer into one.
  DenseSet<Operation *> packedF16Buffers;
  DenseMap<Value, std::pair<std::string, std::string>> packedF16Pointers;
  /// Non-finite float constants, which WGSL has no literal for, as bit
  /// patterns held in function variables (a constant expression may not
  /// evaluate to them).
  llvm::MapVector<uint64_t, std::string> nonFiniteConstants;
  /// Block arguments as WGSL variables.
  DenseMap<BlockArgument, std::string> blockArgVars;
};

} // namespace mlir::relax::wgsl

#endif // RELAX_LIB_TARGET_WGSL_WGSLPRINTER_H
