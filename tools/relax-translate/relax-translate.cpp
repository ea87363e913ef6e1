//===- relax-translate.cpp - Relax-MLIR translation driver ----------------===//
//
// Translations out of MLIR that have no pass form: `--relax-spirv-to-wgsl`
// prints the WGSL of a module's WebGPU kernels (the text that
// `--relax-spirv-to-wgsl` as a pass embeds in gpu.binary ops).
//
//===----------------------------------------------------------------------===//

#include "Relax/InitAll.h"
#include "Relax/Target/WGSL/WGSLEmitter.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/mlir-translate/MlirTranslateMain.h"
#include "mlir/Tools/mlir-translate/Translation.h"

using namespace mlir;

static llvm::cl::opt<bool> shaderF16(
    "wgsl-shader-f16",
    llvm::cl::desc("--relax-spirv-to-wgsl: compute f16 in f16 (the device "
                   "has `shader-f16`) rather than in f32"),
    llvm::cl::init(false));

static void registerToWGSLTranslation() {
  TranslateFromMLIRRegistration registration(
      "relax-spirv-to-wgsl",
      "Print the WebGPU kernels of a module as WGSL, one after another",
      [](Operation *op, raw_ostream &output) {
        relax::wgsl::WGSLLimits limits;
        limits.shaderF16 = shaderF16;
        return relax::wgsl::translateModuleToWGSL(
            op, limits, [&](Operation *, StringRef wgsl) {
              output << wgsl << "\n";
              return success();
            });
      },
      [](DialectRegistry &registry) { relax::registerAllDialects(registry); });
}

int main(int argc, char **argv) {
  registerToWGSLTranslation();
  return failed(mlirTranslateMain(argc, argv, "Relax-MLIR translation driver"));
}
