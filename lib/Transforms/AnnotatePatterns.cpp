//===- AnnotatePatterns.cpp - Record pattern kinds of tensor programs -----===//

#include "Relax/Dialect/Relax/IR/RelaxOps.h"
#include "Relax/Dialect/TProg/Analysis/PatternKindAnalysis.h"
#include "Relax/Transforms/Passes.h"

#include "mlir/IR/Builders.h"

namespace mlir::relax {
#define GEN_PASS_DEF_RELAXANNOTATEPATTERNSPASS
#include "Relax/Transforms/Passes.h.inc"
} // namespace mlir::relax

using namespace mlir;
using namespace mlir::relax;

namespace {
struct RelaxAnnotatePatternsPass
    : relax::impl::RelaxAnnotatePatternsPassBase<RelaxAnnotatePatternsPass> {
  void runOnOperation() override {
    for (auto func : getOperation().getOps<tprog::FuncOp>()) {
      if (func.isExternal() ||
          func->hasAttr(RelaxDialect::getPatternKindAttrName()))
        continue;
      func->setAttr(RelaxDialect::getPatternKindAttrName(),
                    PatternKindAttr::get(&getContext(),
                                         tprog::analyzePatternKind(func)));
    }
  }
};
} // namespace
