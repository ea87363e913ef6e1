// A tool of another project: parses a module, runs a pipeline that mixes a
// Relax pass with upstream passes, and prints the result.

#include "Relax/InitAll.h"
#include "Relax/Transforms/Passes.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Transforms/Passes.h"
#include "llvm/Support/raw_ostream.h"

int main(int argc, char **argv) {
  if (argc != 2) {
    llvm::errs() << "usage: relax-consumer <file.mlir>\n";
    return 2;
  }
  mlir::DialectRegistry registry;
  mlir::relax::registerRelaxDialects(registry);
  mlir::MLIRContext context(registry);
  mlir::OwningOpRef<mlir::ModuleOp> module =
      mlir::parseSourceFile<mlir::ModuleOp>(argv[1], &context);
  if (!module)
    return 1;
  mlir::PassManager pm(&context);
  pm.addPass(mlir::relax::createRelaxToNonDataflowPass());
  pm.addPass(mlir::createCanonicalizerPass());
  if (mlir::failed(pm.run(*module)))
    return 1;
  module->print(llvm::outs());
  return 0;
}
