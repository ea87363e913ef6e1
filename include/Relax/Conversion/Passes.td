//===- Passes.td - Relax conversion passes -----------------*- tablegen -*-===//

#ifndef RELAX_CONVERSION_PASSES_TD
#define RELAX_CONVERSION_PASSES_TD

include "mlir/Pass/PassBase.td"

def RelaxToFuncPass : Pass<"relax-to-func", "::mlir::ModuleOp"> {
  let summary = "Lower graph functions to host functions on memrefs";
  let description = [{
    Converts every `relax.func`, after explicit allocation
    (`--relax-explicit-alloc`), into a `func.func` on memrefs, by conversion
    patterns with a 1:N type converter (see `RelaxToFunc.h`):

    - ranked tensors become memrefs with the identity layout, storages
      `memref<?xi8>`, shapes one `index` per dim; tuples exist only at
      compile time: a tuple parameter, result, call operand or branch result
      becomes its leaves, in order (nested tuples flattened);
    - symbolic variables are read once where they are bound (arguments,
      `relax.match_cast`) with `sym.dim`; dims that repeat a variable or are
      expressions are checked with `sym.assert_eq`, whose message names the
      value and the expected dim; the `sym.constraints` ranges and
      divisibility are checked with `cf.assert` and then recorded with
      `sym.assume`, so that later code (and upstream range analyses) rely on
      them; expressions are evaluated with `sym.eval` where they are used;
    - `relax.alloc_storage` becomes `memref.alloc` of its byte size,
      `relax.alloc_tensor` a `memref.view` at its offset, `relax.kill_storage`
      `memref.dealloc` (a killed tensor in a storage needs nothing; other
      killed tensors are deallocated), `relax.view` a
      `memref.reinterpret_cast` with row-major strides and
      `relax.copy_tensor` `memref.copy`;
    - `relax.if` becomes `scf.if` on the `i1` (or the element of a rank-0
      `i1` tensor); a branch that yields a more static type is cast to the
      result's;
    - `relax.call`, returns, tuples, shapes and casts map one to one;
      constants become private `memref.global`s;
    - `relax.call_tir_dps` calls the kernel function (see
      `--relax-kernels-to-func`) and `relax.call_library_dps "a.b"` calls the
      external function `a_b` (declared on first use, with
      `llvm.emit_c_interface`) with every buffer as an unranked memref. With
      `target=cpu` the CPU claims the kernels: their `relax_codegen.kernel`
      marks go. With `target=gpu` they stay, for `--relax-map-kernels-to-gpu`
      to claim.

    With `target=gpu` the host functions keep their buffers in device memory
    (the GPU patterns of `RelaxToFunc.h`, over the same type converter):

    - storages become `gpu.alloc` and their kills `gpu.dealloc`, and so do
      tensors outside a storage; `relax.copy_tensor` becomes `gpu.memcpy`
      (a reshaped view is recast to the identity layout it has);
    - constants are `memref.global`s in host memory, copied to a device
      buffer where they are used, which is freed when the block ends unless
      the block returns it;
    - the condition of a `relax.if` in device memory is read through a host
      copy;
    - every public function `@f` keeps its contract on host memory: it
      becomes a wrapper that copies its buffer arguments to the device,
      calls the device version `@f_device`, copies the results back into new
      host buffers and frees the device buffers (each once, as a result may
      be an argument). `@f_device` stays public, with the C interface, for
      programs that keep their buffers on the device across calls: its
      buffer arguments are device memory, and so are its results, which the
      caller frees with the GPU runtime (`mgpuMemFree`) unless one is an
      argument. Calls between graph functions call the device versions.

    Graph ops that are not legalized, calls that allocate implicitly and
    dataflow regions are reported as errors naming the pass to run first.
    Public functions get `llvm.emit_c_interface`.
  }];
  let options = [
    Option<"target", "target", "::mlir::relax::HostTarget",
           /*default=*/"::mlir::relax::HostTarget::CPU",
           "The target whose host this is",
           [{::llvm::cl::values(
             clEnumValN(::mlir::relax::HostTarget::CPU, "cpu",
                        "The CPU: kernels become plain functions"),
             clEnumValN(::mlir::relax::HostTarget::GPU, "gpu",
                        "A GPU: kernels stay marked for the GPU passes"))}]>,
  ];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::cf::ControlFlowDialect",
    "::mlir::func::FuncDialect",
    "::mlir::gpu::GPUDialect",
    "::mlir::memref::MemRefDialect",
    "::mlir::scf::SCFDialect",
    "::mlir::sym::SymDialect"
  ];
}

