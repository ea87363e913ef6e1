//===- Passes.td - Relax conversion passes -----------------*- tablegen -*-===//

#ifndef RELAX_CONVERSION_PASSES_TD
#define RELAX_CONVERSION_PASSES_TD

include "mlir/Pass/PassBase.td"

def RelaxLegalizePass : Pass<"relax-legalize", "::mlir::ModuleOp"> {
  let summary = "Lower high-level graph ops to calls of generated tensor programs";
  let description = [{
    Replaces each high-level graph op by a `relax.call_tir` of a `tprog.func`
    written in linalg on builtin tensors, in destination-passing style. The
    program's dynamic dims are named by fresh symbolic parameters, one per
    distinct dim of the call site, so that a program serves every call whose
    shapes differ only in their symbolic values: identical programs are
    generated once and shared.

    Operand and result shapes must be known (run `--relax-infer-shapes`
    first). Every op of the library has a lowering. A few attribute forms do
    not yet (a `strided_slice` begin or an `arange` start that is not
    computable from the op's dims, `group_norm` with a symbolic channel
    count, grouped convolution with symbolic weight dims): such an op is
    reported as an error.
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::linalg::LinalgDialect",
    "::mlir::math::MathDialect",
    "::mlir::scf::SCFDialect",
    "::mlir::tensor::TensorDialect",
    "::mlir::tprog::TProgDialect"
  ];
}

def RelaxToFuncPass : Pass<"relax-to-func", "::mlir::ModuleOp"> {
  let summary = "Turn graph functions and tensor programs into func.func";
  let description = [{
    Converts every `tprog.func` into a `func.func` and every legalized
    `relax.func` into a host `func.func` on builtin tensors:

    - symbolic variables become `index` values read off the arguments
      (`tensor.dim`) and off `relax.match_cast` results;
    - each `relax.call_tir` allocates its destinations with `tensor.empty`,
      sized by evaluating their symbolic dims, and calls the program;
    - what was not proven is checked with `cf.assert`, with a message that
      names the value and the expected dim: parameter dims that repeat a
      variable or are expressions, the `sym.constraints` ranges and
      divisibility, and every `relax.match_cast`;
    - `relax.call_tir_inplace` passes the overwritten arguments as the
      destinations of their results;
    - `relax.if` becomes `scf.if` on the `i1` (or the element of a rank-0
      `i1` tensor); a branch that yields a more static type is cast to the
      result's, and what a branch binds stays in it;
    - tuples exist only at compile time: a tuple parameter, result or call
      operand becomes its fields, in order (nested tuples flattened), and
      `relax.tuple_get` picks fields;

    - `relax.call_library "a.b"` calls the external function `a_b` (declared
      on first use, with `llvm.emit_c_interface`) with every input (taken
      with `bufferization.to_buffer`) and then a new `memref.alloc` per
      result, all as unranked memrefs; the results are the destinations, as
      `restrict` tensors;
    - `relax.call`, constants and returns map one to one.

    Graph ops that are not legalized and the memory ops are reported as
    errors. Entry functions get `llvm.emit_c_interface`.
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::bufferization::BufferizationDialect",
    "::mlir::cf::ControlFlowDialect",
    "::mlir::func::FuncDialect",
    "::mlir::memref::MemRefDialect",
    "::mlir::scf::SCFDialect",
    "::mlir::tensor::TensorDialect"
  ];
}

#endif // RELAX_CONVERSION_PASSES_TD
