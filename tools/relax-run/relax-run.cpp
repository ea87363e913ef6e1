//===- relax-run.cpp - Compile a relax module and run it ------------------===//
//
// Compiles what one graph function of a relax module reaches with
// --relax-lower-to-cpu (or, with --device, --relax-lower-to-gpu, whose host
// code calls a GPU runtime library), JIT-loads it with the MLIR ExecutionEngine, and runs
// the function on .npy inputs (or seeded random inputs of given sizes).
// Sizes and inputs are checked against the function's symbolic signature
// and constraints before anything is allocated or called, and a run-time
// check of the compiled code that fails ends the run the same way (it
// reports through the runtime library's error callback and returns): an
// error message and exit code 1. Writes the results as .npy and prints the time
// per call.
//
//===----------------------------------------------------------------------===//

#include "FillAllocations.h"
#include "Npy.h"
#include "Random.h"
#include "RunLibrary.h"
#include "Sizes.h"
#include "TensorParallel.h"
#include "Weights.h"

#include "Relax/Conversion/Passes.h"
#include "Relax/Dialect/Relax/IR/RelaxOps.h"
#include "Relax/Dialect/Relax/IR/RelaxTensorParallel.h"
#include "Relax/Dialect/Sym/IR/SymShapeMatch.h"
#include "Relax/Dialect/TProg/IR/TProgOps.h"
#include "Relax/InitAll.h"
#include "Relax/Pipelines/Pipelines.h"
#include "Relax/Runtime/DeviceMemory.h"
#include "Relax/Runtime/RelaxRuntime.h"
#include "Relax/Tools/Devices.h"
#include "Relax/Tools/LLVMOptimizer.h"
#include "Relax/Tools/ParserHazards.h"
#include "Relax/Tools/ToolSupport.h"
#include "Relax/Transforms/Passes.h"

#include "mlir/ExecutionEngine/ExecutionEngine.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/OpenMP/OpenMPToLLVMIRTranslation.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/ExecutionEngine/Orc/JITTargetMachineBuilder.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/DynamicLibrary.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Support/thread.h"
#include "llvm/Target/TargetMachine.h"

#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <numeric>

#ifdef __GLIBC__
#include <malloc.h>
#endif

using namespace mlir;
using relax_run::Array;
using relax_run::ElementLayout;
using sym::SymExprAttr;

namespace cl = llvm::cl;

/// relax-run's own options. `--help` shows only these (and --help,
/// --version); `--help-hidden` shows LLVM's options too. Categories are
/// printed in the order of their names, so this one's name sorts before
/// "Generic Options".
static cl::OptionCategory runCategory(
    "Compile and run options",
    "Inputs come from .npy files, one --input per parameter in order, or,\n"
    "without --input, are seeded random arrays of the sizes --size gives.\n"
    "With --input, each --size is a check: the inputs must give that\n"
    "variable that value.");

static cl::opt<std::string> inputFile(cl::Positional, cl::desc("<module.mlir>"),
                                      cl::Required, cl::cat(runCategory));
static cl::opt<std::string> entry("entry", cl::desc("Graph function to run"),
                                  cl::init("main"), cl::cat(runCategory));
static cl::list<std::string>
    inputs("input", cl::desc("The next argument, as a .npy file"),
           cl::cat(runCategory));
static cl::list<std::string>
    sizes("size",
          cl::desc("A symbolic variable's value, `name=value`: "
                   "the sizes of random inputs, or a check of "
                   "--input's"),
          cl::cat(runCategory));
static cl::opt<unsigned> seed("seed", cl::desc("Seed of random inputs"),
                              cl::init(0), cl::cat(runCategory));
static cl::opt<std::string> weightsFile(
    "weights",
    cl::desc("A .safetensors or .npz file binding the parameters that have "
             "a `relax.param_name` attribute by that name; --input gives the "
             "others"),
    cl::cat(runCategory));
static cl::opt<bool> bindWeights(
    "bind-weights",
    cl::desc("Compile the --weights into the code as constants"),
    cl::init(false), cl::cat(runCategory));
static cl::opt<bool> liftTransformParams(
    "lift-transform-params",
    cl::desc("With --weights, compute what depends on the weights alone "
             "once, before the calls (--relax-lift-transform-params; on the "
             "CPU with transpose-weights)"),
    cl::init(true), cl::cat(runCategory));
static cl::opt<bool> packWeights(
    "pack-weights",
    cl::desc("On the CPU, lift products by weights to products by the weights "
             "packed in panels of the contraction tile's columns "
             "(--relax-lift-transform-params{pack-weights})"),
    cl::init(true), cl::cat(runCategory));
static cl::opt<std::string> output(
    "output",
    cl::desc("Write the result as .npy (more results: y.npy, y.1.npy, ...)"),
    cl::cat(runCategory));
static cl::opt<bool> outputPerRank(
    "output-per-rank",
    cl::desc("Under `mpiexec`, every rank writes its results, rank r's to "
             "y.rank<r>.npy (by default rank 0 writes y.npy)"),
    cl::init(false), cl::cat(runCategory));
static cl::opt<std::string> mpiRuntimeLibrary(
    "mpi-runtime-library",
    cl::desc("The collectives of a partitioned function (default: "
             "librelax_mpi_runtime.so in relax-run's lib directory)"),
    cl::cat(runCategory));
static cl::opt<bool> timeTransfers(
    "time-transfers",
    cl::desc("With a GPU --device, copy the inputs to the device and the "
             "results back in every timed call (by default the inputs are "
             "copied once and the calls run on device memory)"),
    cl::init(false), cl::cat(runCategory));

static cl::opt<int> fillAllocations(
    "fill-allocations",
    cl::desc("Every buffer the compiled code allocates starts with each byte "
             "set to this value (0 to 255): an element of a result that the "
             "program never writes reads as it, and two runs with two values "
             "find such elements"),
    cl::init(-1), cl::cat(runCategory));

static cl::opt<uint64_t> maxCallDepth(
    "max-call-depth",
    cl::desc("Calls of recursive graph functions may nest this deep (the "
             "call runs on a stack sized for it)"),
    cl::init(100000), cl::cat(runCategory));

static cl::opt<unsigned> repetitions("reps", cl::desc("Timed repetitions"),
                                     cl::init(1), cl::cat(runCategory));
