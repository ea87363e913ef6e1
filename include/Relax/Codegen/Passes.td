//===- Passes.td - Relax codegen passes ----------------------*- tablegen -*-===//
//
// The kernel layer: a chooser per target that records a lowering config on
// every kernel op, and small passes that apply it.
//
//===----------------------------------------------------------------------===//

#ifndef RELAX_CODEGEN_PASSES_TD
#define RELAX_CODEGEN_PASSES_TD

include "mlir/Pass/PassBase.td"

def RelaxCPUSelectLoweringConfigPass
    : InterfacePass<"relax-cpu-select-lowering-config",
                    "::mlir::FunctionOpInterface"> {
  let summary = "Record the CPU lowering config of every linalg op on tensors";
  let description = [{
    Chooses the tiles of every linalg op on tensors that has none recorded
    and records them as `relax_codegen.lowering_config =
    #relax_codegen.cpu_config<tiles = [...], order = [...], peeled = k,
    kind = contraction | dot | windowed>`, which the CPU codegen passes
    apply. Choosing is separate from applying, so that another heuristic, a
    tuner or a person can write the config instead; a config written by hand
    is checked when it is parsed.

    The sizes come from a target description (`#relax_codegen.cpu_target`)
    of the CPU named by `cpu`: `host` (the default) is the machine the pass
    runs on, read through LLVM's host CPU queries; an LLVM CPU name
    (`znver3`, `skylake-avx512`, or `triple:cpu`) cross compiles. A vector
    is one register of the op's widest element type (at least 32 bits): 8
    lanes of f32 with AVX2, 16 with AVX-512. A row-major contraction gets a
    register tile of two vectors per row and as many rows (at most 8) as
    leave a register for each column vector and the broadcast element: 6 x
    16 with AVX2's 16 registers, 8 x 32 with AVX-512's 32. A contraction by
    a transposed matrix gets a tile of 4 columns of vectors of partial sums
    and as many rows (at most 4) as the registers hold: 2 x 4 with AVX2,
    4 x 4 with AVX-512. A product by packed panels (`relax.packed_matmul`)
    gets a contraction tile of the largest power of two of its rows: 4 x
    16 with AVX2, 8 x 32 with AVX-512. When
    a dot tile's operand rows are longer than half of the target's L1 data
    cache holds, its config also gets a
    `reduction_block` (the largest multiple of the vector width that divides
    the static reduction and fits), which `--relax-cpu-tile` computes a
    block at a time; `reduction-blocks=0` turns that off. `vector-width`,
    `contraction-tile` and `dot-tile` override the target's sizes.

    ```mlir
    %r = linalg.exp ins(%x : tensor<?x?xf32>) outs(%y : tensor<?x?xf32>)
        {relax_codegen.lowering_config = #relax_codegen.cpu_config<tiles = [1, 16]>}
        -> tensor<?x?xf32>
    ```
  }];
  let options = [
    Option<"cpu", "cpu", "std::string", /*default=*/"\"host\"",
           "The CPU to choose for: host, or an LLVM CPU name (znver3, "
           "skylake-avx512, x86_64:icelake-server)">,
    Option<"vectorWidth", "vector-width", "int64_t", /*default=*/"0",
           "Elements per vector along the innermost dim (0: one vector "
           "register of the target)">,
    ListOption<"contractionTile", "contraction-tile", "int64_t",
               "Rows and columns of the register tile of a contraction "
               "(default: from the target)">,
    ListOption<"dotTile", "dot-tile", "int64_t",
               "Rows and columns (in vectors of partial sums) of the "
               "register tile of a contraction by a transposed matrix "
               "(default: from the target)">,
    Option<"reductionBlocks", "reduction-blocks", "bool", /*default=*/"true",
           "Block the reduction of dot-product tiles whose operand rows "
           "L1 does not hold (reduction_block)">,
  ];
  let dependentDialects = ["::mlir::relax::codegen::RelaxCodegenDialect"];
}

