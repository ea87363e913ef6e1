//===- relax-opt.cpp - Relax-MLIR optimizer driver ------------------------===//

#include "Relax/InitAll.h"
#include "Relax/Tools/ParserHazards.h"
#include "TestPasses.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Support/FileUtilities.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "llvm/Support/ToolOutputFile.h"

using namespace mlir;

int main(int argc, char **argv) {
  relax::registerAllPasses();
  relax::test::registerTestPasses();
  DialectRegistry registry;
  relax::registerAllDialects(registry);
  auto [inputFilename, outputFilename] = registerAndParseCLIOptions(
      argc, argv, "Relax-MLIR optimizer driver\n", registry);
  MlirOptMainConfig config = MlirOptMainConfig::createFromCLOptions();
  // What reads no input is upstream's.
  if (config.shouldShowDialects() || config.shouldListPasses())
    return asMainReturnCode(
        MlirOptMain(argc, argv, inputFilename, outputFilename, registry));

  std::string error;
  std::unique_ptr<llvm::MemoryBuffer> input =
      openInputFile(inputFilename, &error);
  if (!input) {
    llvm::errs() << error << "\n";
    return EXIT_FAILURE;
  }
  // Text that MLIR 22's parser would crash on is a located error.
  if (failed(relax::checkParserHazards(*input, llvm::errs())))
    return EXIT_FAILURE;
  std::unique_ptr<llvm::ToolOutputFile> output =
      openOutputFile(outputFilename, &error);
  if (!output) {
    llvm::errs() << error << "\n";
    return EXIT_FAILURE;
  }
  if (failed(MlirOptMain(output->os(), std::move(input), registry, config)))
    return EXIT_FAILURE;
  output->keep();
  return EXIT_SUCCESS;
}
