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
    Public functions get `llvm.emit_c_interface` and `always_inline`: the
    C interface's wrapper passes each buffer as its descriptor's fields, and
    for a model's weights that call has thousands of stack arguments, which
    LLVM's instruction selection takes seconds to lower; inlined into the
    wrapper, the call is gone.
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

def RelaxSPIRVPreserveNonFinitePass
    : Pass<"relax-spirv-preserve-nonfinite", "::mlir::spirv::ModuleOp"> {
  let summary = "Ask the driver to keep f32 NaN, infinities and signed zeros "
                "in every entry point";
  let description = [{
    Vulkan lets a driver assume that f32 values are never NaN, infinite or
    negative zero unless a shader declares the `SignedZeroInfNanPreserve`
    execution mode (SPV_KHR_float_controls); without it lavapipe folds the
    NaN of a negative base's fractional power to 0. The CPU's IEEE results
    (that NaN, a max or an argmax over NaN) need the mode, which this pass
    adds for 32-bit floats to every `spirv.EntryPoint` (run it after
    `--spirv-lower-abi-attrs`, which creates them, and before
    `--spirv-update-vce`, which then requires the capability and extension).
    WGSL has no such mode: WebGPU kernels do not get it.
  }];
}

def RelaxSPIRVToWGSLPass : Pass<"relax-spirv-to-wgsl", "::mlir::ModuleOp"> {
  let summary = "Replace the WebGPU kernels' gpu.modules by gpu.binary ops "
                "holding their WGSL";
  let description = [{
    Browsers take WebGPU shaders only in WGSL. For every `gpu.module` whose
    SPIR-V target environment has the WebGPU client API (see
    `--relax-gpu-to-spirv`), prints the entry point of its `spirv.module`
    as a WGSL module and replaces the `gpu.module` by a `gpu.binary` of that
    name whose one object (format `bin`) is the WGSL text, which the
    runtime's `mgpuModuleLoad` receives.

    The text starts with a line `// relax.webgpu.kernel {...}` that
    describes the kernel's interface in JSON: the kernel and entry point
    names, the workgroup size and workgroup memory, and each binding in
    launch order: a storage buffer with its access (`read` or `read_write`),
    element type, element size and rank, then the uniform struct of the
    scalars with each member's offset and size.

    Storage buffers that the kernel writes are `read_write`, the others
    `read`, except where a launch passes a view of memory that another
    argument of the same launch writes (an arena): WebGPU forbids a buffer
    bound read-only and writable in one dispatch. Scalars are one
    `var<uniform>` struct, whose values the uniformity analysis treats as
    uniform (barriers in loops they bound are valid). Sub-word buffers that
    the SPIR-V lowering writes with atomics are arrays of `atomic<i32>`.
    Without `shader-f16`, f16 is computed in f32 and f16 buffers are arrays
    of u32 words of two elements (`unpack2x16float`; stores round with
    `pack2x16float` and replace their half of the word with atomics).
    A kernel that needs 64-bit types, more than
    `max-storage-buffers` storage buffers, a workgroup over 256 invocations
    or more than 16 KiB of workgroup memory is a located error.
  }];
  let options = [
    Option<"maxStorageBuffers", "max-storage-buffers", "int64_t",
           /*default=*/"8",
           "Storage buffers a kernel may bind "
           "(maxStorageBuffersPerShaderStage)">,
    Option<"shaderF16", "shader-f16", "bool", /*default=*/"false",
           "Compute in f16 (`enable f16;`: the device has the `shader-f16` "
           "feature); without it f16 values are computed in f32 and f16 "
           "buffers hold two elements per u32 word">,
  ];
  let dependentDialects = ["::mlir::gpu::GPUDialect"];
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

def RelaxCheckAllocationsPass
    : Pass<"relax-check-allocations", "::mlir::func::FuncOp"> {
  let summary = "Check at run time that each top-level allocation succeeded";
  let description = [{
    Follows every `memref.alloc` in the body of a function (not nested in a
    loop or another region, where a failed check could not return) with a
    `cf.assert` that its pointer is not null unless it has no elements, with
    the message `out of memory: cannot allocate <type> at <location>`. The
    graph's storages (the arena of a planned function, each unplanned
    tensor) are such allocations: a size the machine cannot give is then a
    report through the runtime's error callback and exit 1
    (`--relax-lower-checks`), not a write through a null pointer. Run it on
    memrefs, before `--relax-release-on-check-failure` and the lowering of
    memref to llvm.

    ```mlir
    %a = memref.alloc(%n) : memref<?xi8>
    %p = memref.extract_aligned_pointer_as_index %a : memref<?xi8> -> index
    %null = arith.cmpi eq, %p, %c0 : index
    %empty = arith.cmpi eq, %n, %c0 : index
    %ok = arith.ori %empty, ... (not %null)
    cf.assert %ok, "out of memory: cannot allocate memref<?xi8> at f.mlir:3:8"
    ```
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::cf::ControlFlowDialect",
    "::mlir::memref::MemRefDialect"
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
    which runs before; a call or an op holding checks that it marked
    `relax.errors_released` already returns when it leaves an error. The rewrite is linear in the number
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
    `memref.alloc`s and `gpu.alloc`s and the buffers that calls returned to
    it which it deallocates later, made on every path to the point (their
    definition dominates it) and freed on none (no `memref.dealloc` or
    `gpu.dealloc` of theirs lies on a path from the definition to the
    point). A device buffer is freed as `--gpu-async-region` writes
    deallocations: `gpu.dealloc async` on a stream of its own, waited for.
    Buffers the function returns are among them: no caller receives them
    when it fails.

    A check becomes a branch on its condition to a block that deallocates
    those buffers and fails the check; a call is followed by a look at
    `relaxGetError()` and a branch to such a block, and is marked
    `relax.errors_released` for `--relax-lower-checks`, which turns the
    failing check into the report (the first error is the one recorded) and
    the return. A check or call nested in a region (a parallel loop, which
    cannot branch out) makes the op of the body that holds it the point: it
    is followed by the look at the error like a call, and marked the same
    way. A deallocation nested in an op counts as if that op always ran (the
    buffer may leak, but is never freed twice). Run it before the memrefs are
    lowered, best on control flow graphs (after `--convert-scf-to-cf`). A
    function with a deallocation it cannot trace to an allocation or a
    call's result (through views) is left as it is.

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
    "::mlir::gpu::GPUDialect",
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