def RelaxCPUFoldCopiesPass
    : InterfacePass<"relax-cpu-fold-copies", "::mlir::FunctionOpInterface"> {
  let summary = "Read the copies contractions take through the copies' maps";
  let description = [{
    A contraction whose operand is a copy used only there that keeps the
    innermost dim innermost (a transpose of outer dims, a broadcast: the
    transposed queries and keys of attention) reads the copy's input through
    the composed map instead (a linalg.contract's indexing map, or elementwise
    fusion into a contraction written as a generic), so that the copy
    is never materialized in a temporary of the kernel. A recorded lowering
    config stays with the contraction.
  }];
}

def RelaxCPUExpandEpiloguesPass
    : InterfacePass<"relax-cpu-expand-epilogues",
                    "::mlir::FunctionOpInterface"> {
  let summary = "Compute the epilogue of a packed product in its panels";
  let description = [{
    A product by packed weights (`relax.packed_matmul`) computes its output
    as `[..., m, n / p, p]` and collapses it to `[..., m, n]`. An
    elementwise op that reads the collapsed value is expanded to the
    panels' shape instead (its other operands expanded alike, its result
    collapsed), with upstream's reshape-by-expansion folding, so that it
    reads the product's own result and `--relax-cpu-tile` fuses it into the
    product's register tile. Collapses of other values are left alone.
  }];
  let dependentDialects = ["::mlir::tensor::TensorDialect"];
}

def RelaxCPUTileRowsPass
    : InterfacePass<"relax-cpu-tile-rows", "::mlir::FunctionOpInterface"> {
  let summary = "Compute attention and row reductions in tiles of rows";
  let description = [{
    Back-to-back contractions (attention's scores, softmax and product by
    the values), and a batched contraction whose first operand is a softmax
    computed in the same function, are computed in tiles of
    `attention-rows` rows: the second contraction is tiled along its batch
    dims by 1 and its rows, and what produces its first operand is fused
    into the tile, so the probabilities exist one tile of rows at a time.
    With `reduction-rows`, a softmax or a norm that no contraction consumes
    is computed in tiles of rows too (an `scf.forall`), its reductions
    fused into each tile. The tiles of an intermediate become empty tensors
    of their own, and a reduction fused into a tile twice becomes one.
    The ops inside the tiles are then tiled by `--relax-cpu-tile` as any
    other.
  }];
  let options = [
    Option<"attentionRows", "attention-rows", "int64_t", /*default=*/"24",
           "Compute back-to-back contractions (attention) in tiles of this "
           "many rows, fusing what lies between them, so that their "
           "intermediate never exists whole; 0 disables. The default is a "
           "multiple of the contraction tile's rows on AVX2 (6) and AVX-512 "
           "(8): a partial register tile inside a row tile is masked">,
    Option<"reductionRows", "reduction-rows", "int64_t", /*default=*/"0",
           "Compute an elementwise op that reads row reductions (the last "
           "step of a softmax or a norm) in tiles of this many rows, with the "
           "reductions fused into the tiles, so that each row is read by "
           "every pass while it is in cache; 0 disables">,
  ];
  let dependentDialects = [
    "::mlir::scf::SCFDialect", "::mlir::tensor::TensorDialect",
  ];
}

