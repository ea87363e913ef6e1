//===- relax-opt.cpp - Relax-MLIR optimizer driver ------------------------===//

#include "Relax/InitAll.h"
#include "TestPasses.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"

int main(int argc, char **argv) {
  mlir::relax::registerAllPasses();
  mlir::relax::test::registerTestPasses();
  mlir::DialectRegistry registry;
  mlir::relax::registerAllDialects(registry);
  return mlir::asMainReturnCode(
      mlir::MlirOptMain(argc, argv, "Relax-MLIR optimizer driver\n", registry));
}
