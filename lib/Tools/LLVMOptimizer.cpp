//===- LLVMOptimizer.cpp - LLVM's -O3 for compiled modules ----------------===//

#include "Relax/Tools/LLVMOptimizer.h"

#include "llvm/IR/Module.h"
#include "llvm/IR/PassInstrumentation.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/Transforms/IPO/Internalize.h"

using namespace llvm;

std::function<Error(Module *)>
mlir::relax::makeLLVMOptimizer(TargetMachine *machine,
                               std::vector<std::string> keep) {
  return [machine, keep = std::move(keep)](Module *module) -> Error {
    // A graph function's body, inlined into its C wrapper, would otherwise
    // be compiled once more for itself and once for each wrapper of it.
    // Kernels stay external: internal ones, called once, would be inlined
    // into the graph function, which runs them 3x slower (BERT-base).
    if (!keep.empty())
      internalizeModule(*module, [&](const GlobalValue &value) {
        auto *function = dyn_cast<Function>(&value);
        if (!function || llvm::is_contained(keep, value.getName()))
          return true;
        return !function->hasFnAttribute(Attribute::AlwaysInline) &&
               !value.getName().starts_with("_mlir_");
      });
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