def RelaxKernelsToFuncPass : Pass<"relax-kernels-to-func", "::mlir::ModuleOp"> {
  let summary = "Turn tensor programs into kernel functions on buffers";
  let description = [{
    Replaces every `tprog.func @f` by a `func.func @f_kernel` marked
    `relax_codegen.kernel` (the suffix keeps kernels named after their op, `exp` or
    `sin`, from taking the place of the C library's functions) that takes a
    memref (identity layout) per tensor parameter and returns
    nothing: the body reads its tensors with `bufferization.to_tensor`
    (`restrict`, and `writable` for destinations) and writes each returned
    value into its destination with `bufferization.materialize_in_destination`.
    With `bufferize` (the default), the body is then bufferized with
    One-Shot Bufferize, which makes it write its destinations in place (a
    kernel never copies its result into a new buffer), and what it allocates
    inside is freed by the ownership-based deallocation (the
    `bufferization.dealloc` ops it leaves are simplified and lowered by
    `--buffer-deallocation-simplification` and
    `--bufferization-lower-deallocations`). Each kernel is bufferized on its
    own: host functions are not touched.

    ```mlir
    tprog.func private @exp(%x: tensor<?xf32> {sym.shape = #sym.shape<[d0]>},
                            %y: tensor<?xf32> {sym.shape = #sym.shape<[d0]>, tprog.output})
        -> tensor<?xf32> {
      %r = linalg.exp ins(%x : tensor<?xf32>) outs(%y : tensor<?xf32>) -> tensor<?xf32>
      tprog.return %r : tensor<?xf32>
    }
    // becomes
    func.func private @exp_kernel(%x: memref<?xf32> {sym.shape = #sym.shape<[d0]>},
                           %y: memref<?xf32> {sym.shape = #sym.shape<[d0]>})
        attributes {relax_codegen.kernel} {
      %xt = bufferization.to_tensor %x restrict : memref<?xf32> to tensor<?xf32>
      %yt = bufferization.to_tensor %y restrict writable : memref<?xf32> to tensor<?xf32>
      %r = linalg.exp ins(%xt : tensor<?xf32>) outs(%yt : tensor<?xf32>) -> tensor<?xf32>
      bufferization.materialize_in_destination %r in restrict writable %y : (tensor<?xf32>, memref<?xf32>) -> ()
      return
    }
    ```
  }];
  let options = [
    Option<"bufferize", "bufferize", "bool", /*default=*/"true",
           "Bufferize the bodies and free their temporary buffers">,
  ];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::bufferization::BufferizationDialect",
    "::mlir::func::FuncDialect",
    "::mlir::memref::MemRefDialect",
    "::mlir::relax::RelaxDialect",
    "::mlir::scf::SCFDialect"
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
    and the tile's workgroup allocations become attributions of the launch;
    a scheduled op that reads workgroup memory starts with a `gpu.barrier`.
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
      barriers and workgroup memory work on every device, WebGPU included;
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

def RelaxGPUToSPIRVPass : Pass<"relax-gpu-to-spirv", "::mlir::ModuleOp"> {
  let summary = "Convert the kernels of gpu.modules to SPIR-V modules inside them";
  let description = [{
    Converts every `gpu.module` whose target is a `#spirv.target_env` (see
    `--spirv-attach-target`) into a `spirv.module` placed inside it, where
    `--gpu-module-to-binary` serializes it: the kernels' workgroup sizes come
    from their `known_block_size`, and the GPU, SCF,
    arith, math, memref and func ops are converted with the upstream
    patterns (math without a SPIR-V instruction is expanded first by
    `--relax-expand-gpu-math`). Kernel arguments get descriptor set 0 and
    bindings in order, buffers first: the scalar arguments of a kernel are
    moved after its buffers (in the kernel and in every `gpu.launch_func` of
    it) and share one binding, the last, a storage buffer holding a struct
    of them (upstream's ABI gives each scalar a storage buffer of its own,
    and devices bind few per kernel: WebGPU guarantees 8).
    `max-storage-buffers` makes a kernel that binds more an error.
  }];
  let options = [
    Option<"maxStorageBuffers", "max-storage-buffers", "int64_t",
           /*default=*/"0",
           "Reject a kernel that binds more storage buffers than this "
           "(0: no limit)">,
    Option<"use64bitIndex", "use-64bit-index", "bool", /*default=*/"false",
           "Use 64-bit integers for index values in kernels">,
    Option<"webgpu", "webgpu", "bool", /*default=*/"false",
           "Prepare the kernels for WebGPU, as --spirv-webgpu-prepare does "
           "(without merging blocks, which can leave pointer phis)">,
  ];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::memref::MemRefDialect",
    "::mlir::spirv::SPIRVDialect",
    "::mlir::vector::VectorDialect"
  ];
}

def ConvertSymToArithPass : Pass<"convert-sym-to-arith"> {
  let summary = "Lower the sym run-time ops to arith, memref, tensor and cf";
  let description = [{
    `sym.eval` becomes arith ops on `index` (floor division and modulus),
    `sym.dim` `memref.dim` / `tensor.dim` (a constant for static dims),
    `sym.assert_eq` an `arith.cmpi` and a `cf.assert` with its message, and
    `sym.assume` its input. With `lower-assumes=false` the assumptions stay,
    so that a range analysis (`--int-range-optimizations`) run next uses the
    ranges of `sym.constraints` to fold comparisons and remove checks; run
    the pass again afterwards.
  }];
  let options = [
    Option<"lowerAssumes", "lower-assumes", "bool", /*default=*/"true",
           "Replace sym.assume by its input">,
  ];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::cf::ControlFlowDialect",
    "::mlir::memref::MemRefDialect",
    "::mlir::tensor::TensorDialect"
  ];
}

