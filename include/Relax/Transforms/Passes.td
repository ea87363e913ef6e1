//===- Passes.td - Relax transformation passes -------------*- tablegen -*-===//

#ifndef RELAX_TRANSFORMS_PASSES_TD
#define RELAX_TRANSFORMS_PASSES_TD

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

    `relax.reshape`, `relax.expand_dims` and `relax.squeeze` keep the
    row-major order of the elements of a dense tensor: they become
    `relax.view`s of their operand, not programs.

    A value the program needs that no dim of the op's tensors gives (a
    `strided_slice` begin or an `arange` start in another variable, as when a
    decoder slices its rotary table at `[p, p + s)`) becomes a trailing
    `index` argument of the program, which the call passes as `sym_args`.

    `relax.take` checks its indices at run time: an index outside the axis
    is a `cf.assert` in the program (a run-time error, see
    `--relax-lower-checks`), and the element is read at the index clamped
    to the axis, so that no index reads outside the tensor.

    Operand and result shapes must be known (run `--relax-infer-shapes`
    first). A symbolic channel count of `group_norm`, and the channels of a
    grouped convolution with symbolic weight dims, are split into
    `[groups, size / groups]` inside the program, so that every indexing map
    stays affine.

    Each op is lowered by its own rewrite pattern (see `Relax/Transforms/Legalize.h`),
    added per family by `populateRelaxElementwiseLegalizationPatterns`,
    `populateRelaxReductionLegalizationPatterns`,
    `populateRelaxLinearLegalizationPatterns`,
    `populateRelaxManipulationLegalizationPatterns`,
    `populateRelaxNeuralNetworkLegalizationPatterns` and
    `populateRelaxViewLegalizationPatterns`, or all at once by
    `populateRelaxLegalizationPatterns`; the patterns share generated
    programs through a `TensorProgramCache`. The pass applies them in one
    walk, without folding. An op no pattern matches is left for a later
    pass; an op whose pattern fails is reported with the pattern's reason
    (`'relax.astype' op could not be legalized: cannot convert i32 to
    index`) and the pass fails.

    `paged-attention` chooses the form of `relax.paged_attention`'s program:
    `gather` (the default, what the GPU pipeline uses) reads every key and
    value through the page table inside the products, so that each output
    element is computed on its own; `pages` (what the CPU pipeline uses)
    loops, per token and kv head, over the pages the token sees and reads
    each page's keys and values as contiguous blocks in small products.
  }];
  let options = [
    Option<"pagedAttention", "paged-attention",
           "::mlir::relax::PagedAttentionForm",
           /*default=*/"::mlir::relax::PagedAttentionForm::Gather",
           "How paged_attention reads the cache",
           [{::llvm::cl::values(
             clEnumValN(::mlir::relax::PagedAttentionForm::Gather, "gather",
                        "Products read each key through the page table"),
             clEnumValN(::mlir::relax::PagedAttentionForm::Pages, "pages",
                        "Loops over each token's pages read contiguous "
                        "blocks"))}]>,
  ];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::cf::ControlFlowDialect",
    "::mlir::linalg::LinalgDialect",
    "::mlir::math::MathDialect",
    "::mlir::scf::SCFDialect",
    "::mlir::tensor::TensorDialect",
    "::mlir::tprog::TProgDialect"
  ];
}

def RelaxToNonDataflowPass : Pass<"relax-to-non-dataflow"> {
  let summary = "Inline relax.dataflow regions into their parent block";
  let description = [{
    Moves the ops of every `relax.dataflow` region in front of it and
    replaces its results with the values the region outputs. Passes that
    introduce side effects, such as memory planning, run on the result.

    ```mlir
    %y = relax.dataflow -> !relax.tensor<[n], f32> {
      %t = relax.call_tir @exp(%x) : (...) -> !relax.tensor<[n], f32>
      relax.output %t : !relax.tensor<[n], f32>
    }
    // becomes
    %y = relax.call_tir @exp(%x) : (...) -> !relax.tensor<[n], f32>
    ```
  }];
  let dependentDialects = ["::mlir::relax::RelaxDialect"];
}