static cl::opt<relax::ToolDevice>
    device("device", cl::desc("Where to run (a GPU needs the device's runtime "
                              "library)"),
           cl::init(relax::ToolDevice::CPU), relax::getToolDeviceValues(),
           cl::cat(runCategory));
using Device = relax::ToolDevice;
static cl::list<std::string> pipelineOptions(
    "pipeline-options",
    cl::desc("Options of the pipeline that compiles the module, as "
             "relax-opt takes them: those of --relax-lower-to-cpu for "
             "--device cpu (e.g. 'parallel=true library=true'), of "
             "--relax-lower-to-gpu otherwise (e.g. 'chip=sm_90'); its target "
             "is --device's. Given more than once, the options add up"),
    cl::cat(runCategory));
static cl::opt<std::string> gpuRuntimeLibrary(
    "gpu-runtime-library",
    cl::desc("The GPU runtime library of --device (default: "
             "librelax_<vulkan|webgpu|cuda|hip>_runtime.so in relax-run's lib "
             "directory)"),
    cl::cat(runCategory));
static cl::opt<std::string>
    ompLibrary("omp-library", cl::desc("OpenMP runtime library"),
               cl::init("/usr/lib/llvm-22/lib/libomp.so"),
               cl::cat(runCategory));
static cl::opt<std::string>
    asyncLibrary("async-library", cl::desc("MLIR async runtime library"),
                 cl::init("/usr/lib/llvm-22/lib/libmlir_async_runtime.so"),
                 cl::cat(runCategory));
static cl::opt<std::string> runnerUtilsLibrary(
    "runner-utils-library",
    cl::desc("MLIR's C runner utils, for copies between strided buffers"),
    cl::init("/usr/lib/llvm-22/lib/libmlir_c_runner_utils.so"),
    cl::cat(runCategory));
static cl::opt<std::string> runtimeLibrary(
    "runtime-library",
    cl::desc("The CPU runtime library for library=true (default: "
             "librelax_cpu_runtime.so next to relax-run's lib directory)"),
    cl::cat(runCategory));
static cl::opt<bool>
    perfListener("perf",
                 cl::desc("Name the compiled kernels for `perf record -k 1` "
                          "and `perf inject -j`"),
                 cl::init(false), cl::cat(runCategory));
static cl::opt<std::string>
    objectFile("dump-object",
               cl::desc("Write the compiled code as an object file (for "
                        "llvm-objdump or llvm-nm)"),
               cl::value_desc("file"), cl::cat(runCategory));

namespace {
/// A ranked memref descriptor laid out as the C interface expects:
/// allocated and aligned pointers, offset, sizes, strides.
struct Descriptor {
  std::vector<int64_t> words;
  explicit Descriptor(unsigned rank) : words(3 + 2 * rank, 0) {}
  static Descriptor of(Array &array) {
    unsigned rank = array.shape.size();
    Descriptor d(rank);
    void *ptr = array.data();
    d.words[0] = d.words[1] = reinterpret_cast<int64_t>(ptr);
    int64_t stride = 1;
    for (unsigned i = rank; i-- > 0;) {
      d.words[3 + i] = array.shape[i];
      d.words[3 + rank + i] = stride;
      stride *= array.shape[i];
    }
    return d;
  }
};

/// The arguments of a call through the C interface, packed as
/// ExecutionEngine::invokePacked takes them: the struct of result
/// descriptors (one per result, of `resultRanks`), then one descriptor per
/// argument. Not copyable: `packed` points into it.
struct CInterfaceCall {
  CInterfaceCall(ArrayRef<int64_t> resultRanks,
                 std::vector<Descriptor> argumentDescriptors)
      : result(0), arguments(std::move(argumentDescriptors)) {
    unsigned words = 0;
    for (int64_t rank : resultRanks) {
      resultStarts.push_back(words);
      words += 3 + 2 * rank;
    }
    result.words.assign(words, 0);
    resultPtr = result.words.data();
    for (Descriptor &d : arguments)
      argumentPtrs.push_back(d.words.data());
    packed.push_back(&resultPtr);
    for (void *&ptr : argumentPtrs)
      packed.push_back(&ptr);
  }
  CInterfaceCall(const CInterfaceCall &) = delete;
  CInterfaceCall &operator=(const CInterfaceCall &) = delete;

  /// The buffer result `i` was allocated as: what its owner frees.
  void *getAllocated(unsigned i) const {
    return reinterpret_cast<void *>(result.words[resultStarts[i]]);
  }
  /// The first element of result `i`, of `elementSize` bytes each.
  const char *getData(unsigned i, size_t elementSize) const {
    unsigned at = resultStarts[i];
    return reinterpret_cast<const char *>(result.words[at + 1]) +
           result.words[at + 2] * elementSize;
  }
  /// Dim `d` of result `i`.
  int64_t getDim(unsigned i, unsigned d) const {
    return result.words[resultStarts[i] + 3 + d];
  }

  Descriptor result;
  std::vector<Descriptor> arguments;
  SmallVector<unsigned> resultStarts;
  void *resultPtr = nullptr;
  std::vector<void *> argumentPtrs;
  SmallVector<void *> packed;
};
} // namespace

static int fail(const Twine &message) {
  return relax::reportToolError("relax-run", message);
}

/// Checks the values of symbolic variables against `func`'s constraints.
/// Every value relax-run binds, from --size or from the inputs, passes
/// here before the compiled code sees it.
static LogicalResult checkValues(relax::FuncOp func,
                                 const relax_run::SizeValues &values) {
  std::string error;
  if (succeeded(relax_run::checkSizes(func, values, error)))
    return success();
  fail(error);
  return failure();
}

