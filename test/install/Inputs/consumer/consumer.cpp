// A tool of another project: parses a module and runs a pipeline that mixes
// a Relax pass with upstream passes, or with `--cpu` the whole Relax CPU
// pipeline after shape inference, and prints the result.

#include "Relax/Conversion/Passes.h"
#include "Relax/Pipelines/Pipelines.h"
#include "Relax/InitAll.h"
#include "Relax/Transforms/Passes.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Transforms/Passes.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/raw_ostream.h"

int main(int argc, char **argv) {
  bool cpu = argc == 3 && llvm::StringRef(argv[1]) == "--cpu";
  if (argc != 2 && !cpu) {
    llvm::errs() << "usage: relax-consumer [--cpu] <file.mlir>\n";
    return 2;
  }
  mlir::DialectRegistry registry;
  if (cpu) {
    // The CPU pipeline is built from registered upstream passes.
    mlir::relax::registerAllDialects(registry);
    mlir::relax::registerAllPasses();
  } else {
    mlir::relax::registerRelaxDialects(registry);
  }
  mlir::MLIRContext context(registry);
  mlir::OwningOpRef<mlir::ModuleOp> module =
      mlir::parseSourceFile<mlir::ModuleOp>(argv[argc - 1], &context);
  if (!module)
    return 1;
  mlir::PassManager pm(&context);
  if (cpu) {
    // The pipeline runs shape inference itself.
    mlir::relax::CPUPipelineOptions options;
    options.parallel = true;
    options.runtime = mlir::relax::CPUParallelism::OpenMP;
    mlir::relax::buildRelaxLowerToCPUPipeline(pm, options);
  } else {
    pm.addPass(mlir::relax::createRelaxToNonDataflowPass());
    pm.addPass(mlir::createCanonicalizerPass());
  }
  if (mlir::failed(pm.run(*module)))
    return 1;
  module->print(llvm::outs());
  return 0;
}