def RelaxExplicitAllocPass : Pass<"relax-explicit-alloc", "::mlir::ModuleOp"> {
  let summary = "Allocate call destinations explicitly and end owned tensors";
  let description = [{
    Makes every allocation of a graph function an op, so that memory
    planning and the host lowering work on them:

    - each result of `relax.call_tir`, `relax.call_tir_inplace` (for results
      that overwrite no argument) and `relax.call_library` becomes a
      `relax.alloc_storage` of its symbolic byte size and a
      `relax.alloc_tensor` at offset 0 in it, and the call becomes
      `relax.call_tir_dps` / `relax.call_library_dps` writing them;
      results of `call_tir_inplace` that overwrite an argument are that
      argument;
    - every value a function returns, and every value a `relax.if` branch
      yields, is owned by the block that passes it out: a value it does not
      own (an argument, a constant, a view of one, a value passed out twice)
      is copied into a new tensor with `relax.copy_tensor`;
    - what the function owns (storages, and tensors returned by
      `relax.call` and `relax.if`) ends right after the last use of any
      value that shares its memory (views, casts, tuples): `relax.kill_tensor`
      for the tensors and `relax.kill_storage` for the storage. What is
      passed out of its block is not killed.

    Dataflow regions must be gone (`--relax-to-non-dataflow`). Views
    (`relax.view`) share their source's storage and extend its lifetime.

    ```mlir
    %y = relax.call_tir @exp(%x) : (!relax.tensor<[n], f32>) -> !relax.tensor<[n], f32>
    %z = relax.call_tir @exp(%y) : (!relax.tensor<[n], f32>) -> !relax.tensor<[n], f32>
    // becomes
    %s0 = relax.alloc_storage size(4 * n)
    %y = relax.alloc_tensor %s0[0] : !relax.tensor<[n], f32>
    relax.call_tir_dps @exp(%x : !relax.tensor<[n], f32>) outs(%y : !relax.tensor<[n], f32>)
    %s1 = relax.alloc_storage size(4 * n)
    %z = relax.alloc_tensor %s1[0] : !relax.tensor<[n], f32>
    relax.call_tir_dps @exp(%y : !relax.tensor<[n], f32>) outs(%z : !relax.tensor<[n], f32>)
    relax.kill_tensor %y : !relax.tensor<[n], f32>
    relax.kill_storage %s0
    ```
  }];
  let options = [
    Option<"alignment", "alignment", "int64_t", /*default=*/"64",
           "Alignment in bytes of new storages">,
  ];
  let dependentDialects = ["::mlir::relax::RelaxDialect"];
}

def RelaxHoistKernelScratchPass
    : Pass<"relax-hoist-kernel-scratch", "::mlir::ModuleOp"> {
  let summary = "Allocate the scratch buffers of kernels in their callers";
  let description = [{
    After `--relax-kernels-to-func`, a kernel that needs a temporary buffer
    (an intermediate of a fused group that a tile does not keep in
    registers, the statistics of a norm) allocates it with `memref.alloc`
    at its top level, once per call, where memory planning does not see it.
    This pass gives each kernel one more destination per such allocation,
    a `memref<?xi8>` scratch buffer after its other destinations, and makes
    the allocation a `memref.view` of it (their deallocations go). Each
    `relax.call_tir_dps` of the kernel allocates each scratch buffer with
    `relax.alloc_storage` of its symbolic byte size, a
    `relax.alloc_tensor` of `i8` passed as the new destination, and kills
    both after the call, so `--relax-plan-memory` places each piece of
    kernel scratch in the arena with every other tensor, wherever it
    fits.

    The byte size at a call is the kernel's own computation of the sizes
    (`memref.dim` of its buffer arguments, its symbolic arguments,
    constants, index arithmetic and `affine.apply`) with the dims of the call's operand
    types in place of the arguments. An allocation whose size it cannot
    follow, one inside a parallel loop or a branch, and the allocations of
    a kernel called anywhere else than from a `relax.call_tir_dps` stay as
    they are. A buffer that sequential loops allocate per iteration, with
    sizes fixed before the loops or bounded by a constant of an
    `affine.min` (a partial tile), is first allocated once before the loops
    at that bound (`min(16, ub - lb)` for a tile of 16 rows of a loop from
    `lb` to `ub`) and viewed at each iteration's sizes.

    ```mlir
    func.func private @k(%x: memref<?x512xf32>, %y: memref<?x512xf32>) attributes {relax_codegen.kernel} {
      %n = memref.dim %x, %c0 : memref<?x512xf32>
      %t = memref.alloc(%n) : memref<?x512xf32>
      ...
      memref.dealloc %t : memref<?x512xf32>
    }
    relax.call_tir_dps @k(%a : !relax.tensor<[n, 512], f32>) outs(%b : !relax.tensor<[n, 512], f32>)
    // becomes
    func.func private @k(%x: memref<?x512xf32>, %y: memref<?x512xf32>, %scratch: memref<?xi8>) attributes {relax_codegen.kernel} {
      %t = memref.view %scratch[%c0][%n] : memref<?xi8> to memref<?x512xf32>
      ...
    }
    %s = relax.alloc_storage size(2048 * n)
    %t = relax.alloc_tensor %s[0] : !relax.tensor<[2048 * n], i8>
    relax.call_tir_dps @k(%a : ...) outs(%b, %t : ...)
    relax.kill_tensor %t : !relax.tensor<[2048 * n], i8>
    relax.kill_storage %s
    ```
  }];
  let options = [
    Option<"alignment", "alignment", "int64_t", /*default=*/"64",
           "Byte alignment of each scratch tensor (a GPU binds a view only "
           "at a multiple of its storage buffer offset alignment: 256 on "
           "WebGPU)">,
  ];
  let dependentDialects = ["::mlir::relax::RelaxDialect",
                           "::mlir::arith::ArithDialect",
                           "::mlir::memref::MemRefDialect"];
}