def RelaxCPUTilePass
    : InterfacePass<"relax-cpu-tile", "::mlir::FunctionOpInterface"> {
  let summary = "Tile every linalg op by its recorded CPU lowering config";
  let description = [{
    Tiles every linalg op on tensors that carries a
    `#relax_codegen.cpu_config` and marks each innermost tile with the
    vector sizes it is vectorized with (`relax_codegen.vector_sizes`, which
    `--relax-cpu-vectorize` consumes); an op without a config is an error.

    1. Parallel dims are tiled with `scf.forall` (later run on all cores or
       turned into `scf.for`); the peeled dim by an `scf.for` that is
       peeled, so that full tiles have static shapes and no masks, and the
       rows of the last, partial tile go one at a time, each a tile of one
       row with static shapes too (a one-row product is a GEMV).
    2. Reduction dims are tiled with `scf.for` inside.
    3. A `contraction` becomes `linalg.contract`, which the vectorizer turns
       into one `vector.contract` reading each operand in its own layout; a
       `windowed` tile whose window loops have one iteration reads a strided
       slice of its input through a plain map.

    A register-tiled contraction whose result only an elementwise op reads,
    over the contraction's output space (the epilogue a fused program has:
    bias, activation, residual), is tiled through that op
    (`fuse-epilogues`): the epilogue is tiled by the register tile, and the
    contraction and the fill of its destination are computed tile by tile
    inside its loops (`scf::tileConsumerAndFuseProducersUsingSCF`), so that
    the epilogue works on each tile while it is in registers. An epilogue
    that reads several contractions of the same loops (the gate and up
    projections of SwiGLU) takes them all.

    The CPU codegen pipeline (`--relax-tile-and-vectorize`) canonicalizes
    afterwards, which folds the constant sizes of peeled tiles into their
    types and drops what tiling left dead.
  }];
  let options = [
    Option<"fuseEpilogues", "fuse-epilogues", "bool", /*default=*/"true",
           "Tile a contraction together with the elementwise op that is the "
           "only user of its result, computing the epilogue on each register "
           "tile">,
  ];
  let dependentDialects = [
    "::mlir::affine::AffineDialect", "::mlir::arith::ArithDialect",
    "::mlir::relax::codegen::RelaxCodegenDialect",
    "::mlir::scf::SCFDialect", "::mlir::tensor::TensorDialect",
  ];
}

