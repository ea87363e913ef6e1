//===- Pipelines.h - Relax lowering pipelines -------------------*- C++ -*-===//
//
// The pipelines that compile a module of graph functions and tensor programs
// for a target, as typed pass sequences with public options, registered
// once for relax-opt, relax-run and users of the installed package.
//
//===----------------------------------------------------------------------===//

#ifndef RELAX_PIPELINES_PIPELINES_H
#define RELAX_PIPELINES_PIPELINES_H

#include "Relax/Codegen/Passes.h"
#include "Relax/Transforms/Passes.h"

#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassOptions.h"

namespace mlir::relax {

/// How the loops over the tiles of parallel dims run.
enum class CPUParallelism {
  /// On the calling thread.
  None,
  /// As OpenMP worksharing loops (the program needs libomp).
  OpenMP,
  /// As tasks of MLIR's async runtime (the program needs
  /// libmlir_async_runtime).
  Async,
};

/// The options of the graph stage that the CPU and GPU pipelines share, as a
/// mixin over a pass pipeline options struct `Base`.
template <typename Base>
struct GraphStageOptionsMixin : Base {
  template <typename T>
  using Option = ::mlir::detail::PassOptions::Option<T>;

  Option<bool> inferShapes{*this, "infer-shapes",
                           llvm::cl::desc("Run --relax-infer-shapes first"),
                           llvm::cl::init(true)};
  Option<bool> library{
      *this, "library",
      llvm::cl::desc("Offload matmuls to the target's BLAS through its "
                     "runtime library (--relax-dispatch-library): OpenBLAS "
                     "through librelax_cpu_runtime on the CPU, cuBLAS for "
                     "cuda, hipBLAS for rocm"),
      llvm::cl::init(false)};
  Option<bool> fuse{*this, "fuse",
                    llvm::cl::desc("Fuse graph ops into merged tensor programs "
                                   "(--relax-fuse)"),
                    llvm::cl::init(true)};
  Option<bool> planMemory{
      *this, "plan-memory",
      llvm::cl::desc("Plan the storages of graph functions "
                     "(--relax-plan-memory): one arena per function, storages "
                     "reused across symbolic sizes"),
      llvm::cl::init(true)};
  Option<bool> hoistKernelScratch{
      *this, "hoist-kernel-scratch",
      llvm::cl::desc("Make the buffers kernels allocate a destination that "
                     "their callers allocate (--relax-hoist-kernel-scratch), "
                     "planned with the graph's tensors"),
      llvm::cl::init(true)};
};

/// Options of `--relax-lower-to-cpu`: the graph stage's, the CPU codegen
/// passes' and these.
struct CPUPipelineOptions
    : codegen::CPUCodegenOptionsMixin<
          GraphStageOptionsMixin<PassPipelineOptions<CPUPipelineOptions>>> {
  Option<bool> parallel{
      *this, "parallel",
      llvm::cl::desc("Run the loops over tiles of parallel dims on all cores"),
      llvm::cl::init(false)};
  Option<CPUParallelism> runtime{
      *this, "runtime", llvm::cl::desc("Runtime of the parallel loops"),
      llvm::cl::init(CPUParallelism::OpenMP),
      llvm::cl::values(
          clEnumValN(CPUParallelism::OpenMP, "openmp",
                     "OpenMP worksharing loops (the program needs libomp)"),
          clEnumValN(CPUParallelism::Async, "async",
                     "Tasks of MLIR's async runtime (the program needs "
                     "libmlir_async_runtime)"))};
  Option<PagedAttentionForm> pagedAttention{
      *this, "paged-attention",
      llvm::cl::desc("How relax.paged_attention reads the cache "
                     "(--relax-legalize's option)"),
      llvm::cl::init(PagedAttentionForm::Pages),
      llvm::cl::values(
          clEnumValN(PagedAttentionForm::Pages, "pages",
                     "Loops over each token's pages read contiguous blocks"),
          clEnumValN(PagedAttentionForm::Gather, "gather",
                     "Products read each key through the page table"))};
  Option<bool> quantizedKernels{
      *this, "quantized-kernels",
      llvm::cl::desc("Compute products by q4_0 and q8_0 weights with the "
                     "CPU's micro-kernels (librelax_cpu_kernels, "
                     "--relax-dispatch-library=quantized): activations "
                     "quantized to 8-bit blocks, integer dot products"),
      llvm::cl::init(false)};
  Option<bool> planResults{
      *this, "plan-results",
      llvm::cl::desc("Plan returned tensors in the arena too, which the "
                     "function then returns: one allocation per call, whose "
                     "base pointer the caller frees once"),
      llvm::cl::init(false)};
  Option<bool> toLLVM{
      *this, "to-llvm",
      llvm::cl::desc("Lower to the llvm dialect; without it, stop at host "
                     "functions and kernels on memrefs, with scheduled loops "
                     "and vectors (the pipeline can be run again on the "
                     "result, e.g. after adding a driver)"),
      llvm::cl::init(true)};

  /// The parallelism the options select.
  CPUParallelism getParallelism() const {
    return parallel ? runtime.getValue() : CPUParallelism::None;
  }
};

/// Adds the CPU pipeline to `pm` (anchored on a module): shape inference,
/// legalization, explicit allocation, memory planning, the CPU schedule of the
/// kernels, their bufferization, the host lowering, and the lowering of both to
/// the llvm dialect.
void buildRelaxLowerToCPUPipeline(OpPassManager &pm,
                                  const CPUPipelineOptions &options);

/// The CPU pipeline in its two halves, which buildRelaxLowerToCPUPipeline
/// runs one after the other: through memory planning (graph functions on
/// explicit storages, kernels compiled), with each function's planned peak
/// recorded when `recordPlan` (`--relax-plan-memory=record=1`); then the
/// host lowering and, with to-llvm, the llvm dialect.
void buildRelaxCPUPlanningStages(OpPassManager &pm,
                                 const CPUPipelineOptions &options,
                                 bool recordPlan = false);
void buildRelaxCPUHostStages(OpPassManager &pm,
                             const CPUPipelineOptions &options);

/// The same with the parallelism and the library offload given directly.
void buildRelaxLowerToCPUPipeline(
    OpPassManager &pm, CPUParallelism parallelism = CPUParallelism::None,
    bool library = false);

/// The GPU targets of `--relax-lower-to-gpu`.
enum class GPUTarget {
  /// NVVM, PTX and a cubin through ptxas.
  CUDA,
  /// ROCDL and an HSACO code object through LLVM's AMDGPU backend and lld.
  ROCm,
  /// SPIR-V for Vulkan 1.1 and later.
  Vulkan,
  /// SPIR-V within WebGPU's limits (32-bit types, no 64-bit integers).
  WebGPU,
};

/// What the GPU pipeline embeds for the kernels.
enum class GPUBinaryFormat {
  /// The target's binary (a cubin, an HSACO code object, SPIR-V).
  Binary,
  /// Its assembly (PTX, AMDGPU assembly).
  Assembly,
  /// LLVM bitcode.
  Offload,
};

/// Options of `--relax-lower-to-gpu`: the graph stage's and these.
struct GPUPipelineOptions
    : GraphStageOptionsMixin<PassPipelineOptions<GPUPipelineOptions>> {
  Option<GPUTarget> target{
      *this, "target", llvm::cl::desc("The GPU target"),
      llvm::cl::init(GPUTarget::CUDA),
      llvm::cl::values(
          clEnumValN(GPUTarget::CUDA, "cuda", "NVIDIA GPUs: PTX, cubin"),
          clEnumValN(GPUTarget::ROCm, "rocm", "AMD GPUs: HSACO"),
          clEnumValN(GPUTarget::Vulkan, "vulkan", "Vulkan: SPIR-V"),
          clEnumValN(GPUTarget::WebGPU, "webgpu",
                     "WebGPU: SPIR-V within WebGPU's limits"))};
  Option<std::string> chip{
      *this, "chip",
      llvm::cl::desc("The GPU architecture (default: sm_80 for cuda, gfx90a "
                     "for rocm)")};
  Option<int64_t> blockSize{
      *this, "block-size",
      llvm::cl::desc("Threads per block (default: 256 for cuda and rocm, 128 "
                     "for vulkan and webgpu)"),
      llvm::cl::init(0)};
  Option<int64_t> vectorWidth{
      *this, "vector-width",
      llvm::cl::desc("Elements per vector load and store of the elementwise "
                     "ops of the generic schedule (1: scalar accesses)"),
      llvm::cl::init(4)};
  Option<std::string> schedule{
      *this, "schedule",
      llvm::cl::desc("Map every kernel op with this GPU schedule instead of "
                     "choosing per op (--relax-gpu-select-lowering-config "
                     "force=; "
                     "generic compares against the one-thread-per-output "
                     "mapping)"),
      llvm::cl::init("")};
  Option<GPUBinaryFormat> format{
      *this, "format",
      llvm::cl::desc("What --gpu-module-to-binary embeds"),
      llvm::cl::init(GPUBinaryFormat::Binary),
      llvm::cl::values(
          clEnumValN(GPUBinaryFormat::Binary, "bin",
                     "The target's binary: cubin, HSACO or SPIR-V"),
          clEnumValN(GPUBinaryFormat::Assembly, "isa",
                     "PTX or AMDGPU assembly (SPIR-V is always binary)"),
          clEnumValN(GPUBinaryFormat::Offload, "llvm",
                     "LLVM bitcode of the kernels"),
          clEnumValN(GPUBinaryFormat::Offload, "offload",
                     "LLVM bitcode of the kernels"))};
  Option<bool> subgroups{
      *this, "subgroups",
      llvm::cl::desc("Reduce across a block with subgroup operations and "
                     "workgroup memory (vulkan: needs subgroup arithmetic in "
                     "compute shaders, which lavapipe and desktop GPUs have); "
                     "without it, with a tree through workgroup memory"),
      llvm::cl::init(true)};
  Option<bool> shaderF16{
      *this, "shader-f16",
      llvm::cl::desc("webgpu: compute f16 in f16 (WGSL `enable f16`; the "
                     "device must have the `shader-f16` feature, which "
                     "SwiftShader, hence Chrome without a GPU, lacks); "
                     "without it, in f32 on packed f16 storage"),
      llvm::cl::init(false)};
  Option<std::string> toolkit{
      *this, "toolkit",
      llvm::cl::desc("The CUDA or ROCm toolkit (default, found when the "
                     "project is built: for CUDA the one whose ptxas is found; "
                     "for ROCm a directory whose llvm/bin/ld.lld is LLVM 22's "
                     "lld)")};
  Option<bool> toBinary{
      *this, "to-binary",
      llvm::cl::desc("Compile the gpu.modules to binaries; without it, stop "
                     "at gpu.modules in the target's dialect"),
      llvm::cl::init(true)};
  Option<bool> toLLVM{
      *this, "to-llvm",
      llvm::cl::desc("Lower the host code to the llvm dialect (with runtime "
                     "calls of the mgpu* interface)"),
      llvm::cl::init(true)};

  /// The block size the options select.
  int64_t getBlockSize() const;
  /// The chip the options select.
  std::string getChip() const;
};

/// Adds the GPU pipeline to `pm` (anchored on a module): the graph pipeline
/// as on the CPU, kernels on buffers mapped onto blocks and threads and
/// outlined into gpu.modules, host buffers in device memory, the kernels
/// compiled for the target and embedded as binaries, and the host code
/// lowered to the llvm dialect with calls of the GPU runtime.
void buildRelaxLowerToGPUPipeline(OpPassManager &pm,
                                  const GPUPipelineOptions &options);

/// The GPU pipeline in its two halves, as for the CPU: through memory
/// planning (with each function's planned peak recorded when `recordPlan`),
/// then the host lowering, the kernels on blocks and threads, their
/// binaries and the llvm dialect.
void buildRelaxGPUPlanningStages(OpPassManager &pm,
                                 const GPUPipelineOptions &options,
                                 bool recordPlan = false);
void buildRelaxGPUHostStages(OpPassManager &pm,
                             const GPUPipelineOptions &options);

/// Registers `--relax-lower-to-cpu` and `--relax-lower-to-gpu`.
void registerRelaxPipelines();

} // namespace mlir::relax

#endif // RELAX_PIPELINES_PIPELINES_H
