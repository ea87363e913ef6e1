//===- CodegenPipeline.cpp - The CPU codegen passes in order --------------===//

#include "Relax/Codegen/Passes.h"

#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"

using namespace mlir;
using namespace mlir::relax;
using namespace mlir::relax::codegen;

void codegen::buildCPUCodegenPipeline(
    OpPassManager &pm, const RelaxCPUSelectLoweringConfigPassOptions &select,
    const RelaxCPUTileRowsPassOptions &rows,
    const RelaxCPUTilePassOptions &tile) {
  // Configs are chosen on the ops as fusion left them; the ops that the row
  // tiles create without one (their clones keep the original's) get theirs
  // after.
  pm.addPass(createRelaxCPUExpandEpiloguesPass());
  pm.addPass(createRelaxCPUSelectLoweringConfigPass(select));
  pm.addPass(createRelaxCPUFoldCopiesPass());
  pm.addPass(createRelaxCPUTileRowsPass(rows));
  pm.addPass(createRelaxCPUSelectLoweringConfigPass(select));
  pm.addPass(createRelaxCPUTilePass(tile));
  // Peeled loops have constant tile sizes now: folding them into the types
  // of the tiles lets their vectors go without masks.
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createRelaxCPUVectorizePass());
  pm.addPass(createRelaxCPUOptimizeVectorTilesPass());
}

void codegen::registerRelaxCodegenPipelines() {
  PassPipelineRegistration<CPUCodegenOptions>(
      "relax-tile-and-vectorize",
      "The CPU codegen passes on a function on tensors: choose the lowering "
      "configs for the target, fold copies, tile rows, tile, vectorize and "
      "keep accumulators in registers",
      [](OpPassManager &pm, const CPUCodegenOptions &options) {
        buildCPUCodegenPipeline(pm, options);
      });
}