def RelaxPlanMemoryPass : Pass<"relax-plan-memory", "::mlir::ModuleOp"> {
  let summary = "Plan the storages of graph functions across symbolic sizes";
  let description = [{
    Rewrites the storages that `--relax-explicit-alloc` creates so that
    tensors whose lifetimes do not overlap share memory, deciding every
    question about symbolic sizes with the prover (`SymProver`) under the
    function's `sym.constraints` and the equalities its `relax.match_cast`s
    check.

    A storage is planned when it is allocated and killed in the function's
    body block and no value sharing its memory is used inside a region (a
    `relax.if` branch) or passed out of the function; its live range runs
    from its `relax.alloc_storage` to its `relax.kill_storage`. Storages
    allocated in branches, returned, or used across a region boundary are
    left as they are.

    The planned storages are placed in one arena per function, in several
    orders, keeping the smallest arena (proven smaller, else smaller at
    more sample values of the variables): allocation order, largest first,
    and with `search` (the default) the orders that a local search finds to
    pack tightest when the same placement runs on concrete sizes at the
    samples. Each storage goes at the lowest offset (0, or the end of a
    live one) that
    the prover shows to overlap no storage live at the same time, where a
    later storage takes the place of a dead one when its size is proven not
    to exceed the room (`<=`, not only `==`). Sizes are rounded up to the
    largest alignment (`((size + a - 1) floordiv a) * a` where `a` does not
    provably divide it), so every offset is aligned. The arena is one
    `relax.alloc_storage` of the largest end offset (a symbolic `max` of
    what the prover cannot order), allocated after the last binding of the
    variables it uses and killed after the last planned storage dies. Each
    `relax.alloc_tensor` moves into it at its offset; `relax.kill_tensor`s
    stay and still end live ranges. A storage allocated before a variable
    the arena needs is bound is kept out of the arena.

    A storage that holds a returned tensor (allocated in the body block,
    never killed) is not planned, but with `lend-returned` (the default) it
    first holds planned storages that die before it is allocated, one at a
    time at its start, where the prover shows they fit and the variables of
    its size are bound before them: its allocation moves in front of the
    first. They are chosen greedily while they lower the largest sum of the
    sizes live at one point at the sample values.

    With `plan-results`, the storages of returned tensors are planned as
    well, live to the end of the function: they go into the arena, which is
    then not killed but leaves the function with the results, so a call
    allocates once. The results share one base pointer, which the caller
    frees once (the memory of the whole arena stays with the results).

    Without an arena (`arena=0`), or when the arena would not be provably
    smaller than the storages it replaces, storages are only reused: a
    storage freed earlier, of at least the alignment, whose size is proven
    `>=` the new one's, serves the new allocation.

    With `static-arena`, an arena whose size has an upper bound under the
    constraints (`#sym.range<n in [1, 4096]>`) is allocated at that constant
    size at the function's entry.

    With `report`, each graph function gets a remark with the planned peak
    (the arena, plus the storages left out), the naive total (the sum of all
    storage sizes) and a lower bound (the largest sum of sizes live at one
    point), as symbolic expressions, and, where the constraints bound them,
    their values at the upper bounds of the variables; `sizes=n=128,m=64`
    also evaluates them at those values.

    ```mlir
    %s0 = relax.alloc_storage size(64 * n)
    %a = relax.alloc_tensor %s0[0] : !relax.tensor<[n, 16], f32>
    ...
    relax.kill_storage %s0
    %s1 = relax.alloc_storage size(64 * n)
    %b = relax.alloc_tensor %s1[0] : !relax.tensor<[n, 16], f32>
    // becomes
    %arena = relax.alloc_storage size(64 * n)
    %a = relax.alloc_tensor %arena[0] : !relax.tensor<[n, 16], f32>
    ...
    %b = relax.alloc_tensor %arena[0] : !relax.tensor<[n, 16], f32>
    ```
  }];
  let options = [
    Option<"arena", "arena", "bool", /*default=*/"true",
           "Place the planned storages in one arena per function; without "
           "it, only reuse storages">,
    Option<"planResults", "plan-results", "bool", /*default=*/"false",
           "Plan the storages of returned tensors too: they go into the "
           "arena, which the function then returns instead of freeing (one "
           "allocation per call; the caller frees each distinct base "
           "pointer of the results once)">,
    Option<"lendReturned", "lend-returned", "bool", /*default=*/"true",
           "Let storages of returned tensors hold tensors that die before "
           "they are allocated">,
    Option<"search", "search", "bool", /*default=*/"true",
           "Also place the storages in the orders that a search over "
           "orders, run at sample sizes, finds to pack best">,
    Option<"staticArena", "static-arena", "bool", /*default=*/"false",
           "Allocate the arena at the upper bound of its size under the "
           "constraints, when there is one">,
    Option<"report", "report", "bool", /*default=*/"false",
           "Report the planned peak, the naive total and a lower bound of "
           "each function as remarks">,
    Option<"record", "record", "bool", /*default=*/"false",
           "Record each planned function's peak on it: `relax.planned_peak` "
           "(a #sym.expr of bytes) and, where the constraints bound it, "
           "`relax.planned_peak_max` (bytes at the upper bounds)">,
    ListOption<"sizes", "sizes", "std::string",
               "Values of symbolic variables (name=value) at which the "
               "report also evaluates its sizes">,
  ];
  let dependentDialects = ["::mlir::relax::RelaxDialect"];
}