def RelaxLowerChecksPass : Pass<"relax-lower-checks", "::mlir::ModuleOp"> {
  let summary = "Lower run-time checks to reports through the runtime's error "
                "callback";
  let description = [{
    A `cf.assert` that fails calls `relaxReportError(message)` of the runtime
    library (`include/Relax/Runtime/RelaxRuntime.h`), whose handler writes
    `error: run-time check failed: <message>` to stderr unless the program
    installed its own, and its function returns at once with poison results.
    Every call of a function that can fail is followed by a look at
    `relaxGetError()`, returning when it is set, so an error returns through
    every compiled caller to the program, which reads `relaxGetError()`.
    Nothing aborts: upstream's lowering prints to stdout, where the message
    is lost in a buffered pipe, and kills the process.

    A check nested in a region (a parallel loop) cannot return: it reports
    and execution goes on, so the code around it must stay in bounds, and
    the function returns after the op that holds it. Buffers allocated
    before a failed check are freed by `--relax-release-on-check-failure`,
    which runs before; a call it marked `relax.errors_released` already
    returns when it leaves an error. The rewrite is linear in the number
    of checks (blocks are split from their end, one global per distinct
    message). Run it before `--convert-cf-to-llvm` and `--convert-func-to-llvm`;
    the program links `librelax_runtime`.
  }];
  let dependentDialects = [
    "::mlir::LLVM::LLVMDialect",
    "::mlir::cf::ControlFlowDialect",
    "::mlir::func::FuncDialect"
  ];
}

def RelaxReleaseOnCheckFailurePass
    : Pass<"relax-release-on-check-failure", "::mlir::ModuleOp"> {
  let summary = "Free the buffers a function owns when a run-time check fails";
  let description = [{
    Makes each run-time check (`cf.assert`) and each call of a function that
    can fail, in the body of a function on memrefs, free the buffers the
    function owns at that point before it returns with the error: its
    `memref.alloc`s and the buffers that calls returned to it which it
    deallocates later, made on every path to the point (their definition
    dominates it) and freed on none (no `memref.dealloc` of theirs lies on
    a path from the definition to the point).
    Buffers the function returns are among them: no caller receives them
    when it fails.

    A check becomes a branch on its condition to a block that deallocates
    those buffers and fails the check; a call is followed by a look at
    `relaxGetError()` and a branch to such a block, and is marked
    `relax.errors_released` for `--relax-lower-checks`, which turns the
    failing check into the report (the first error is the one recorded) and
    the return. Points nested in regions are left as they are: run it on
    control flow graphs (after `--convert-scf-to-cf`), before the memrefs
    are lowered. A function with a deallocation it cannot trace to an
    allocation or a call's result (through views) is left as it is.

    ```mlir
    %a = memref.alloc(%n) : memref<?xf32>
    cf.assert %ok, "dim 0 must be 4"
    ```
    becomes
    ```mlir
    %a = memref.alloc(%n) : memref<?xf32>
    cf.cond_br %ok, ^rest, ^release
  ^release:
    memref.dealloc %a : memref<?xf32>
    cf.assert %false, "dim 0 must be 4"
    cf.br ^rest
  ^rest:
    cf.assert %ok, "dim 0 must be 4"
    ```
  }];
  let dependentDialects = [
    "::mlir::LLVM::LLVMDialect",
    "::mlir::arith::ArithDialect",
    "::mlir::cf::ControlFlowDialect",
    "::mlir::memref::MemRefDialect"
  ];
}

def RelaxLimitCallDepthPass
    : Pass<"relax-limit-call-depth", "::mlir::ModuleOp"> {
  let summary = "Check the depth of recursive calls at run time";
  let description = [{
    Every `func.func` that can call itself, directly or through others (a
    cycle of the call graph), starts with
    `func.call @relaxEnterCall() : () -> i32` and a `cf.assert` that it
    returned non-zero, and calls `@relaxLeaveCall()` before each return.
    The runtime library counts the depth per thread and refuses a call past
    `relaxSetMaxCallDepth` (10,000 unless set): recursion without a base case
    then fails with a located message through the error callback
    (`--relax-lower-checks`) instead of overflowing the stack or, once LLVM
    has turned a tail call into a loop, never returning. Functions outside
    cycles are left as they are. `relaxClearError` resets the depth, since a
    failed check returns from every call without leaving it.
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::cf::ControlFlowDialect",
    "::mlir::func::FuncDialect"
  ];
}

#endif // RELAX_CONVERSION_PASSES_TD