/// Erases the graph functions and tensor programs that `entry` does not
/// reach through symbol references, so that a function the run does not
/// need cannot stop its compilation. Every other top-level op is kept, with
/// what it references.
static void eraseUnreachable(ModuleOp module, Operation *entry) {
  auto isErasable = [](Operation &op) {
    return isa<relax::FuncOp, tprog::FuncOp>(op);
  };
  SymbolTable symbols(module);
  llvm::SmallPtrSet<Operation *, 16> reached = {entry};
  SmallVector<Operation *> worklist = {entry};
  for (Operation &op : *module.getBody())
    if (!isErasable(op) && reached.insert(&op).second)
      worklist.push_back(&op);
  while (!worklist.empty()) {
    std::optional<SymbolTable::UseRange> uses =
        SymbolTable::getSymbolUses(worklist.pop_back_val());
    // Uses inside an unregistered op cannot be listed: keep everything.
    if (!uses)
      return;
    for (const SymbolTable::SymbolUse &use : *uses)
      if (Operation *callee =
              symbols.lookup(use.getSymbolRef().getRootReference()))
        if (reached.insert(callee).second)
          worklist.push_back(callee);
  }
  for (Operation &op : llvm::make_early_inc_range(*module.getBody()))
    if (!reached.contains(&op))
      op.erase();
}

/// A failed run-time check of the compiled code reports through the
/// runtime library's error callback (Relax/Runtime/RelaxRuntime.h) and
/// returns to relax-run, which installs this handler: the message goes to
/// stderr after what the run printed, and the run ends with exit code 1.
static void reportCheckFailure(const char *message, void *) {
  llvm::outs().flush();
  llvm::errs() << "relax-run: error: run-time check failed: " << message
               << "\n";
}

/// A `cf.assert` that upstream lowers (none in what the CPU pipeline
/// produces) calls `puts` with its message, then `abort`. The JIT resolves
/// both to relax-run's functions: the message goes to stderr and the
/// process exits with code 1, not a signal and a stack dump, without
/// running destructors under the compiled code, whose runtime threads may
/// still be running.
static void putsCheckMessage(const char *message) {
  reportCheckFailure(message, nullptr);
}

[[noreturn]] static void abortCheckFailed() {
  llvm::outs().flush();
  llvm::errs().flush();
  std::fflush(nullptr);
  std::_Exit(1);
}

/// The collectives of a tensor-parallel run, once started.
static std::optional<relax_run::Collectives> collectives;

static int run(int argc, char **argv);

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  int status = run(argc, argv);
  llvm::outs().flush();
  if (collectives)
    collectives->finish(status);
  return status;
}

/// Where rank `rank` writes result `index` with --output-per-rank.
static std::string getRankResultPath(unsigned index, int64_t rank) {
  StringRef stem = output;
  stem.consume_back(".npy");
  return relax_run::getResultPath(
      stem.str() + ".rank" + std::to_string(rank) + ".npy", index);
}