def RelaxFusePass : Pass<"relax-fuse", "::mlir::ModuleOp"> {
  let summary = "Fuse graph ops into merged tensor programs";
  let description = [{
    Groups the ops of every `relax.dataflow` region by their pattern kinds
    (`PatternKindOpInterface`: high-level ops and `relax.call_tir` of any
    tensor program alike) on the region's post-dominator tree, and replaces
    each group of two or more ops by one `relax.call_tir` of one merged
    `tprog.func`.

    Grouping follows TVM's FuseOps rules:

    - an output-elementwise-fusable op (matmul, convolution) absorbs the
      elementwise and broadcast ops up to its post-dominator, one such anchor
      per group;
    - elementwise and broadcast ops join their post-dominator along
      injective paths, or paths that end in a reduction or an anchor;
    - injective ops join along injective paths; opaque ops, constants,
      reshapes (views of storage) and tuples stay apart.

    and three more rules, each an option: `injective-consumers` puts an
    injective group and the injective groups that read it in one group (a
    split and the concatenations of its parts, when the split's
    post-dominator is an attention they cannot join), `horizontal` puts
    contractions that read the same left operand in one group (the q, k and
    v projections), and `prologue` puts a normalization or elementwise group whose only
    consumers are the left operands of one group's contractions into that
    group. Shape equalities are decided by the prover under the function's
    `sym.constraints`: a broadcast input that is not provably of the output's
    shape does not count as elementwise. A group never leaves its region,
    never spans a `relax.match_cast` and never makes the graph cyclic.

    Shapes are inferred first (`--relax-infer-shapes`, option
    `infer-shapes`), so that an importer's output, whose intermediates are
    all `!relax.tensor<*, T>`, fuses as the same program written with its
    shapes does; with `infer-shapes=0` a value whose type is not known is
    left alone.

    Before grouping, reshapes that only regroup rows (an importer's
    `[b, s, k] -> [b * s, k]` around a product) are moved below the products
    and elementwise ops they feed and folded away, as `--relax-sink-reshapes`
    does (option `sink-reshapes`), so that a product and its epilogue are
    adjacent.

    Quantized weights are never unpacked into memory: every op that reads a
    `relax.dequantize` (and the `relax.astype` converting it) gets a copy of
    its own, which joins that op's group before the rules above; an
    embedding lookup (`relax.take` along a leading dim) instead gathers the
    packed rows and their scales and unpacks what it gathered. In the merged
    program the unpacking is fused into the product's loops (the product's
    `K` seen as groups), even where the product reads each weight once per
    row.

    The high-level ops of a group are legalized, and the programs the group
    calls are inlined into one program whose arguments are the group's
    inputs and outputs; its dims are named after the call site's
    expressions, so a dynamic program called with static shapes becomes
    static, and a symbolic value no argument gives becomes a symbolic
    argument. Elementwise producers used once are then fused into their
    consumers (linalg elementwise fusion), so their results are never
    stored. Identical merged programs are shared.

    ```mlir
    %y = relax.matmul %x, %w : (!relax.tensor<[n, 64], f32>, !relax.tensor<[64, 64], f32>) -> !relax.tensor<[n, 64], f32>
    %z = relax.add %y, %b : (!relax.tensor<[n, 64], f32>, !relax.tensor<[64], f32>) -> !relax.tensor<[n, 64], f32>
    %r = relax.relu %z : (!relax.tensor<[n, 64], f32>) -> !relax.tensor<[n, 64], f32>
    // becomes
    %r = relax.call_tir @fused_matmul_add_relu(%x, %w, %b) : (...) -> !relax.tensor<[n, 64], f32>
    ```
  }];
  let options = [
    Option<"inferShapes", "infer-shapes", "bool", /*default=*/"true",
           "First infer the types of graph values (--relax-infer-shapes), so "
           "that fusion sees every shape it can prove">,
    Option<"maxGroupSize", "max-group-size", "int64_t", /*default=*/"256",
           "The most ops one group may hold">,
    Option<"sinkReshapes", "sink-reshapes", "bool", /*default=*/"true",
           "First move row-regrouping reshapes below matmuls and elementwise "
           "ops (--relax-sink-reshapes)">,
    Option<"injectiveConsumers", "injective-consumers", "bool",
           /*default=*/"true",
           "Group an injective op with the injective ops that consume it">,
    Option<"horizontal", "horizontal", "bool", /*default=*/"true",
           "Group contractions that read the same left operand">,
    Option<"prologue", "prologue", "bool", /*default=*/"true",
           "Group a normalization with the contractions it feeds">,
    Option<"remarks", "remarks", "bool", /*default=*/"false",
           "Emit a remark per fused group naming its ops">,
    Option<"dotFile", "dot", "std::string", /*default=*/"\"\"",
           "Write the groups as a Graphviz graph to this file">,
  ];
  let dependentDialects = [
    "::mlir::relax::RelaxDialect", "::mlir::tprog::TProgDialect",
    "::mlir::arith::ArithDialect", "::mlir::cf::ControlFlowDialect",
    "::mlir::linalg::LinalgDialect",
    "::mlir::math::MathDialect", "::mlir::scf::SCFDialect",
    "::mlir::tensor::TensorDialect"
  ];
}

