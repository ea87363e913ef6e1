//===- LLVMOptimizer.cpp - LLVM's -O3 for compiled modules ----------------===//

#include "Relax/Tools/LLVMOptimizer.h"

#include "llvm/IR/Module.h"
#include "llvm/IR/PassInstrumentation.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Target/TargetMachine.h"

using namespace llvm;

std::function<Error(Module *)>
mlir::relax::makeLLVMOptimizer(TargetMachine *machine) {
  return [machine](Module *module) -> Error {
    LoopAnalysisManager loops;
    FunctionAnalysisManager functions;
    CGSCCAnalysisManager sccs;
    ModuleAnalysisManager modules;
    // The pipeline is LLVM's own; the pass is skipped as an optional pass
    // is (what -opt-bisect-limit uses), so nothing else of it changes.
    PassInstrumentationCallbacks callbacks;
    callbacks.registerShouldRunOptionalPassCallback(
        [](StringRef pass, Any) { return pass != "CalledValuePropagationPass"; });
    PipelineTuningOptions tuning;
    tuning.LoopUnrolling = true;
    tuning.LoopInterleaving = true;
    tuning.LoopVectorization = true;
    tuning.SLPVectorization = true;
    PassBuilder builder(machine, tuning, std::nullopt, &callbacks);
    builder.registerModuleAnalyses(modules);
    builder.registerCGSCCAnalyses(sccs);
    builder.registerFunctionAnalyses(functions);
    builder.registerLoopAnalyses(loops);
    builder.crossRegisterProxies(loops, functions, sccs, modules);
    ModulePassManager passes =
        builder.buildPerModuleDefaultPipeline(OptimizationLevel::O3);
    passes.run(*module, modules);
    return Error::success();
  };
}