def RelaxCPUVectorizePass
    : InterfacePass<"relax-cpu-vectorize", "::mlir::FunctionOpInterface"> {
  let summary = "Vectorize the innermost tiles with masked vector ops";
  let description = [{
    Vectorizes every linalg op marked with `relax_codegen.vector_sizes`
    whole, with masked vector ops, so that symbolic dims need no remainder
    loops; reads at computed indices become vector gathers. Ops the
    vectorizer does not support (the windowed maps of pools) stay scalar.
    The mark is removed. Masked transfers then become transfers with a mask
    operand, so that a contraction's accumulator can be hoisted out of its
    reduction loop, and math functions without a vector instruction (exp,
    tanh, erf, log, ...) become polynomial approximations on whole vectors
    instead of a libm call per lane.
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect", "::mlir::math::MathDialect",
    "::mlir::vector::VectorDialect",
  ];
}

def RelaxCPUOptimizeVectorTilesPass
    : InterfacePass<"relax-cpu-optimize-vector-tiles",
                    "::mlir::FunctionOpInterface"> {
  let summary = "Keep accumulators in registers across reduction loops";
  let description = [{
    After vectorization: loop-invariant masks and transfers are hoisted, so
    that a register tile's accumulator is an `scf.for` iter_arg; every
    `scf.for` that accumulates a `vector.multi_reduction` in a vector
    iter_arg carries the unreduced vector instead (lane by lane, masked
    lanes keeping theirs) and reduces across lanes once after the loop;
    masked writes and reads of a tile between a contraction and its epilogue
    are forwarded (same elements, same mask), so the tile is written once;
    and a sum across lanes of as many rows as there are lanes (the 4 x 4
    vectors of 16 partial sums of a dot-product tile) becomes a tree of
    two-source shuffles that gives one vector of the sums.
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect", "::mlir::vector::VectorDialect",
  ];
}

def RelaxCPULowerStridedGathersPass
    : InterfacePass<"relax-cpu-lower-strided-gathers",
                    "::mlir::FunctionOpInterface"> {
  let summary = "Gather from strided buffers through a flat view";
  let description = [{
    The vectorizer reads a tensor at computed indices with a
    `vector.gather` whose index vector is the row-major linear position in
    the tensor (for a 1-D tensor, the position itself). Upstream's LLVM
    lowering adds that index to the address of the gather's offsets, which
    is right only for a buffer laid out contiguously, and it leaves a gather
    from a buffer whose innermost stride is not 1 unlowered. Bufferization
    gives such gathers a view when a kernel reads a slice with a step (a
    `strided_slice` fused into a `take`).

    This pass rewrites every `vector.gather` from a memref that is not
    contiguous in row-major order into a gather from the same memory viewed
    as a flat 1-D buffer: the linear position (the offsets' plus the index)
    is split by the view's sizes and multiplied by its strides. Gathers from
    contiguous buffers and from tensors are left alone. Run it on bufferized
    kernels before `--expand-strided-metadata` and the vector lowering (the
    CPU pipeline does).

    ```mlir
    %g = vector.gather %view[%c0] [%idx], %mask, %pass
        : memref<2xf32, strided<[3]>>, vector<4xindex>, vector<4xi1>, vector<4xf32> into vector<4xf32>
    // becomes a gather from a memref<?xf32> at %idx * 3
    ```
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect", "::mlir::memref::MemRefDialect",
    "::mlir::vector::VectorDialect",
  ];
}

def RelaxCPUSequentialInnerForallsPass
    : InterfacePass<"relax-cpu-sequential-inner-foralls",
                    "::mlir::FunctionOpInterface"> {
  let summary = "Run the loops inside a parallel loop sequentially";
  let description = [{
    A kernel runs one loop over tiles in parallel at a time: the outermost.
    The loops inside one tile of it (the ops of an attention's tile of rows,
    of a softmax's or a norm's) are tiled with `scf.forall` like any other,
    so that they are peeled and vectorized the same way, but on a CPU a
    parallel loop inside a parallel one would only be a nested parallel
    region (OpenMP serializes it, at a cost per region; the async runtime
    can deadlock on it).

    This pass rewrites each `scf.forall` nested in another `scf.forall` into
    a nest of `scf.for` loops (upstream `scf::forallToForLoop`). Run it on
    bufferized kernels, where a `scf.forall` has no results, before
    `--scf-forall-to-parallel` (the CPU pipeline does).

    ```mlir
    scf.forall (%i) in (%n) {
      scf.forall (%j) in (%m) { ... }
    }
    // becomes
    scf.forall (%i) in (%n) {
      scf.for %j = %c0 to %m step %c1 { ... }
    }
    ```
  }];
  let dependentDialects = ["::mlir::scf::SCFDialect"];
}

def RelaxGPUSelectLoweringConfigPass
    : InterfacePass<"relax-gpu-select-lowering-config",
                    "::mlir::FunctionOpInterface"> {
  let summary = "Record the GPU lowering config of every linalg op of a "
                "kernel";
  let description = [{
    Records on every linalg op in the body of a function (a tensor program
    on tensors, as the GPU pipeline runs it before bufferization, which
    keeps the configs; or a kernel function on buffers) that has none the
    schedule `--relax-map-kernels-to-gpu` maps it with, as
    `relax_codegen.lowering_config = #relax_codegen.gpu_config<...>`, for
    blocks of `workgroup-size` threads. The schedule is chosen from the kind
    of the op and its static shapes:

    - `gemv` (32 columns a block): a contraction (one n and one k dim, a
      combiner `gpu.all_reduce` knows) whose m dims are static with at most
      4 rows in all, or absent (a decode step);
    - `tiled_matmul` (64 x 64 output tiles, chunks of 16 along the reduction
      dim, 16 threads along a tile row): any other such contraction (matmul,
      batch matmul, a matmul with broadcast weights);
    - `row_reduction`: an op whose only reduction dim is its innermost loop,
      with a combiner `gpu.all_reduce` knows (add, mul, min, max: softmax,
      norms, mean and sum legalize to these), unless that dim is static and
      shorter than 32, where a thread per output is better;
    - `generic`: everything else, and a schedule whose tiles do not fit
      `workgroup-size` threads.

    Choosing is separate from applying: tests, tuners and experiments can
    record other configs (a config written by hand is checked when it is
    parsed), and `force=generic` records the generic schedule on every op to
    compare against it.

    ```mlir
    linalg.matmul {relax_codegen.lowering_config =
        #relax_codegen.gpu_config<schedule = tiled_matmul, workgroup = 256,
                                  tile = [64, 64, 16], threads = [16, 16]>}
        ins(%a, %b : memref<?x64xf32>, memref<64x?xf32>)
        outs(%c : memref<?x?xf32>)
    ```
  }];
  let options = [
    Option<"workgroupSize", "workgroup-size", "int64_t", /*default=*/"256",
           "Threads per block">,
    Option<"force", "force", "std::string", /*default=*/"\"\"",
           "Record this schedule on every op instead of choosing "
           "(generic, row_reduction, tiled_matmul or gemv)">,
  ];
  let dependentDialects = ["::mlir::relax::codegen::RelaxCodegenDialect"];
}

def RelaxGPUTileToBlocksPass
    : InterfacePass<"relax-gpu-tile-to-blocks",
                    "::mlir::FunctionOpInterface"> {
  let summary = "Tile the ops of block schedules into scf.forall loops over "
                "GPU blocks";
  let description = [{
    Tiles every linalg op on tensors whose GPU lowering config works on
    blocks' tiles into an `scf.forall` whose iterations are the blocks of a
    launch (`#gpu.block<linear_dim_*>`, `linear_dim_0` the fastest), and
    fuses the `linalg.fill` that initializes its output into the tile, so
    that the fill is no launch of its own:

    - `row_reduction` (and a `gemv` whose reduction dim is innermost in the
      weights): the parallel dims by 1, the last the fastest; a row per
      block;
    - `tiled_matmul`: the config's `tile[0]` x `tile[1]` output tile, along
      the innermost m dim and the n dim (the fastest), the other m dims and
      the batch dims by 1; the reduction dim stays whole;
    - `gemv`: `tile[0]` columns of one output row.

    Generic ops, and ops with no parallel dim, are left as they are. The
    block counts are symbolic. `--relax-map-kernels-to-gpu` makes each such
    forall one launch of a 1-D grid of at most 65535 blocks, each block
    striding over the iterations left, and applies the configs of the ops
    in its body with the block's threads, the fused fill as the value the
    accumulators start from. (Upstream's forall-to-blocks mapping takes
    static trip counts only; see docs/design.md.)

    ```mlir
    %r = scf.forall (%i) in (%m) shared_outs(%out = %init) -> tensor<?xf32> {
      %s = tensor.extract_slice %out[%i] [1] [1]
      %f = linalg.fill ins(%zero : f32) outs(%s : tensor<1xf32>)
      %t = linalg.generic {.., iterator_types = ["parallel", "reduction"]}
          ins(%row : tensor<1x?xf32>) outs(%f : tensor<1xf32>) attrs = {
          relax_codegen.lowering_config = #relax_codegen.gpu_config<
              schedule = row_reduction, workgroup = 256>} {..}
      scf.forall.in_parallel { tensor.parallel_insert_slice .. }
    } {mapping = [#gpu.block<linear_dim_0>]}
    ```
  }];
  let dependentDialects = [
    "::mlir::scf::SCFDialect", "::mlir::tensor::TensorDialect",
    "::mlir::gpu::GPUDialect", "::mlir::affine::AffineDialect",
  ];
}

def RelaxGPUTileToThreadsPass
    : InterfacePass<"relax-gpu-tile-to-threads",
                    "::mlir::FunctionOpInterface"> {
  let summary = "Tile the row reductions and GEMVs in blocks' tiles over "
                "the threads of the block";
  let description = [{
    Tiles every row reduction on tensors in a block's tile (an op of a
    `#gpu.block` forall made by `--relax-gpu-tile-to-blocks` whose config is
    `row_reduction`, or a `gemv` whose reduction dim is innermost in the
    weights) over the `workgroup` = W threads of its block:

    - an `scf.forall` of W iterations mapped to `#gpu.thread<x>`, whose
      iteration t is the op on the elements t, t + W, ... of the reduction
      dim (a `tensor.extract_slice` of stride W, so that consecutive threads
      read consecutive elements), started from the combiner's identity in
      slot t of the partial values, a `bufferization.alloc_tensor` in
      `#gpu.address_space<workgroup>`;
    - the merge of the slots (a `linalg.reduce`) with a `row_reduction`
      config: the block's threads combine them with `gpu.all_reduce`.

    The merge comes from the op's `PartialReductionOpInterface`. (Upstream's reduction tiling gives each
    thread a contiguous chunk, or with `PartialReductionOuterReduction`
    keeps every slot in workgroup memory across the chunks of the row,
    which was measured 2.2x slower; see docs/design.md.)

    A `gemv` on `[K, N]` weights (a block's `tile[0]` = C columns of one
    row) is tiled the same way over S = W / C slices of C threads: thread
    (s, c) reduces the rows s, s + S, ... of column c into its slot
    (`#gpu.thread<linear_dim_1>`, `<linear_dim_0>`: consecutive threads read
    consecutive columns of a row; a thread past the columns of a partial
    tile computes the tile's last column again, into its own slot), and the
    merge is tiled into a forall of C threads, each combining its column's
    S slots from the output's fill, fused into it.

    An op whose body reads its indices keeps its block schedule, built in
    the block by `--relax-map-kernels-to-gpu`, which maps the thread foralls
    with upstream's `mapNestedForallToThreadsImpl` inside the launch of
    their block forall, with a barrier after each, and makes the workgroup
    buffers attributions of the launch.

    ```mlir
    %slots = bufferization.alloc_tensor() {memory_space = #gpu.address_space<workgroup>} : tensor<1x256xf32>
    %p = scf.forall (%t) in (256) shared_outs(%s = %slots) -> (tensor<1x256xf32>) {
      %n = affine.max affine_map<(d0)[s0] -> ((-d0 + s0) ceildiv 256, 0)>(%t)[%k]
      %mine = tensor.extract_slice %row[0, %t] [1, %n] [1, 256]
          : tensor<1x?xf32> to tensor<1x?xf32>
      // %r = the op on %mine, from the identity in slot %t
      scf.forall.in_parallel {
        tensor.parallel_insert_slice %r into %s[0, %t] [1, 1] [1, 1]
            : tensor<1xf32> into tensor<1x256xf32>
      }
    } {mapping = [#gpu.thread<x>]}
    %sum = linalg.reduce ins(%p : tensor<1x256xf32>) outs(%fill : tensor<1xf32>)
        dimensions = [1] {relax_codegen.lowering_config = ...}
    ```
  }];
  let dependentDialects = [
    "::mlir::scf::SCFDialect", "::mlir::tensor::TensorDialect",
    "::mlir::gpu::GPUDialect", "::mlir::affine::AffineDialect",
    "::mlir::bufferization::BufferizationDialect", "::mlir::arith::ArithDialect",
  ];
}

def RelaxMapKernelsToGPUPass
    : Pass<"relax-map-kernels-to-gpu", "::mlir::ModuleOp"> {
  let summary = "Map the loops of kernel functions onto GPU blocks and threads";
  let description = [{
    Rewrites every kernel function (a `func.func` marked `relax_codegen.kernel`, on
    buffers; see `--relax-kernels-to-func`) into a host function that launches
    its loops with `gpu.launch`:

    - each linalg op (and each `memref.copy`, as a `linalg.copy`) becomes
      loops: an `scf.parallel` over its parallel dims, its reduction dims as
      sequential `scf.for` loops inside;
    - the dims of each parallel loop are collapsed into one, whose
      iterations go to consecutive threads (`block-size` per block) of a
      one-dimensional grid of `ceildiv(iterations, block-size)` blocks, at
      most 65535, each thread striding over the grid while iterations
      remain; so one kernel serves every value of the symbolic dims: the
      grid is computed at run time from the dims, the block size is
      constant, and no thread idles on a small innermost dim;
    - what accesses memory outside such loops (a full reduction to a scalar)
      runs on one thread;
    - an elementwise op whose innermost dim is static and a multiple of
      `vector-width`, on buffers with identity layouts, steps it by
      `vector-width`: each iteration computes a vector, with `vector.load`
      and `vector.store` aligned to its size (an operand that does not read
      the innermost dim is loaded once and broadcast);
    - every buffer a launch reads or writes is passed as a rank-1 buffer from
      its base pointer with its offset, sizes and strides as index values, and
      accesses are linearized (SPIR-V kernels cannot index a buffer of dynamic
      rank-N shape).

    Temporaries the kernel allocates stay allocations of the host function,
    in device memory (`gpu.alloc`, `gpu.dealloc`; a copy outside a launch is
    a `gpu.memcpy`, a constant is copied to the device), and the GPU claims
    the kernel: its `relax_codegen.kernel` mark goes. Kernels are outlined
    afterwards with `--gpu-kernel-outlining`.

    A kernel cannot stop the program: a `cf.assert` inside a launch (the
    index check of a gather) becomes a store of the check's number to a
    device word when it fails; the host zeroes the word before the launch,
    copies it back after, and asserts it holds no check's number, with that
    check's message.

    An op whose `#relax_codegen.gpu_config` (recorded by
    `--relax-gpu-select-lowering-config`, or by hand) has another schedule
    than `generic` is first replaced by a `gpu.launch` of that schedule,
    with the config's workgroup size and tiles: `row_reduction` (a block per
    output element, threads striding the reduction dim, `gpu.all_reduce`),
    `tiled_matmul` (an output tile per block, the reduction dim in chunks
    through workgroup memory with `gpu.barrier`, each thread accumulating its
    outputs in registers), `gemv` (the threads of a block split the
    reduction dim). Their grids are computed from the symbolic dims and
    clamped to 65535 per dim, blocks looping over the rest. `block-size` is
    the generic schedule's.

    An `scf.forall` mapped to `#gpu.block<...>` (an op tiled on tensors by
    `--relax-gpu-tile-to-blocks`, its fill fused into the tile) becomes one
    launch of a 1-D grid of blocks of the workgroup its ops' configs name:
    one block per iteration up to 65535, the blocks taking the iterations in
    the order of the mapping ids (`linear_dim_0` fastest) and striding over
    the rest. In each block the tile's scheduled op runs on all of its
    threads, starting its accumulators from the value of the fill right
    before it (which is dropped); other ops run on thread 0, with a
    `gpu.barrier` after them. An `scf.forall` mapped to `#gpu.thread<x>` in
    the tile (`--relax-gpu-tile-to-threads`) is mapped to the thread ids by
    upstream's `mapNestedForallToThreadsImpl`, its ops lowered to loops that
    each thread runs (a reduction into one element accumulates in a value),
    with a `gpu.barrier` after each forall, and the tile's workgroup
    allocations become attributions of the launch.
  }];
  let options = [
    Option<"blockSize", "block-size", "int64_t", /*default=*/"256",
           "Threads per block">,
    Option<"vectorWidth", "vector-width", "int64_t", /*default=*/"4",
           "Elements per vector load and store of an elementwise op "
           "(1: scalar accesses)">,
    Option<"maxVectorWidth", "max-vector-width", "int64_t",
           /*default=*/"16",
           "The widest vector the target takes (4 on SPIR-V without the "
           "Vector16 capability); a wider vector-width is an error">,
  ];
  let dependentDialects = [
    "::mlir::affine::AffineDialect",
    "::mlir::arith::ArithDialect",
    "::mlir::gpu::GPUDialect",
    "::mlir::linalg::LinalgDialect",
    "::mlir::memref::MemRefDialect",
    "::mlir::scf::SCFDialect",
    "::mlir::vector::VectorDialect"
  ];
}

def RelaxLowerGPUWorkgroupOpsPass
    : Pass<"relax-lower-gpu-workgroup-ops", "::mlir::gpu::GPUModuleOp"> {
  let summary = "Lower block-wide reductions and workgroup attributions for "
                "SPIR-V kernels";
  let description = [{
    Prepares the kernels of a `gpu.module` bound for SPIR-V (Vulkan, WebGPU)
    or ROCm:

    - `gpu.block_dim` in a kernel with a known block size becomes a
      constant (`convert-gpu-to-rocdl` would read it through the ROCm device
      libraries);

    - every uniform `gpu.all_reduce` of a kernel with a known 1-D block size
      becomes a tree reduction through a workgroup buffer with barriers.
      Upstream's SPIR-V conversion would emit group operations of workgroup
      scope, which Vulkan forbids (non-uniform group operations are limited
      to subgroup scope), and the shuffle-based lowering of
      `populateGpuAllReducePatterns` assumes a subgroup size of 32, which
      Vulkan devices do not promise (lavapipe's is the CPU's vector width);
      barriers and workgroup memory work on every device, WebGPU included.
      With `subgroup-reduce` (Vulkan), each subgroup reduces its values
      with `gpu.subgroup_reduce` (subgroup scope, any subgroup size), its
      first lane stores the result in a workgroup buffer, and after a
      barrier every thread combines the subgroups' results: two barriers
      instead of one per halving;
    - workgroup attributions of `gpu.func`s become `memref.alloc`s at the
      entry, and workgroup allocations get memory space 3, which the SPIR-V
      conversion maps to `Workgroup` variables (it has no pattern for
      attributions, and maps only numeric memory spaces).

    With `attributions-to-allocs=false` (ROCm) only the reductions are
    rewritten, their buffers workgroup attributions: upstream's shuffle
    lowering reads the block size with `gpu.block_dim`, which
    `convert-gpu-to-rocdl` lowers to a call into the ROCm device libraries.
    CUDA keeps both: `convert-gpu-to-nvvm` lowers `gpu.all_reduce` to warp
    shuffles and attributions to shared memory.
  }];
  let options = [
    Option<"attributionsToAllocs", "attributions-to-allocs", "bool",
           /*default=*/"true",
           "Also turn workgroup attributions into workgroup allocations in "
           "memory space 3 (SPIR-V)">,
    Option<"subgroupReduce", "subgroup-reduce", "bool", /*default=*/"false",
           "Reduce within subgroups with gpu.subgroup_reduce and combine "
           "the subgroups' results through workgroup memory, instead of a "
           "tree through workgroup memory (needs subgroup arithmetic: "
           "Vulkan's GroupNonUniformArithmetic)">,
  ];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::memref::MemRefDialect",
    "::mlir::scf::SCFDialect"
  ];
}

def RelaxSinkKernelConstantsPass
    : Pass<"relax-sink-kernel-constants", "::mlir::ModuleOp"> {
  let summary = "Move the constant arguments of outlined kernels into them";
  let description = [{
    After `--gpu-kernel-outlining`, moves each constant that every
    `gpu.launch_func` of a kernel passes as the same argument into the
    kernel. Canonicalization hoists the constants a launch body uses out of
    it, so outlining made them arguments: SPIR-V kernels take no vector
    arguments (the splat of an elementwise op's operand), and each is one
    kernel parameter less. Marks the module a `gpu.container_module`.
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::gpu::GPUDialect"
  ];
}

def RelaxExpandGPUMathPass
    : Pass<"relax-expand-gpu-math", "::mlir::gpu::GPUModuleOp"> {
  let summary = "Expand the math a GPU target has no instruction or library for";
  let description = [{
    Rewrites, in the kernels of a `gpu.module`, the math and arith ops that
    the target's conversion cannot lower into ops it can:

    - every target: `erf` and `erfc` as polynomials; `fpowi`, `ipowi` and
      `exp2` expanded; signed floor and ceiling divisions and float min/max
      expanded into plain arith (`--arith-expand`);
    - `spirv`: also `powf` as `exp2(y * log2|x|)` with C's results selected
      where GLSL's `Pow` is undefined (a negative base: negated for an odd
      exponent, NaN for a fractional one; a NaN operand; a zero exponent);
    - `rocm` (whose conversion calls the device library, which LLVM alone does
      not provide): also `tanh` as a polynomial, `rsqrt` as a division by `sqrt`, and
      `sin`/`cos` with the
      argument reduction in f64 that the CPU uses.
  }];
  let options = [
    Option<"target", "target", "std::string", /*default=*/"\"spirv\"",
           "The target whose conversion follows: spirv, cuda or rocm">,
  ];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::math::MathDialect"
  ];
}

#endif // RELAX_CODEGEN_PASSES_TD