def RelaxInlineConstantArgumentsPass
    : Pass<"relax-inline-constant-arguments", "::mlir::ModuleOp"> {
  let summary = "Make the scalar constants that calls pass constants of the "
                "called tensor programs";
  let description = [{
    A scalar constant that every call of a private tensor program passes as
    the same argument (a `relax.constant` of a 0-d tensor or a splat: the
    exponent of a power, the 0.5 of a GELU, an epsilon) becomes an
    `arith.constant` of the program, and each `linalg.generic` that reads
    a splat constant takes its scalar in the body instead. Importers write
    such constants as graph values, so fusion made them arguments of the
    programs: each was a broadcast load per element, and a power's exponent
    unknown to the code generator (a call of `powf` per element, where
    `x^3` is two products). The argument stays in the signature, unread.

    ```mlir
    %y = relax.call_tir @pow(%x, %c) : (!relax.tensor<[n], f32>, !relax.tensor<[], f32>) -> !relax.tensor<[n], f32>
    // @pow's body reads `math.powf %in, %cst` with %cst = arith.constant 3.0
    ```
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect"];
}

def RelaxLiftTransformParamsPass
    : Pass<"relax-lift-transform-params", "::mlir::ModuleOp"> {
  let summary = "Move what a function computes from its weights alone into "
                "a function called once";
  let description = [{
    A parameter of a public `relax.func` named by `relax.param_name`, of a
    static shape, is a weight. Each pure op whose operands are weights,
    constants or results of such ops moves into a new public function
    `@<name>_transform_params`, which takes the weights those ops read
    (with their `relax.param_name` attributes) and returns the computed
    values that the rest of the function reads. The function then takes its
    other parameters, in order (weights it still reads keep their names; a
    weight only the moved ops read goes), followed by those values, and
    records `relax.transform_params = @<name>_transform_params`.
    A runtime calls the transform once when the weights load (relax-run
    does), and every call of the function skips that work, as TVM's
    `LiftTransformParams` does. A function with no such op is left as it is.

    With `transpose-weights`, every product by a rank-2 weight first reads
    it as `[N, K]` (`transpose_b`): a product by `permute_dims(w)` drops the
    permutation and one by a `[K, N]` weight reads a transposed copy, which
    is lifted. The CPU's products are fastest on that layout: each output
    is a dot product of two contiguous rows, and a one-row product (a decode
    step) reads the weight row by row at the memory bandwidth.

    With `pack-weights=p`, every product by such an `[N, K]` weight (of
    static shape, with a left operand of rank 2 or more) becomes a
    `relax.packed_matmul` by `permute_dims(reshape(w, [N / p, p, K]),
    [0, 2, 1])`: panels of `p` columns, each `K` rows of `p` contiguous
    elements, which the CPU's register tile of `p` columns reads in order.
    A float weight whose N is no multiple of `p` is first padded with zero
    rows to the next multiple (`concat` with a zero constant), and a
    `strided_slice` drops the product's padding columns, when the padding
    is at most an eighth of N (the share of the product it wastes); a
    smaller weight stays a product by the transposed weight.
    The CPU pipeline's tile is two vectors wide: 16 columns of f32 with
    AVX2, 32 with AVX-512; relax-run and relax-compile choose `p` so.

    ```mlir
    relax.func @main(%x: !relax.tensor<[n, 768], f32>,
                     %w: !relax.tensor<[768, 3072], f32> {relax.param_name = "w"})
    // becomes, with transpose-weights:
    relax.func @main_transform_params(%w: !relax.tensor<[768, 3072], f32> {relax.param_name = "w"})
        -> !relax.tensor<[3072, 768], f32>  // relax.permute_dims %w
    relax.func @main(%x: !relax.tensor<[n, 768], f32>, %wt: !relax.tensor<[3072, 768], f32>)
        attributes {relax.transform_params = @main_transform_params}
      // relax.matmul %x, %wt {transpose_b = true}
    ```
  }];
  let options = [
    Option<"transposeWeights", "transpose-weights", "bool", "false",
           "Make products read their rank-2 weights as [N, K], transposing "
           "[K, N] ones once in the transform">,
    Option<"packWeights", "pack-weights", "int64_t", "0",
           "Make products by rank-2 weights relax.packed_matmul by the "
           "weights packed in panels of this many columns, once in the "
           "transform (0: off; implies transpose-weights)">
  ];
  let dependentDialects = ["::mlir::relax::RelaxDialect"];
}

def RelaxTensorParallelPass
    : Pass<"relax-tensor-parallel", "::mlir::ModuleOp"> {
  let summary = "Partition graph functions over the ranks of a grid";
  let description = [{
    A `relax.func` with `relax.grid = @g`, a `shard.grid` of one axis and N
    ranks, is written for the whole model; `relax.split_axes =
    #shard<axisarray[...]>` on a parameter says which dim is cut into N
    consecutive blocks, rank `r` holding block `r` (with
    `relax.split_segments = array<i64: ...>`, the dim is a concatenation of
    segments, such as a fused q/k/v projection, each cut so). The pass
    turns it into the function each rank runs on its blocks, after
    `--relax-infer-shapes` (every split value needs a known rank):

    - splits propagate forward through the op library: elementwise ops and
      their broadcasts, products (a whole left operand by a right one split
      along its columns, rows by a whole right operand, batch dims), reshapes
      that keep the split dim's blocks together (`[b, s, H * D]` to
      `[b, s, H, D]` when `H` is a proven multiple of N), permutations,
      rotary embeddings, attention and the paged KV cache along the heads,
      softmax and normalizations along other dims, concat, and a split into
      a value's segments;
    - a product whose reduction dim is split on both sides is each rank's
      partial sum: `relax.ccl.allreduce` follows it, so a row-parallel
      projection's bias is added after the reduction. A sum, product, max or
      min over the split dim likewise;
    - a result without `relax.split_axes` is gathered
      (`relax.ccl.allgather`); a result with it must be split so;
    - the split dim of every split value's type, the function's signature
      and the shapes reshapes carry are divided by N; a dim that is not a
      proven multiple of N (`#sym.divisible` helps) is an error;
    - an op with a split operand and no rule, a split that does not fit its
      rule (attention whose key heads are whole, a concat along the split
      dim) are located errors.

    The function then records `relax.partitioned = @g` instead of
    `relax.grid`, and keeps the split annotations, from which a runtime cuts
    each parameter's full value. This is Megatron's placement when q, k, v,
    gate and up projections are split along their output columns and the
    output and down projections along their input rows: two all-reduces per
    layer, before the residual adds.

    ```mlir
    shard.grid @tp(shape = 2)
    relax.func @mlp(%x: !relax.tensor<[n, 512], f32>,
                    %w_up: !relax.tensor<[512, 1376], f32> {relax.split_axes = #shard<axisarray[[], [0]]>},
                    %w_down: !relax.tensor<[1376, 512], f32> {relax.split_axes = #shard<axisarray[[0]]>})
        -> !relax.tensor<[n, 512], f32> attributes {relax.grid = @tp}
    // becomes: %w_up [512, 688], %w_down [688, 512],
    //   %y = relax.matmul %h, %w_down ... ; %r = relax.ccl.allreduce %y
    ```
  }];
  let dependentDialects = ["::mlir::relax::RelaxDialect",
                           "::mlir::shard::ShardDialect"];
}

def RelaxAnnotatePatternsPass : Pass<"relax-annotate-patterns", "::mlir::ModuleOp"> {
  let summary = "Record the pattern kind of every tensor program";
  let description = [{
    Analyzes the body of every `tprog.func` (see `analyzePatternKind`) and
    records the result as `relax.pattern_kind = "<kind>"`, which
    `relax.call_tir` reports through `PatternKindOpInterface`. A program that
    already carries the attribute keeps it, so a kind can be set by hand.
  }];
  let dependentDialects = ["::mlir::relax::RelaxDialect"];
}

def RelaxSinkReshapesPass : Pass<"relax-sink-reshapes", "::mlir::ModuleOp"> {
  let summary = "Move row-regrouping reshapes below matmuls and elementwise ops";
  let description = [{
    Importers wrap products in reshapes: torch's `addmm` and HF's Conv1D
    take `[b, s, k]` to `[b * s, k]`, multiply, add the bias, and reshape
    back to `[b, s, n]`. Reshapes are views, which fusion keeps apart, so the
    product's epilogue would be a kernel of its own. A reshape that keeps the
    last dim only regroups rows, and the ops below compute each row on its
    own, so it moves below them:

    - `matmul(reshape(x), w)` becomes `reshape(matmul(x, w))` when `w` is a
      matrix;
    - an elementwise or broadcast op `f(reshape(x), ..., c)` becomes
      `reshape(f(x, ..., c))` when its other operands are reshapes from the
      same shape, scalars or rows, and `x` comes from a product or an
      elementwise op (which `f` can then join);
    - `reshape(reshape(x))` becomes `reshape(x)`, and a reshape to its
      operand's type is removed.

    Shape equalities are decided by the prover under the function's
    `sym.constraints`. `--relax-fuse` runs the same rewrites first (option
    `sink-reshapes`).

    ```mlir
    %r = relax.reshape %x {shape = #sym.shape<[b * s, 64]>} : (!relax.tensor<[b, s, 64], f32>) -> !relax.tensor<[b * s, 64], f32>
    %y = relax.matmul %r, %w : (!relax.tensor<[b * s, 64], f32>, !relax.tensor<[64, 256], f32>) -> !relax.tensor<[b * s, 256], f32>
    %z = relax.add %y, %bias : (!relax.tensor<[b * s, 256], f32>, !relax.tensor<[256], f32>) -> !relax.tensor<[b * s, 256], f32>
    %o = relax.reshape %z {shape = #sym.shape<[b, s, 256]>} : (!relax.tensor<[b * s, 256], f32>) -> !relax.tensor<[b, s, 256], f32>
    // becomes
    %y = relax.matmul %x, %w : (!relax.tensor<[b, s, 64], f32>, !relax.tensor<[64, 256], f32>) -> !relax.tensor<[b, s, 256], f32>
    %o = relax.add %y, %bias : (!relax.tensor<[b, s, 256], f32>, !relax.tensor<[256], f32>) -> !relax.tensor<[b, s, 256], f32>
    ```
  }];
  let dependentDialects = ["::mlir::relax::RelaxDialect"];
}

def RelaxInferShapesPass : Pass<"relax-infer-shapes", "::mlir::ModuleOp"> {
  let summary = "Infer and refine the types of graph values";
  let description = [{
    Computes the type of every value of every `relax.func` from its operands
    and refines the written types with it: unknown ranks and dims (`*`, `?`)
    are filled in, written dims are kept.

    - Graph ops use their shape rules (InferShapeOpInterface), with the
      prover and the function's `sym.constraints`.
    - `relax.call` deduces the callee's symbolic parameters from the
      arguments and substitutes them in the callee's results. Functions are
      processed callees first, and a function's declared results are refined
      from what it returns (dims that use variables bound inside the body
      stay unknown).
    - `relax.call_tir` and friends keep their written output annotation.
    - `relax.match_cast` teaches the prover the equalities it checks.
    - Tuples, shapes and constants are recomputed from their operands;
      dataflow regions yield their refined values.
    - Where the branches of a `relax.if` disagree, the result gets an
      unknown dim (`?`), or an unknown rank when the ranks differ.

    Policy for equalities: a needed equality that is disproven is an error at
    the op; one that is neither proven nor disproven (broadcasting `n`
    against `m`) becomes a run-time check right before the op: a
    `relax.shape` of the actual value matched with `relax.match_cast`
    against the expected one, carrying a message that names the op and the
    dims. The check also teaches the prover the equality for the ops after.
  }];
  let dependentDialects = ["::mlir::relax::RelaxDialect"];
}

def RelaxLowerI1TransfersPass
    : Pass<"relax-lower-i1-transfers", "::mlir::func::FuncOp"> {
  let summary = "Move vectors of i1 to and from memory as bytes";
  let description = [{
    A buffer of `i1` holds one byte per element (the memref lowering sizes
    its elements with `getelementptr`), but LLVM stores a vector of `i1` as
    packed bits: `vector.transfer_write %v : vector<16xi1>, memref<16xi1>`
    lowered to the llvm dialect writes 2 bytes of bits where 16 bytes of
    booleans belong, and a vector read of such a buffer reads bits. This pass
    makes every `vector.transfer_read` and `vector.transfer_write` of a
    buffer of `i1` a transfer of `i8` through the same buffer viewed as
    bytes: a read is compared with zero, a write extended first. Indices,
    masks and permutation maps are kept, so a read of 16 booleans is one
    vector load of 16 bytes. The view is an `unrealized_conversion_cast`
    between the two memref types, whose LLVM descriptors are the same
    struct: after the memref lowering it is a cast of a descriptor to
    itself, which `--reconcile-unrealized-casts` removes. Run it on
    bufferized kernels before the vector lowering (the CPU pipeline does).

    ```mlir
    vector.transfer_write %c, %out[%i] {in_bounds = [true]} : vector<16xi1>, memref<16xi1>
    // becomes
    %bytes = builtin.unrealized_conversion_cast %out : memref<16xi1> to memref<16xi8>
    %e = arith.extui %c : vector<16xi1> to vector<16xi8>
    vector.transfer_write %e, %bytes[%i] {in_bounds = [true]} : vector<16xi8>, memref<16xi8>
    ```
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::vector::VectorDialect",
  ];
}

def RelaxDispatchLibraryPass
    : Pass<"relax-dispatch-library", "::mlir::ModuleOp"> {
  let summary = "Offload graph ops to library functions";
  let description = [{
    Replaces graph ops that a library of the target computes well with
    `relax.call_library` of that library's function, keeping the result
    type; `--relax-legalize` then leaves them alone and the host lowering
    calls the function. Ops the library does not cover are left for
    legalization. Run it after `--relax-infer-shapes`: only ops whose
    result types are fully known are offloaded.

    With `blas`, `relax.matmul` on `f32` whose right operand is a matrix
    becomes `relax.call_library "relax.<target>.sgemm_<a><b>"` (`n`, or `t`
    for a transposed operand): with `target=cpu` the CPU runtime library
    computes it with OpenBLAS, with `target=cuda` the CUDA runtime library
    with cuBLAS and with `target=rocm` the HIP runtime library with hipBLAS,
    on device memory. Leading dims of the left operand are rows of one
    product; a transposed left operand must be a matrix.

    ```mlir
    %y = relax.matmul %x, %w : (!relax.tensor<[b, s, 512], f32>, !relax.tensor<[512, 1376], f32>) -> !relax.tensor<[b, s, 1376], f32>
    // becomes
    %y = relax.call_library "relax.cpu.sgemm_nn"(%x, %w) : (!relax.tensor<[b, s, 512], f32>, !relax.tensor<[512, 1376], f32>) -> !relax.tensor<[b, s, 1376], f32>
    ```

    With `quantized` (`target=cpu` only), a `relax.matmul` of `f32`
    activations by the transposed `relax.dequantize` of `q4_0` or `q8_0`
    weights becomes `relax.call_library "relax.cpu.matmul_<format>"` of the
    activations, the packed data and the scales, which the CPU's
    micro-kernels (librelax_cpu_kernels) compute as llama.cpp does: each
    row of activations quantized to 8-bit blocks of 32 (scale max|x| / 127,
    rounded to nearest even), an integer dot product per block (AVX-512
    VNNI or AVX2, chosen from the CPU that runs it), the blocks summed in
    f32. The weights are never unpacked to memory; the results differ from
    the f32 product by the activations' rounding (about 0.5% of a sum).

    ```mlir
    %w = relax.dequantize %q, %d {format = #relax.quant_format<q4_0>} : (!relax.tensor<[1376, 256], i8>, !relax.tensor<[1376, 16], f16>) -> !relax.tensor<[1376, 512], f32>
    %y = relax.matmul %x, %w {transpose_b = true} : (!relax.tensor<[s, 512], f32>, !relax.tensor<[1376, 512], f32>) -> !relax.tensor<[s, 1376], f32>
    // becomes
    %y = relax.call_library "relax.cpu.matmul_q4_0"(%x, %q, %d) : (!relax.tensor<[s, 512], f32>, !relax.tensor<[1376, 256], i8>, !relax.tensor<[1376, 16], f16>) -> !relax.tensor<[s, 1376], f32>
    ```
  }];
  let options = [
    Option<"target", "target", "std::string", /*default=*/"\"cpu\"",
           "Library to offload to: cpu (the CPU runtime, with OpenBLAS), "
           "cuda (cuBLAS) or rocm (hipBLAS)">,
    Option<"blas", "blas", "bool", /*default=*/"true",
           "Offload f32 matmuls to the target's BLAS">,
    Option<"quantized", "quantized", "bool", /*default=*/"false",
           "Offload matmuls by q4_0 and q8_0 weights to the CPU's "
           "micro-kernels (8-bit activations; target=cpu)">,
  ];
  let dependentDialects = ["::mlir::relax::RelaxDialect"];
}

#endif // RELAX_TRANSFORMS_PASSES_TD