static int run(int argc, char **argv) {
  relax::hideUnrelatedOptions(runCategory);
  cl::ParseCommandLineOptions(
      argc, argv,
      "Relax-MLIR runner: compiles a module for the CPU or a GPU and runs "
      "one graph function\n");
  llvm::InitializeNativeTarget();
  llvm::InitializeNativeTargetAsmPrinter();
  relax::registerAllPasses();
#ifdef __GLIBC__
  // Each call allocates its arena and results and frees them on return.
  // glibc would hand large blocks back to the system on every free (munmap,
  // or madvise when the call runs on a thread of its own) and fault the
  // pages in again on the next call, which costs more than small kernels
  // run; keeping freed memory in the process makes repeated calls reuse it.
  mallopt(M_MMAP_THRESHOLD, 1 << 30);
  mallopt(M_TRIM_THRESHOLD, 1 << 30);
#endif

  if (repetitions == 0)
    return fail("--reps must be at least 1");
  if (fillAllocations.getNumOccurrences() &&
      (fillAllocations < 0 || fillAllocations > 255))
    return fail("--fill-allocations must be a byte value, 0 to 255");

  // A library that relax-compile wrote runs as it is.
  if (inputFile != "-" && relax_run::isSharedLibrary(inputFile)) {
    if (device != Device::CPU || !pipelineOptions.empty() || bindWeights ||
        timeTransfers || perfListener || fillAllocations >= 0 ||
        !objectFile.empty())
      return fail(inputFile +
                  " is a compiled library: --device, "
                  "--pipeline-options, --bind-weights, --time-transfers, "
                  "--perf, --fill-allocations and --dump-object are the "
                  "compiler's options");
    relax_run::LibraryRun run;
    run.path = inputFile;
    run.entry = entry;
    run.weightsFile = weightsFile;
    run.output = output;
    run.inputs.assign(inputs.begin(), inputs.end());
    run.sizes.assign(sizes.begin(), sizes.end());
    if (seed.getNumOccurrences())
      run.seed = seed;
    run.repetitions = repetitions;
    return relax_run::runLibrary(run);
  }

  // The pipeline's options, parsed as relax-opt parses them.
  std::unique_ptr<relax::CPUPipelineOptions> cpuPipeline;
  std::unique_ptr<relax::GPUPipelineOptions> gpuPipeline;
  if (std::string error = relax::parseToolPipelineOptions(
          device, llvm::join(pipelineOptions, " "), cpuPipeline, gpuPipeline);
      !error.empty())
    return fail(error);
  bool library = cpuPipeline ? cpuPipeline->library : gpuPipeline->library;
  relax::CPUParallelism parallelism = cpuPipeline
                                          ? cpuPipeline->getParallelism()
                                          : relax::CPUParallelism::None;

  // The runtime library sits in the lib directory next to bin, in the build
  // tree and where it is installed.
  std::string runtimePath = runtimeLibrary;
  bool cpuLibrary = library && device == Device::CPU;
  if (cpuLibrary && runtimePath.empty()) {
    runtimePath = relax::getToolPath(argv[0], reinterpret_cast<void *>(&fail),
                                     "lib", "librelax_cpu_runtime.so");
  }
  if (cpuLibrary && !llvm::sys::fs::exists(runtimePath))
    return fail("no CPU runtime library at " + runtimePath +
                " (it is built when OpenBLAS is installed)");
  // The CPU's micro-kernels, for quantized-kernels=true.
  std::string kernelsPath;
  if (cpuPipeline && cpuPipeline->quantizedKernels) {
    kernelsPath = relax::getToolPath(argv[0], reinterpret_cast<void *>(&fail),
                                     "lib", "librelax_cpu_kernels.so");
    if (!llvm::sys::fs::exists(kernelsPath))
      return fail("no CPU kernel library at " + kernelsPath);
  }
  std::string gpuRuntimePath = gpuRuntimeLibrary;
  if (device != Device::CPU) {
    StringRef name = relax::getGPURuntimeName(device);
    if (gpuRuntimePath.empty()) {
      gpuRuntimePath =
          relax::getToolPath(argv[0], reinterpret_cast<void *>(&fail), "lib",
                             "librelax_" + name + "_runtime.so");
    }
    if (!llvm::sys::fs::exists(gpuRuntimePath))
      return fail("no GPU runtime library at " + gpuRuntimePath +
                  " (librelax_" + name + "_runtime is built when its SDK is "
                  "installed)");
    // Loading it needs the driver's library (libcuda, libamdhip64,
    // libvulkan): say so before compiling rather than as missing symbols.
    std::string error;
    if (llvm::sys::DynamicLibrary::getPermanentLibrary(gpuRuntimePath.c_str(),
                                                       &error)
            .isValid() == false)
      return fail("cannot load " + gpuRuntimePath + ": " + error +
                  " (is the " + name + " driver installed?)");
  }

  relaxSetErrorHandler(reportCheckFailure, nullptr);

  DialectRegistry registry;
  relax::registerAllDialects(registry);
  registerBuiltinDialectTranslation(registry);
  registerLLVMDialectTranslation(registry);
  registerOpenMPDialectTranslation(registry);
  MLIRContext context(registry);
  std::string readError;
  std::unique_ptr<llvm::MemoryBuffer> source;
  if (inputFile == "-") {
    if (auto stdinBuffer = llvm::MemoryBuffer::getSTDIN())
      source = std::move(*stdinBuffer);
    else
      readError = "cannot read the standard input";
  } else {
    source = relax_run::readRegularFile(inputFile, readError);
  }
  if (!source)
    return fail(readError);
  // Text that MLIR 22's parser would crash on is a located error.
  if (failed(relax::checkParserHazards(*source, llvm::errs())))
    return 1;
  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(std::move(source), llvm::SMLoc());
  OwningOpRef<ModuleOp> module = parseSourceFile<ModuleOp>(sourceMgr, &context);
  if (!module)
    return 1;

  auto func = module->lookupSymbol<relax::FuncOp>(entry);
  if (!func)
    return fail("no relax.func @" + entry + " in " + inputFile);
  eraseUnreachable(*module, func);

  // A function written for a grid of ranks is partitioned first; each rank
  // of the launch then runs its part on its blocks of the inputs.
  if (func->hasAttr(relax::RelaxDialect::getGridAttrName())) {
    PassManager pm(&context);
    pm.addPass(relax::createRelaxInferShapesPass());
    pm.addPass(relax::createRelaxTensorParallelPass());
    if (failed(pm.run(*module)))
      return 1;
  }
  std::optional<relax::GridInfo> grid = relax::getGridInfo(func);
  int64_t numRanks = grid ? grid->numRanks : 1, processRank = 0;
  // The split of each weight, by name, and of each parameter.
  llvm::StringMap<relax::SplitSpec> weightSplits;
  SmallVector<std::optional<relax::SplitSpec>> paramSplits;
  std::string mpiPath = mpiRuntimeLibrary;
  // Under a launcher of several ranks, a function that is not split would
  // run whole on each, writing the same outputs.
  if (numRanks == 1)
    for (auto [sizeVariable, rankVariable] :
         {std::pair{"PMI_SIZE", "PMI_RANK"},
          std::pair{"OMPI_COMM_WORLD_SIZE", "OMPI_COMM_WORLD_RANK"}}) {
      const char *size = std::getenv(sizeVariable);
      if (!size || atoi(size) <= 1)
        continue;
      // Every rank stops; the first one says why.
      if (const char *rank = std::getenv(rankVariable); rank && atoi(rank))
        return 1;
      return fail("@" + entry + " is not split over ranks (relax.grid): " +
                  "run it without mpiexec, or annotate it for " + size +
                  " ranks");
    }
  if (numRanks > 1) {
    if (mpiPath.empty())
      mpiPath = relax::getToolPath(argv[0], reinterpret_cast<void *>(&fail),
                                   "lib", "librelax_mpi_runtime.so");
    if (!llvm::sys::fs::exists(mpiPath))
      return fail("@" + entry + " is partitioned over " + Twine(numRanks) +
                  " ranks, and there is no MPI runtime library at " + mpiPath +
                  " (it is built when MPI is installed)");
    // Its error is this one's message, not a failed check's.
    std::string error;
    relaxSetErrorHandler([](const char *, void *) {}, nullptr);
    collectives = relax_run::Collectives::start(mpiPath, numRanks, error);
    relaxSetErrorHandler(reportCheckFailure, nullptr);
    if (!collectives)
      return fail(error);
    processRank = collectives->getRank();
    for (unsigned i = 0, e = func.getNumArguments(); i < e; ++i) {
      std::optional<relax::SplitSpec> split =
          relax::getSplitSpec(func.getArgAttrDict(i));
      if (auto name = func.getArgAttrOfType<StringAttr>(
              i, relax::RelaxDialect::getParamNameAttrName());
          name && split)
        weightSplits[name.getValue()] = *split;
    }
  }

  // What depends on the weights alone runs once, before the calls:
  // @<entry>_transform_params takes the weights it reads and gives the
  // entry's trailing parameters (on the CPU, products by [K, N] weights read
  // them transposed, the layout the CPU's products read fastest).
  auto getTransform = [&]() {
    auto symbol = func->getAttrOfType<FlatSymbolRefAttr>(
        relax::RelaxDialect::getTransformParamsAttrName());
    return symbol ? module->lookupSymbol<relax::FuncOp>(symbol)
                  : relax::FuncOp();
  };
  relax::FuncOp transform = getTransform();
  if (!transform && !weightsFile.empty() && !bindWeights &&
      liftTransformParams) {
    PassManager pm(&context);
    pm.addPass(relax::createRelaxInferShapesPass());
    relax::RelaxLiftTransformParamsPassOptions liftOptions;
    if (std::string error = relax::setToolLiftOptions(
            &context, cpuPipeline.get(), packWeights, liftOptions);
        !error.empty())
      return fail(error);
    pm.addPass(relax::createRelaxLiftTransformParamsPass(liftOptions));
    if (failed(pm.run(*module)))
      return 1;
    transform = getTransform();
  }

  // Parameters bound by name to a weights file (Weights.h): constants with
  // --bind-weights, else the arguments in `weights` (by flattened index);
  // the transform's, in `transformInputs`.
  std::vector<std::optional<Array>> weights, transformInputs;
  if (!weightsFile.empty()) {
    std::string error;
    if (transform && bindWeights)
      return fail("@" + entry + " takes the results of @" +
                  transform.getSymName() +
                  " (relax.transform_params): --bind-weights cannot bind them");
    std::optional<llvm::StringMap<Array>> arrays =
        relax_run::readWeights(weightsFile, error);
    if (!arrays)
      return fail(error);
    // Each rank keeps its blocks of the split weights.
    for (auto &[name, split] : weightSplits) {
      auto it = arrays->find(name);
      if (it == arrays->end())
        continue;
      std::optional<Array> block = relax_run::sliceForRank(
          it->second, split, numRanks, processRank, error);
      if (!block)
        return fail("weight '" + name + "' of " + weightsFile + " " + error);
      it->second = std::move(*block);
    }
    // The file is read once: the transform takes its weights (a copy of
    // those the entry reads too), the entry the rest.
    llvm::StringMap<Array> transformArrays;
    if (transform) {
      llvm::StringSet<> entryNames;
      for (unsigned i = 0, e = func.getNumArguments(); i < e; ++i)
        if (auto name = func.getArgAttrOfType<StringAttr>(
                i, relax::RelaxDialect::getParamNameAttrName()))
          entryNames.insert(name.getValue());
      for (unsigned i = 0, e = transform.getNumArguments(); i < e; ++i) {
        auto name = transform.getArgAttrOfType<StringAttr>(
            i, relax::RelaxDialect::getParamNameAttrName());
        auto it = name ? arrays->find(name.getValue()) : arrays->end();
        if (it == arrays->end() || transformArrays.contains(name.getValue()))
          continue;
        if (!entryNames.contains(name.getValue())) {
          transformArrays.try_emplace(name.getValue(), std::move(it->second));
          arrays->erase(it);
          continue;
        }
        std::optional<Array> copy = Array::copyOf(it->second);
        if (!copy)
          return fail("out of memory for weight '" + name.getValue() + "'");
        transformArrays.try_emplace(name.getValue(), std::move(*copy));
      }
    }
    if (failed(relax_run::bindWeights(func, *arrays, weightsFile, bindWeights,
                                      weights, error)) ||
        (transform && failed(relax_run::bindWeights(
                          transform, transformArrays, weightsFile,
                          /*asConstants=*/false, transformInputs, error))))
      return fail(error);
  }
  bool runTransform = transform && !weightsFile.empty();
  // Compilation replaces the functions: what the call needs, kept.
  std::string transformName =
      transform ? transform.getSymName().str() : std::string();
  SmallVector<Type> transformResultTypes;
  if (transform)
    llvm::append_range(transformResultTypes, transform.getResultTypes());
  if (runTransform &&
      (transformInputs.size() != transform.getNumArguments() ||
       llvm::any_of(transformInputs, [](const std::optional<Array> &input) {
         return !input;
       })))
    return fail("@" + transform.getSymName() + " (relax.transform_params of @" +
                entry + ") must take only weights named by relax.param_name");
  auto isWeight = [&](size_t i) { return i < weights.size() && weights[i]; };

  // The signature, before lowering.
  {
    PassManager pm(&context);
    pm.addPass(relax::createRelaxInferShapesPass());
    if (failed(pm.run(*module)))
      return 1;
  }
  // Parameters and results, with tuples flattened as the host lowering
  // does: each must be a ranked tensor of an element type .npy can hold.
  auto collect = [&](TypeRange types, StringRef what,
                     SmallVectorImpl<relax::RelaxTensorType> &tensors,
                     SmallVectorImpl<ElementLayout> &layouts) -> bool {
    SmallVector<Type> leaves;
    for (Type type : types) {
      if (auto tuple = dyn_cast<TupleType>(type))
        tuple.getFlattenedTypes(leaves);
      else
        leaves.push_back(type);
    }
    for (Type type : leaves) {
      auto tensor = dyn_cast<relax::RelaxTensorType>(type);
      std::optional<ElementLayout> layout;
      if (tensor && tensor.hasRank())
        layout = relax_run::getElementLayout(tensor.getElementType());
      if (!layout) {
        fail("@" + entry + " " + what + " " + llvm::formatv("{0}", type).str() +
             ": relax-run passes ranked tensors of f16, f32, f64, i1, i8, "
             "i16, i32 or i64");
        return false;
      }
      tensors.push_back(tensor);
      layouts.push_back(*layout);
    }
    return true;
  };
  SmallVector<relax::RelaxTensorType> resultTypes, paramTypes;
  SmallVector<ElementLayout> resultLayouts, paramLayouts;
  if (!collect(func.getArgumentTypes(), "takes", paramTypes, paramLayouts) ||
      !collect(func.getResultTypes(), "returns", resultTypes, resultLayouts))
    return 1;
  if (resultTypes.empty())
    return fail("@" + entry + " returns nothing");
  // Split parameters take their rank's block of the full input.
  if (numRanks > 1)
    for (unsigned i = 0, e = func.getNumArguments(); i < e; ++i) {
      SmallVector<Type> leaves;
      if (auto tuple = dyn_cast<TupleType>(func.getArgumentTypes()[i]))
        tuple.getFlattenedTypes(leaves);
      if (!leaves.empty())
        paramSplits.append(leaves.size(), std::nullopt);
      else
        paramSplits.push_back(relax::getSplitSpec(func.getArgAttrDict(i)));
    }
  paramSplits.resize(paramTypes.size());
  auto sliceInput = [&](size_t i, Array &array) -> bool {
    if (!paramSplits[i])
      return true;
    std::string error;
    std::optional<Array> block =
        relax_run::sliceForRank(array, *paramSplits[i], numRanks,
                                processRank, error);
    if (!block) {
      fail("argument #" + Twine(i) + " " + error);
      return false;
    }
    array = std::move(*block);
    return true;
  };
  // The transform's results, allocated now, written after compilation.
  size_t firstTransformed = paramTypes.size();
  if (runTransform) {
    firstTransformed -= transform.getNumResults();
    weights.resize(paramTypes.size());
    for (size_t i = firstTransformed; i < paramTypes.size(); ++i) {
      std::vector<int64_t> shape;
      for (sym::SymExprAttr dim : paramTypes[i].getDims()) {
        if (!dim || !dim.getConstantValue())
          return fail("@" + entry + " parameter #" + Twine(i) + " (a result "
                      "of @" + transform.getSymName() + ") has no static shape");
        shape.push_back(*dim.getConstantValue());
      }
      weights[i] = Array::allocate(std::move(shape), paramLayouts[i]);
      if (!weights[i])
        return fail("out of memory for parameter #" + Twine(i));
    }
  }
  size_t numWeights = llvm::count_if(
      weights, [](const std::optional<Array> &w) { return w.has_value(); });

  // The variables of the parameters' dims, and the values --size gives
  // them.
  llvm::SetVector<StringAttr> paramVars;
  for (relax::RelaxTensorType type : paramTypes)
    for (SymExprAttr dim : type.getDims())
      if (dim)
        dim.collectVars(paramVars);
  std::string sizeError;
  FailureOr<relax_run::SizeValues> parsedSizes =
      relax_run::parseSizes(sizes, paramVars, entry, &context, sizeError);
  if (failed(parsedSizes))
    return fail(sizeError);
  relax_run::SizeValues &sizeValues = *parsedSizes;
  if (failed(checkValues(func, sizeValues)))
    return 1;
  if (!inputs.empty() && seed.getNumOccurrences())
    llvm::errs() << "relax-run: warning: --seed has no effect with --input\n";

  // Inputs: from .npy files, or random ones of the given sizes.
  std::vector<Array> args;
  if (!inputs.empty()) {
    if (inputs.size() + numWeights != paramTypes.size())
      return fail("@" + entry + " takes " +
                  Twine(paramTypes.size() - numWeights) + " arguments" +
                  (numWeights ? " besides its weights" : "") + " but " +
                  Twine(inputs.size()) + " were given");
    for (size_t i = 0, next = 0; i < paramTypes.size(); ++i) {
      if (isWeight(i)) {
        args.push_back(std::move(*weights[i]));
        continue;
      }
      const std::string &path = inputs[next++];
      std::string error;
      std::optional<Array> array = relax_run::readNpy(path, error);
      if (!array)
        return fail(error);
      if (array->layout.descr != paramLayouts[i].descr)
        return fail("argument #" + Twine(i) + " has dtype '" +
                    array->layout.descr + "' but @" + entry + " expects '" +
                    paramLayouts[i].descr + "' (" +
                    llvm::formatv("{0}", Type(paramTypes[i])).str() + ")");
      if (!sliceInput(i, *array))
        return 1;
      args.push_back(std::move(*array));
    }
  } else {
    // Every shape first, so that nothing is allocated for a bad one.
    std::vector<std::vector<int64_t>> shapes;
    for (auto [i, type] : llvm::enumerate(paramTypes)) {
      if (isWeight(i)) {
        shapes.emplace_back();
        continue;
      }
      std::optional<std::vector<int64_t>> shape = relax_run::getShape(
          type, sizeValues, paramLayouts[i].size, i, sizeError);
      if (!shape)
        return fail(sizeError);
      // A split parameter's full input, drawn as a single rank draws it.
      if (const std::optional<relax::SplitSpec> &split = paramSplits[i]) {
        int64_t &dim = (*shape)[split->axis];
        dim *= numRanks;
        if (!split->segments.empty())
          dim = std::accumulate(split->segments.begin(),
                                split->segments.end(), int64_t(0));
      }
      shapes.push_back(std::move(*shape));
    }
    relax_run::RandomBits bits(seed);
    for (auto [i, type] : llvm::enumerate(paramTypes)) {
      if (isWeight(i)) {
        args.push_back(std::move(*weights[i]));
        continue;
      }
      std::optional<Array> array =
          Array::allocate(std::move(shapes[i]), paramLayouts[i]);
      if (!array)
        return fail("out of memory for argument #" + Twine(i));
      relax_run::fillRandom(*array, type.getElementType(), bits);
      if (!sliceInput(i, *array))
        return 1;
      args.push_back(std::move(*array));
    }
  }

  // Check the inputs against the symbolic signature before calling. With
  // --input, the values --size gives are checks.
  relax_run::SizeValues values;
  for (auto [i, type] : llvm::enumerate(paramTypes)) {
    Array &array = args[i];
    if (array.shape.size() != static_cast<size_t>(type.getRank()))
      return fail("argument #" + Twine(i) + " has rank " +
                  Twine(array.shape.size()) + " but @" + entry + " expects " +
                  Twine(type.getRank()) + " (" +
                  llvm::formatv("{0}", Type(type)).str() + ")");
    for (auto [d, dim] : llvm::enumerate(type.getDims())) {
      if (!dim || !dim.isVar())
        continue;
      bool inserted = values.try_emplace(dim.getName(), array.shape[d]).second;
      auto size = sizeValues.find(dim.getName());
      if (inserted && size != sizeValues.end() &&
          size->second != array.shape[d])
        return fail("--size " + dim.getName().getValue() + "=" +
                    Twine(size->second) + " but argument #" + Twine(i) +
                    " dim " + Twine(d) + " gives " + dim.getName().getValue() +
                    " = " + Twine(array.shape[d]));
    }
  }
  auto lookup = [&](StringAttr var) {
    auto it = values.find(var);
    return it == values.end() ? SymExprAttr()
                              : SymExprAttr::getConstant(&context, it->second);
  };
  for (auto [i, type] : llvm::enumerate(paramTypes)) {
    for (auto [d, dim] : llvm::enumerate(type.getDims())) {
      SymExprAttr expected = dim ? dim.replaceVars(lookup) : SymExprAttr();
      if (expected && expected.getConstantValue() &&
          *expected.getConstantValue() != args[i].shape[d])
        return fail("argument #" + Twine(i) + " dim " + Twine(d) + " is " +
                    Twine(args[i].shape[d]) + " but must be " +
                    sym::toString(dim) + " = " +
                    Twine(*expected.getConstantValue()));
    }
  }
  if (failed(checkValues(func, values)))
    return 1;

  // Compile.
  auto compileStart = std::chrono::steady_clock::now();
  PassManager pm(&context);
  if (cpuPipeline)
    relax::buildRelaxLowerToCPUPipeline(pm, *cpuPipeline);
  else
    relax::buildRelaxLowerToGPUPipeline(pm, *gpuPipeline);
  if (failed(pm.run(*module)))
    return 1;
  // Optimize the LLVM IR for this host (loop vectorization, unrolling)
  // before code generation.
  auto machineBuilder = llvm::orc::JITTargetMachineBuilder::detectHost();
  if (!machineBuilder)
    return fail("cannot detect the host: " +
                toString(machineBuilder.takeError()));
  auto machine = machineBuilder->createTargetMachine();
  if (!machine)
    return fail("cannot create a target machine: " +
                toString(machine.takeError()));
  // On a GPU, calls go to the entry's device version (`@<entry>_device`,
  // --relax-to-func=target=gpu) on inputs copied to the device once, unless
  // --time-transfers asks for the host-memory entry, which copies them in
  // every call.
  bool onDevice = device != Device::CPU && !timeTransfers;
  std::string callee = "_mlir_ciface_" + entry + (onDevice ? "_device" : "");
  std::string transformCallee = "_mlir_ciface_" + transformName;
  // Only the ExecutionEngine's packed wrappers of those are called.
  std::vector<std::string> called = {"_mlir_" + callee};
  if (runTransform)
    called.push_back("_mlir_" + transformCallee);
  auto transformer = relax::makeLLVMOptimizer(machine->get(), called);
  ExecutionEngineOptions options;
  options.jitCodeGenOptLevel = llvm::CodeGenOptLevel::Aggressive;
  options.transformer = transformer;
  options.enablePerfNotificationListener = perfListener;
  options.enableObjectDump = !objectFile.empty();
  // Copies between buffers with non-identity layouts call memrefCopy.
  SmallVector<StringRef> libraries = {runnerUtilsLibrary};
  if (parallelism == relax::CPUParallelism::OpenMP)
    libraries.push_back(ompLibrary);
  if (parallelism == relax::CPUParallelism::Async)
    libraries.push_back(asyncLibrary);
  if (cpuLibrary)
    libraries.push_back(runtimePath);
  if (!kernelsPath.empty())
    libraries.push_back(kernelsPath);
  if (device != Device::CPU)
    libraries.push_back(gpuRuntimePath);
  if (collectives)
    libraries.push_back(mpiPath);
  options.sharedLibPaths = libraries;
  auto engine = ExecutionEngine::create(*module, options);
  if (!engine)
    return fail("JIT compilation failed: " + toString(engine.takeError()));
  std::string fillError;
  (*engine)->registerSymbols([&](llvm::orc::MangleAndInterner interner) {
    llvm::orc::SymbolMap symbols;
    if (fillAllocations >= 0)
      relax_run::addFillingAllocators(symbols, interner,
                                      uint8_t(fillAllocations),
                                      device != Device::CPU, fillError);
    symbols[interner("puts")] = {
        llvm::orc::ExecutorAddr::fromPtr(&putsCheckMessage),
        llvm::JITSymbolFlags::Exported};
    symbols[interner("abort")] = {
        llvm::orc::ExecutorAddr::fromPtr(&abortCheckFailed),
        llvm::JITSymbolFlags::Exported};
    // The runtime library relax-run links, so that the compiled code and
    // relax-run see one recorded error.
    symbols[interner("relaxReportError")] = {
        llvm::orc::ExecutorAddr::fromPtr(&relaxReportError),
        llvm::JITSymbolFlags::Exported};
    symbols[interner("relaxGetError")] = {
        llvm::orc::ExecutorAddr::fromPtr(&relaxGetError),
        llvm::JITSymbolFlags::Exported};
    symbols[interner("relaxEnterCall")] = {
        llvm::orc::ExecutorAddr::fromPtr(&relaxEnterCall),
        llvm::JITSymbolFlags::Exported};
    symbols[interner("relaxLeaveCall")] = {
        llvm::orc::ExecutorAddr::fromPtr(&relaxLeaveCall),
        llvm::JITSymbolFlags::Exported};
    return symbols;
  });
  if (!fillError.empty())
    return fail(fillError);
  std::unique_ptr<relax_runtime::DeviceMemory> deviceMemory;
  if (onDevice) {
    std::string error;
    deviceMemory = relax_runtime::DeviceMemory::load(
        [](const char *name) {
          return llvm::sys::DynamicLibrary::SearchForAddressOfSymbol(name);
        },
        error);
    if (!deviceMemory)
      return relaxGetError() ? 1 : fail(error);
  }
  // Code is generated at the first lookup: do it before timing calls.
  if (auto function = (*engine)->lookupPacked(callee); !function)
    return fail("no compiled function for @" + entry + ": " +
                toString(function.takeError()));
  if (runTransform)
    if (auto function = (*engine)->lookupPacked(transformCallee); !function)
      return fail("no compiled function for @" + transformName + ": " +
                  toString(function.takeError()));
  if (!objectFile.empty()) {
    llvm::sys::fs::remove(objectFile);
    (*engine)->dumpToObjectFile(objectFile);
    if (!llvm::sys::fs::exists(objectFile))
      return fail("cannot write " + objectFile);
  }
  double compileMs = std::chrono::duration<double, std::milli>(
                         std::chrono::steady_clock::now() - compileStart)
                         .count();

  // The transform runs once; its results become the entry's trailing
  // arguments and its inputs are released.
  std::optional<double> transformMs;
  if (runTransform) {
    auto transformStart = std::chrono::steady_clock::now();
    SmallVector<int64_t> ranks;
    for (Type type : transformResultTypes)
      ranks.push_back(cast<relax::RelaxTensorType>(type).getRank());
    std::vector<Descriptor> inputDescriptors;
    for (std::optional<Array> &input : transformInputs)
      inputDescriptors.push_back(Descriptor::of(*input));
    CInterfaceCall call(ranks, std::move(inputDescriptors));
    relaxClearError();
    if (llvm::Error error =
            (*engine)->invokePacked(transformCallee, call.packed))
      return fail("call of @" + transformName +
                  " failed: " + toString(std::move(error)));
    if (relaxGetError())
      return 1;
    // A result may be a view of an input (a reshaped weight): copied, and
    // not freed here.
    llvm::SmallPtrSet<void *, 16> inputData, freed;
    for (std::optional<Array> &input : transformInputs)
      inputData.insert(input->data());
    for (unsigned i = 0, e = ranks.size(); i < e; ++i) {
      Array &param = args[firstTransformed + i];
      if (param.getNumBytes())
        std::memcpy(param.data(), call.getData(i, param.layout.size),
                    param.getNumBytes());
      void *allocated = call.getAllocated(i);
      if (allocated && !inputData.contains(allocated) &&
          freed.insert(allocated).second)
        free(allocated);
    }
    transformInputs.clear();
    transformMs = std::chrono::duration<double, std::milli>(
                      std::chrono::steady_clock::now() - transformStart)
                      .count();
  }

  // Call through the C interface: the result descriptors (one struct of
  // them for several results), then one descriptor per argument.
  std::vector<Descriptor> descriptors;
  std::vector<void *> deviceInputs;
  llvm::scope_exit freeDeviceInputs([&] {
    for (void *ptr : deviceInputs)
      deviceMemory->free(ptr);
  });
  for (Array &array : args) {
    descriptors.push_back(Descriptor::of(array));
    if (!deviceMemory)
      continue;
    void *copy = deviceMemory->upload(array.data(), array.getNumBytes());
    if (!copy)
      return 1;
    deviceInputs.push_back(copy);
    Descriptor &d = descriptors.back();
    d.words[0] = d.words[1] = reinterpret_cast<int64_t>(copy);
  }
  SmallVector<int64_t> resultRanks;
  for (relax::RelaxTensorType type : resultTypes)
    resultRanks.push_back(type.getRank());
  CInterfaceCall call(resultRanks, std::move(descriptors));

  // The results' buffers are allocated by the compiled code and owned by
  // the caller, unless a result is one of the inputs.
  auto freeResults = [&]() {
    llvm::SmallPtrSet<void *, 4> freed;
    for (unsigned i = 0, e = resultTypes.size(); i < e; ++i) {
      void *allocated = call.getAllocated(i);
      bool isInput = llvm::any_of(args,
                                  [&](const Array &array) {
                                    return allocated == array.data();
                                  }) ||
                     llvm::is_contained(deviceInputs, allocated);
      if (!allocated || isInput || !freed.insert(allocated).second)
        continue;
      if (deviceMemory)
        deviceMemory->free(allocated);
      else
        free(allocated);
    }
  };

  // Recursive graph functions count their depth (--relax-limit-call-depth);
  // the calls run on a thread whose stack holds that many small frames.
  constexpr uint64_t kStackPerCall = 1024, kBaseStack = 8 << 20;
  uint64_t stackBytes =
      std::min<uint64_t>(kBaseStack + maxCallDepth * kStackPerCall,
                         std::numeric_limits<unsigned>::max());
  double totalMs = 0, bestMs = std::numeric_limits<double>::infinity();
  int status = 0;
  auto callRepeatedly = [&]() {
    relaxSetMaxCallDepth(maxCallDepth);
    for (unsigned rep = 0; rep < repetitions; ++rep) {
      auto start = std::chrono::steady_clock::now();
      relaxClearError();
      if (llvm::Error error = (*engine)->invokePacked(callee, call.packed)) {
        status = fail("call failed: " + toString(std::move(error)));
        return;
      }
      // The handler has printed the message; the results are poison.
      if (relaxGetError()) {
        status = 1;
        return;
      }
      double callMs = std::chrono::duration<double, std::milli>(
                          std::chrono::steady_clock::now() - start)
                          .count();
      totalMs += callMs;
      bestMs = std::min(bestMs, callMs);
      // Keep only the last call's results.
      if (rep + 1 < repetitions)
        freeResults();
    }
  };
  // The ranks start timing together, whichever compiled last.
  if (collectives)
    collectives->barrier();
  llvm::thread caller(std::optional<unsigned>(stackBytes), callRepeatedly);
  caller.join();
  if (status)
    return status;

  // Results are contiguous row-major buffers (identity layouts). Under
  // `mpiexec`, rank 0 writes and prints them, or every rank writes its own.
  bool writes = processRank == 0 || outputPerRank;
  std::string printed;
  llvm::raw_string_ostream outs(printed);
  outs << "@" << entry << ":";
  for (auto [index, type] : llvm::enumerate(resultTypes)) {
    unsigned rank = type.getRank();
    std::vector<int64_t> shape;
    for (unsigned i = 0; i < rank; ++i)
      shape.push_back(call.getDim(index, i));
    std::optional<Array> out =
        Array::allocate(std::move(shape), resultLayouts[index]);
    if (!out)
      return fail("out of memory for result #" + Twine(index));
    const char *data = call.getData(index, out->layout.size);
    if (deviceMemory) {
      if (!deviceMemory->download(out->data(), data, out->getNumBytes()))
        return 1;
    } else if (out->getNumBytes()) {
      std::memcpy(out->data(), data, out->getNumBytes());
    }
    if (!output.empty() && writes) {
      std::string path = outputPerRank && collectives
                             ? getRankResultPath(index, processRank)
                             : relax_run::getResultPath(output, index);
      if (failed(relax_run::writeNpy(path, *out)))
        return fail("cannot write " + path);
    }
    outs << " result #" << index << " shape [";
    llvm::interleaveComma(out->shape, outs);
    outs << "]";
  }
  freeResults();
  outs << "; compile " << llvm::format("%.1f", compileMs) << " ms, "
       << llvm::format("%.3f", totalMs / repetitions) << " ms per call over "
       << repetitions << " calls (best " << llvm::format("%.3f", bestMs)
       << " ms)" << (deviceMemory ? ", inputs on the device" : "");
  if (transformMs)
    outs << ", weights transformed once in "
         << llvm::format("%.1f", *transformMs) << " ms";
  if (collectives)
    outs << ", rank " << processRank << " of " << numRanks;
  if (processRank == 0)
    llvm::outs() << printed << "\n";
  return 0;
}
