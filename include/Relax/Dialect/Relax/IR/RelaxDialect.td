//===- RelaxDialect.td - Relax graph dialect ---------------*- tablegen -*-===//

#ifndef RELAX_DIALECT_RELAX_IR_RELAXDIALECT_TD
#define RELAX_DIALECT_RELAX_IR_RELAXDIALECT_TD

include "mlir/IR/DialectBase.td"

def Relax_Dialect : Dialect {
  let name = "relax";
  let cppNamespace = "::mlir::relax";
  let summary = "Graph-level programs on tensors with symbolic shapes";
  let description = [{
    The graph level of Relax: functions over tensors whose shapes are
    symbolic expressions, pure dataflow regions, `match_cast` to bind new
    symbolic variables from run-time values, calls between graph functions,
    calls into tensor programs (`call_tir`) and external libraries, and the
    explicit memory ops that memory planning produces.

    Symbolic variables are bound by the parameter types of a `relax.func`
    (a variable that appears alone as a dim is read off that argument) and
    by `relax.match_cast`. Every other use of a variable must be dominated
    by a binding.
  }];
  let dependentDialects = [
    "::mlir::sym::SymDialect",
    "::mlir::tprog::TProgDialect"
  ];
  let useDefaultTypePrinterParser = 1;
  let useDefaultAttributePrinterParser = 1;
  let hasConstantMaterializer = 1;
  let hasOperationAttrVerify = 1;
  let hasRegionArgAttrVerify = 1;
  let hasRegionResultAttrVerify = 1;
  let extraClassDeclaration = [{
    void registerTypes();
    void registerInlinerInterface();

    /// A `#relax.pattern_kind` recording the pattern kind of a tensor
    /// program.
    static constexpr ::llvm::StringLiteral getPatternKindAttrName() {
      return ::llvm::StringLiteral("relax.pattern_kind");
    }

    /// String attribute of a `relax.func` parameter naming its entry in a
    /// weights file: the parameter is a weight, which runtimes bind by name.
    static constexpr ::llvm::StringLiteral getParamNameAttrName() {
      return ::llvm::StringLiteral("relax.param_name");
    }

    /// Symbol of the `relax.func` that computes a function's trailing
    /// parameters, in order, from its weights
    /// (`--relax-lift-transform-params`): a runtime calls it once when the
    /// weights load.
    static constexpr ::llvm::StringLiteral getTransformParamsAttrName() {
      return ::llvm::StringLiteral("relax.transform_params");
    }

    /// The bytes a `relax.func`'s planned storages take at their peak, a
    /// `#sym.expr` in its symbolic variables, and (an i64) at the upper
    /// bounds of its constraints where they bound it
    /// (`--relax-plan-memory=record=1`).
    static constexpr ::llvm::StringLiteral getPlannedPeakAttrName() {
      return ::llvm::StringLiteral("relax.planned_peak");
    }
    static constexpr ::llvm::StringLiteral getPlannedPeakMaxAttrName() {
      return ::llvm::StringLiteral("relax.planned_peak_max");
    }

    /// Symbol of the `shard.grid` (one axis of N ranks) that a `relax.func`
    /// written for the whole model is split over: `--relax-tensor-parallel`
    /// partitions it by the split axes of its parameters and results, and
    /// replaces this attribute by `relax.partitioned`.
    static constexpr ::llvm::StringLiteral getGridAttrName() {
      return ::llvm::StringLiteral("relax.grid");
    }
    /// Symbol of the `shard.grid` whose ranks each run one part of a
    /// partitioned `relax.func`: its types are one rank's.
    static constexpr ::llvm::StringLiteral getPartitionedAttrName() {
      return ::llvm::StringLiteral("relax.partitioned");
    }
    /// `#shard<axisarray[...]>` of a parameter or result of a function with
    /// `relax.grid` or `relax.partitioned`: entry `d` lists the grid axes
    /// that dim `d` is split over (none: replicated). A runtime slices a
    /// parameter's full value by it, each rank taking its block.
    static constexpr ::llvm::StringLiteral getSplitAxesAttrName() {
      return ::llvm::StringLiteral("relax.split_axes");
    }
    /// `array<i64: ...>` beside `relax.split_axes`: the split dim is the
    /// concatenation of segments of these sizes (a fused q/k/v projection),
    /// each split on its own, so a rank holds its block of every segment.
    static constexpr ::llvm::StringLiteral getSplitSegmentsAttrName() {
      return ::llvm::StringLiteral("relax.split_segments");
    }

    /// Unit attribute on a call of a function that can fail, or an op whose
    /// regions hold such a call or a run-time check, after which the code
    /// already looks at the recorded error, frees what the function owns
    /// and returns (`--relax-release-on-check-failure`).
    static constexpr ::llvm::StringLiteral getErrorsReleasedAttrName() {
      return ::llvm::StringLiteral("relax.errors_released");
    }

    /// Unit attribute marking a function on buffers as a kernel: a tensor
    /// program that a target has not placed yet (in a gpu.module, or left
  }];
}

#endif // RELAX_DIALECT_RELAX_IR_RELAXDIALECT_TD
