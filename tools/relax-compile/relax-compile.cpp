//===- relax-compile.cpp - Compile a Relax module into a library ----------===//
//
// relax-compile lowers a module with the CPU pipeline (or, with --device,
// the GPU pipeline), generates code for a CPU (this host's by default) and
// links a shared library that loads without any compiler: the kernels, the
// host code, a version word and a metadata record
// (Relax/Runtime/RelaxModule.h reads both). Each public graph function `@f`
// is exported as `relax_call_f`; every other symbol is hidden, so two
// libraries in one process never bind to each other's code. A GPU library
// links its GPU runtime, and `relax_call_f` is the function's entry on
// device memory (`@f_device`): the runtime keeps the weights on the device.
//
//===----------------------------------------------------------------------===//

#include "Relax/Dialect/Relax/IR/RelaxGraphOps.h"
#include "Relax/Dialect/Relax/IR/RelaxOps.h"
#include "Relax/Dialect/Relax/IR/RelaxTensorParallel.h"
#include "Relax/Dialect/Sym/IR/SymShapeMatch.h"
#include "Relax/InitAll.h"
#include "Relax/Pipelines/Pipelines.h"
#include "Relax/Runtime/RelaxModule.h"
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
#include "mlir/Support/Timing.h"
#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/OpenMP/OpenMPToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Export.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/ExecutionEngine/Orc/JITTargetMachineBuilder.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/LegacyPassManager.h"
#include "llvm/IR/Module.h"
#include "llvm/MC/MCSubtargetInfo.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FileUtilities.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/TargetParser/Host.h"

#include <chrono>

using namespace mlir;
namespace cl = llvm::cl;

static cl::OptionCategory compileCategory("relax-compile options");

static cl::opt<std::string> inputFile(cl::Positional, cl::desc("<module.mlir>"),
                                      cl::init("-"), cl::cat(compileCategory));
static cl::opt<std::string> outputFile("o", cl::desc("The library to write"),
                                       cl::value_desc("model.so"), cl::Required,
                                       cl::cat(compileCategory));
static cl::opt<relax::ToolDevice>
    device("device", cl::desc("Where the library runs (a GPU library links "
                              "the device's runtime library)"),
           cl::init(relax::ToolDevice::CPU), relax::getToolDeviceValues(),
           cl::cat(compileCategory));
static cl::list<std::string> pipelineOptions(
    "pipeline-options",
    cl::desc("Options of --relax-lower-to-cpu (or, with a GPU --device, of "
             "--relax-lower-to-gpu, whose target is --device's), as relax-opt "
             "takes them (e.g. 'parallel=true')"),
    cl::cat(compileCategory));
static cl::opt<bool> liftTransformParams(
    "lift-transform-params",
    cl::desc("Compute what depends on weights alone once, when the library "
             "loads (--relax-lift-transform-params{transpose-weights})"),
    cl::init(true), cl::cat(compileCategory));
static cl::opt<bool> packWeights(
    "pack-weights",
    cl::desc("On the CPU, lift products by weights to products by the weights "
             "packed in panels of the contraction tile's columns "
             "(--relax-lift-transform-params{pack-weights})"),
    cl::init(true), cl::cat(compileCategory));
static cl::opt<std::string>
    cpuName("cpu",
            cl::desc("The CPU to generate code for, as LLVM names it (e.g. "
                     "x86-64-v3); default: this host's, with its features"),
            cl::cat(compileCategory));
static cl::opt<std::string> linker(
    "linker",
    cl::desc("The ELF linker (default: ld.lld of LLVM " LLVM_VERSION_STRING
             ")"),
    cl::init(RELAX_LLD_PATH), cl::cat(compileCategory));
static cl::opt<std::string> ompLibrary(
    "omp-library", cl::desc("OpenMP runtime library, for parallel=true"),
    cl::init("/usr/lib/llvm-22/lib/libomp.so"), cl::cat(compileCategory));

static int fail(const llvm::Twine &message) {
  return relax::reportToolError("relax-compile", message);
}

/// The x86 features a library records: the ones whose absence makes its
/// code fault, and which the runtime can ask the CPU about.
static constexpr llvm::StringLiteral kCheckedFeatures[] = {
    "avx",      "avx2",     "fma",      "f16c",       "avx512f",
    "avx512bw", "avx512dq", "avx512vl", "avx512vnni", "avx512bf16"};

namespace {
/// What the metadata says about one graph function.
struct ExportedFunction {
  std::string name;
  llvm::json::Object json;
  unsigned numResults;
};
} // namespace

/// A parameter's or result's entry in the metadata, or failure with a
/// diagnostic when `type` is not a ranked tensor.
static FailureOr<llvm::json::Object>
describeTensor(relax::FuncOp func, Type type, const llvm::Twine &what) {
  auto tensor = dyn_cast<relax::RelaxTensorType>(type);
  if (!tensor || !tensor.hasRank() || !tensor.getElementType())
    return func.emitError() << what << " has type " << type
                            << ": a library function takes and returns "
                               "tensors of known rank and element type";
  Type element = tensor.getElementType();
  if (!element.isIntOrFloat() || element.isUnsignedInteger() ||
      (element.isInteger() &&
       !llvm::is_contained(ArrayRef<unsigned>{1, 8, 16, 32, 64},
                           element.getIntOrFloatBitWidth())))
    return func.emitError() << what << " has element type " << element
                            << ", which a library cannot pass";
  llvm::json::Array shape;
  for (sym::SymExprAttr dim : tensor.getDims()) {
    if (!dim)
      shape.push_back("?");
    else if (std::optional<int64_t> value = dim.getConstantValue())
      shape.push_back(*value);
    else
      shape.push_back(sym::toString(dim));
  }
  return llvm::json::Object{{"dtype", llvm::formatv("{0}", element).str()},
                            {"shape", std::move(shape)}};
}

/// The metadata of the public graph functions of `module`, or failure with
/// diagnostics.
static FailureOr<std::vector<ExportedFunction>>
describeFunctions(ModuleOp module, uint64_t &weightBytes) {
  std::vector<ExportedFunction> exported;
  llvm::StringMap<uint64_t> weights;
  bool failedAny = false;
  for (auto func : module.getOps<relax::FuncOp>()) {
    if (!func.isPublic() || func.isExternal())
      continue;
    ExportedFunction entry;
    entry.name = func.getSymName().str();
    unsigned numTransformed = 0;
    StringRef transform;
    if (auto symbol = func->getAttrOfType<FlatSymbolRefAttr>(
            relax::RelaxDialect::getTransformParamsAttrName())) {
      transform = symbol.getValue();
      if (auto callee = module.lookupSymbol<relax::FuncOp>(symbol))
        numTransformed = callee.getFunctionType().getNumResults();
    }
    unsigned numParams = func.getNumArguments();
    llvm::json::Array params, results;
    for (auto [i, type] : llvm::enumerate(func.getArgumentTypes())) {
      FailureOr<llvm::json::Object> param =
          describeTensor(func, type, "parameter #" + llvm::Twine(i));
      if (failed(param)) {
        failedAny = true;
        continue;
      }
      auto name = func.getArgAttrOfType<StringAttr>(
          i, relax::RelaxDialect::getParamNameAttrName());
      auto tensor = cast<relax::RelaxTensorType>(type);
      if (i + numTransformed >= numParams) {
        (*param)["transformed"] = int64_t(i + numTransformed - numParams);
      } else if (name &&
                 llvm::all_of(tensor.getDims(), [](sym::SymExprAttr dim) {
                   return dim && dim.getConstantValue();
                 })) {
        (*param)["weight"] = name.getValue();
        // Each rank binds its block of a split weight.
        if (std::optional<relax::SplitSpec> split =
                relax::getSplitSpec(func.getArgAttrDict(i))) {
          llvm::json::Object entry{{"axis", split->axis}};
          if (!split->segments.empty())
            entry["segments"] = llvm::json::Array(split->segments);
          (*param)["split"] = std::move(entry);
        }
        uint64_t bytes =
            (tensor.getElementType().getIntOrFloatBitWidth() + 7) / 8;
        for (sym::SymExprAttr dim : tensor.getDims())
          bytes *= *dim.getConstantValue();
        weights[name.getValue()] = bytes;
      }
      params.push_back(std::move(*param));
    }
    for (auto [i, type] : llvm::enumerate(func.getResultTypes())) {
      FailureOr<llvm::json::Object> result =
          describeTensor(func, type, "result #" + llvm::Twine(i));
      if (failed(result)) {
        failedAny = true;
        continue;
      }
      results.push_back(std::move(*result));
    }
    // The signature, as a declaration a tool can parse back.
    std::string signature;
    {
      OpBuilder builder(func);
      auto decl = cast<relax::FuncOp>(builder.cloneWithoutRegions(*func));
      // The metadata names the transform; the declaration stands alone.
      decl->removeAttr(relax::RelaxDialect::getTransformParamsAttrName());
      llvm::raw_string_ostream os(signature);
      decl->print(os, OpPrintingFlags().useLocalScope());
      decl->erase();
    }
    entry.json = llvm::json::Object{{"name", entry.name},
                                    {"symbol", "relax_call_" + entry.name},
                                    {"params", std::move(params)},
                                    {"results", std::move(results)},
                                    {"signature", signature}};
    if (!transform.empty())
      entry.json["transform_params"] = transform;
    // A paged KV cache the function takes: its parameter and its bytes per
    // page and per token.
    func.walk([&](relax::PagedKVAppendOp append) {
      auto arg = dyn_cast<BlockArgument>(append.getPages());
      auto type = dyn_cast<relax::RelaxTensorType>(append.getPages().getType());
      if (!arg || !type || !type.hasRank() || type.getRank() != 6)
        return WalkResult::advance();
      int64_t bytes = (type.getElementType().getIntOrFloatBitWidth() + 7) / 8;
      for (auto [d, dim] : llvm::enumerate(type.getDims())) {
        std::optional<int64_t> value =
            dim ? dim.getConstantValue() : std::nullopt;
        if (d == 1)
          continue;
        if (!value)
          return WalkResult::advance();
        bytes *= *value;
      }
      int64_t pageSize = *type.getDims()[4].getConstantValue();
      entry.json["kv_cache"] = llvm::json::Object{
          {"param", int64_t(arg.getArgNumber())},
          {"page_size", pageSize},
          {"bytes_per_page", bytes},
          {"bytes_per_token", pageSize ? bytes / pageSize : 0}};
      return WalkResult::interrupt();
    });
    entry.numResults = func.getFunctionType().getNumResults();
    exported.push_back(std::move(entry));
  }
  if (failedAny)
    return failure();
  weightBytes = 0;
  for (const auto &weight : weights)
    weightBytes += weight.getValue();
  return exported;
}

/// Adds `relax_call_<name>(void **args)` for each exported function: it
/// calls `_mlir_ciface_<name><entrySuffix>` with args[0], args[1], ... (the
/// C interface takes every memref descriptor, results first, by pointer).
/// Hides every other definition.
static LogicalResult addEntryPoints(llvm::Module &module,
                                    ArrayRef<ExportedFunction> exported,
                                    StringRef entrySuffix,
                                    const std::string &metadata) {
  llvm::LLVMContext &context = module.getContext();
  for (llvm::GlobalValue &global : module.global_values())
    if (!global.isDeclaration() && !global.hasLocalLinkage())
      global.setVisibility(llvm::GlobalValue::HiddenVisibility);

  // A graph function takes each memref as its expanded fields, and its C
  // interface wrapper calls it with all of them: thousands of arguments for
  // a decoder of many layers, whose call instruction selection combines in
  // time that grows faster than their number (23 s for 32 layers). Inlined
  // into the wrapper, the fields are loads from the descriptors instead.
  for (const ExportedFunction &function : exported)
    if (llvm::Function *host =
            module.getFunction((function.name + entrySuffix).str()))
      host->addFnAttr(llvm::Attribute::AlwaysInline);

  auto *ptrType = llvm::PointerType::getUnqual(context);
  for (const ExportedFunction &function : exported) {
    llvm::Function *callee =
        module.getFunction(("_mlir_ciface_" + function.name + entrySuffix)
                               .str());
    if (!callee || callee->isDeclaration()) {
      fail("the pipeline made no C interface for @" + function.name);
      return failure();
    }
    auto *entry = llvm::Function::Create(
        llvm::FunctionType::get(llvm::Type::getVoidTy(context), {ptrType},
                                false),
        llvm::GlobalValue::ExternalLinkage, "relax_call_" + function.name,
        module);
    llvm::IRBuilder<> b(llvm::BasicBlock::Create(context, "entry", entry));
    // Without results, the C interface takes no result pointer: args[0]
    // is then unused.
    unsigned first = function.numResults ? 0 : 1;
    SmallVector<llvm::Value *> args;
    for (unsigned i = 0, e = callee->arg_size(); i < e; ++i) {
      if (!callee->getArg(i)->getType()->isPointerTy()) {
        fail("@" + function.name +
             "'s C interface takes a value that is "
             "not a descriptor pointer");
        return failure();
      }
      llvm::Value *slot =
          b.CreateConstGEP1_64(ptrType, entry->getArg(0), first + i);
      args.push_back(b.CreateLoad(ptrType, slot));
    }
    b.CreateCall(callee, args);
    b.CreateRetVoid();
  }

  auto *i32 = llvm::Type::getInt32Ty(context);
  new llvm::GlobalVariable(module, i32, /*isConstant=*/true,
                           llvm::GlobalValue::ExternalLinkage,
                           llvm::ConstantInt::get(i32, RELAX_LIBRARY_VERSION),
                           "relax_library_version");
  llvm::Constant *text = llvm::ConstantDataArray::getString(context, metadata);
  new llvm::GlobalVariable(module, text->getType(), /*isConstant=*/true,
                           llvm::GlobalValue::ExternalLinkage, text,
                           "relax_library_metadata");
  return success();
}

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  registerDefaultTimingManagerCLOptions();
  relax::hideUnrelatedOptions(compileCategory);
  cl::ParseCommandLineOptions(
      argc, argv,
      "Relax-MLIR compiler: compiles a module into a shared library for the "
      "CPU or a GPU, which librelax_runtime (Relax/Runtime/RelaxModule.h) and "
      "relax-run load\n");
  llvm::InitializeNativeTarget();
  llvm::InitializeNativeTargetAsmPrinter();
  relax::registerAllPasses();
  auto start = std::chrono::steady_clock::now();
  // `--mlir-timing`: each stage's passes, then LLVM's phases.
  DefaultTimingManager timing;
  applyDefaultTimingManagerCLOptions(timing);
  TimingScope rootTiming = timing.getRootScope();

  // The pipeline's options, parsed as relax-opt parses them.
  std::unique_ptr<relax::CPUPipelineOptions> cpuPipeline;
  std::unique_ptr<relax::GPUPipelineOptions> gpuPipeline;
  std::string pipelineString = llvm::join(pipelineOptions, " ");
  if (std::string error = relax::parseToolPipelineOptions(
          device, pipelineString, cpuPipeline, gpuPipeline);
      !error.empty())
    return fail(error);
  if (gpuPipeline && (!gpuPipeline->toLLVM || !gpuPipeline->toBinary))
    return fail("--pipeline-options: a library needs to-llvm=true and "
                "to-binary=true");
  if (cpuPipeline && !cpuPipeline->toLLVM)
    return fail("--pipeline-options: a library needs to-llvm=true");
  StringRef deviceName = relax::getToolDeviceName(device);

  // The libraries the compiled code calls: the runtime always (failed
  // checks, strided copies), the CPU's BLAS and OpenMP when asked for, a
  // GPU's runtime.
  auto libPath = [&](StringRef name) {
    return relax::getToolPath(argv[0], reinterpret_cast<void *>(&fail), "lib",
                              name);
  };
  SmallVector<std::string> libraries = {libPath("librelax_runtime.so")};
  if (cpuPipeline) {
    if (cpuPipeline->library)
      libraries.push_back(libPath("librelax_cpu_runtime.so"));
    if (cpuPipeline->quantizedKernels)
      libraries.push_back(libPath("librelax_cpu_kernels.so"));
    if (cpuPipeline->getParallelism() == relax::CPUParallelism::OpenMP)
      libraries.push_back(ompLibrary);
    if (cpuPipeline->getParallelism() == relax::CPUParallelism::Async)
      return fail("--pipeline-options: runtime=async needs MLIR's async "
                  "runtime, which a library does not link: use "
                  "runtime=openmp");
  } else {
    StringRef runtimeName = relax::getGPURuntimeName(device);
    libraries.push_back(
        libPath(("librelax_" + runtimeName + "_runtime.so").str()));
    if (!llvm::sys::fs::exists(libraries.back()))
      return fail("no " + libraries.back() + " to link (librelax_" +
                  runtimeName + "_runtime is built when its SDK is installed)");
  }
  for (const std::string &library : libraries)
    if (!llvm::sys::fs::exists(library))
      return fail("no " + library + " to link");
  if (!llvm::sys::fs::can_execute(linker))
    return fail("no linker at " + linker + " (--linker)");

  // The target: this host with its features, or the CPU --cpu names.
  auto machineBuilder = llvm::orc::JITTargetMachineBuilder::detectHost();
  if (!machineBuilder)
    return fail("cannot detect the host: " +
                toString(machineBuilder.takeError()));
  if (!cpuName.empty()) {
    // Checked before a subtarget of that CPU exists, which would warn.
    std::string error;
    const llvm::Target *target = llvm::TargetRegistry::lookupTarget(
        machineBuilder->getTargetTriple(), error);
    std::unique_ptr<llvm::MCSubtargetInfo> generic(
        target ? target->createMCSubtargetInfo(
                     machineBuilder->getTargetTriple(), "", "")
               : nullptr);
    if (!generic || !generic->isCPUStringValid(cpuName))
      return fail("--cpu=" + cpuName + " is not a CPU LLVM knows for " +
                  machineBuilder->getTargetTriple().str());
    machineBuilder->setCPU(cpuName);
    machineBuilder->getFeatures() = llvm::SubtargetFeatures();
  }
  machineBuilder->setRelocationModel(llvm::Reloc::PIC_);
  machineBuilder->setCodeGenOptLevel(llvm::CodeGenOptLevel::Aggressive);
  auto machine = machineBuilder->createTargetMachine();
  if (!machine)
    return fail("cannot create a target machine: " +
                toString(machine.takeError()));
  const llvm::MCSubtargetInfo *subtarget = (*machine)->getMCSubtargetInfo();
  DialectRegistry registry;
  relax::registerAllDialects(registry);
  registerBuiltinDialectTranslation(registry);
  registerLLVMDialectTranslation(registry);
  registerOpenMPDialectTranslation(registry);
  MLIRContext context(registry);
  auto source = llvm::MemoryBuffer::getFileOrSTDIN(inputFile, /*IsText=*/true);
  if (!source)
    return fail("cannot read " + inputFile + ": " +
                source.getError().message());
  if (failed(relax::checkParserHazards(**source, llvm::errs())))
    return 1;
  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(std::move(*source), llvm::SMLoc());
  SourceMgrDiagnosticHandler diagnostics(sourceMgr, &context);
  OwningOpRef<ModuleOp> module = parseSourceFile<ModuleOp>(sourceMgr, &context);
  if (!module)
    return 1;

  // Shapes first, so that the metadata records them; then what depends on
  // weights alone moves into `@<f>_transform_params`, which the runtime
  // calls once at load.
  {
    PassManager pm(&context);
    TimingScope stageTiming = rootTiming.nest("Shapes and weight transforms");
    pm.enableTiming(stageTiming);
    pm.addPass(relax::createRelaxInferShapesPass());
    pm.addPass(relax::createRelaxTensorParallelPass());
    if (liftTransformParams) {
      relax::RelaxLiftTransformParamsPassOptions liftOptions;
      if (std::string error = relax::setToolLiftOptions(
              &context, cpuPipeline.get(), packWeights, liftOptions);
          !error.empty())
        return fail(error);
      pm.addPass(relax::createRelaxLiftTransformParamsPass(liftOptions));
    }
    if (failed(pm.run(*module)))
      return 1;
  }
  // A model split over ranks links the collectives.
  int64_t numRanks = 1;
  for (auto func : module->getOps<relax::FuncOp>())
    if (std::optional<relax::GridInfo> grid = relax::getGridInfo(func))
      numRanks = std::max(numRanks, grid->numRanks);
  if (numRanks > 1) {
    libraries.push_back(libPath("librelax_mpi_runtime.so"));
    if (!llvm::sys::fs::exists(libraries.back()))
      return fail(inputFile + " is split over " + Twine(numRanks) +
                  " ranks, and there is no " + libraries.back() +
                  " to link (it is built when MPI is installed)");
  }
  uint64_t weightBytes = 0;
  FailureOr<std::vector<ExportedFunction>> exported =
      describeFunctions(*module, weightBytes);
  if (failed(exported))
    return 1;
  if (exported->empty())
    return fail(inputFile + " has no public relax.func to export");

  // Through memory planning, which records each function's planned peak:
  // the scratch a call needs, as a formula and at the bounds.
  {
    PassManager pm(&context);
    TimingScope stageTiming = rootTiming.nest("Planning stages");
    pm.enableTiming(stageTiming);
    if (cpuPipeline)
      relax::buildRelaxCPUPlanningStages(pm, *cpuPipeline,
                                         /*recordPlan=*/true);
    else
      relax::buildRelaxGPUPlanningStages(pm, *gpuPipeline,
                                         /*recordPlan=*/true);
    if (failed(pm.run(*module)))
      return 1;
  }
  for (ExportedFunction &function : *exported) {
    auto func = module->lookupSymbol<relax::FuncOp>(function.name);
    auto peak = func ? func->getAttrOfType<sym::SymExprAttr>(
                           relax::RelaxDialect::getPlannedPeakAttrName())
                     : sym::SymExprAttr();
    if (!peak)
      continue;
    llvm::json::Object memory{{"scratch_bytes", sym::toString(peak)}};
    if (auto max = func->getAttrOfType<IntegerAttr>(
            relax::RelaxDialect::getPlannedPeakMaxAttrName()))
      memory["scratch_bytes_at_bounds"] = max.getInt();
    function.json["memory"] = std::move(memory);
  }
  {
    PassManager pm(&context);
    TimingScope stageTiming = rootTiming.nest("Host stages");
    pm.enableTiming(stageTiming);
    if (cpuPipeline)
      relax::buildRelaxCPUHostStages(pm, *cpuPipeline);
    else
      relax::buildRelaxGPUHostStages(pm, *gpuPipeline);
    if (failed(pm.run(*module)))
      return 1;
  }

  llvm::json::Array features;
  for (StringRef feature : kCheckedFeatures)
    if (subtarget->checkFeatures(("+" + feature).str()))
      features.push_back(feature);

  llvm::json::Object metadata{
      {"format", "relax-library"},
      {"version", RELAX_LIBRARY_VERSION},
      {"target",
       llvm::json::Object{{"device", deviceName},
                          {"triple", (*machine)->getTargetTriple().str()},
                          {"cpu", (*machine)->getTargetCPU().str()},
                          {"features", std::move(features)}}},
      {"memory", llvm::json::Object{{"weight_bytes", int64_t(weightBytes)}}}};
  if (numRanks > 1)
    metadata["tensor_parallel"] = llvm::json::Object{{"ranks", numRanks}};
  llvm::json::Array functions;
  for (ExportedFunction &function : *exported)
    functions.push_back(llvm::json::Object(function.json));
  metadata["functions"] = std::move(functions);
  std::string metadataText =
      llvm::formatv("{0}", llvm::json::Value(std::move(metadata))).str();

  llvm::LLVMContext llvmContext;
  TimingScope translateTiming = rootTiming.nest("Translation to LLVM IR");
  std::unique_ptr<llvm::Module> llvmModule =
      translateModuleToLLVMIR(*module, llvmContext, inputFile);
  translateTiming.stop();
  if (!llvmModule)
    return fail("cannot translate the lowered module to LLVM IR");
  ExecutionEngine::setupTargetTripleAndDataLayout(llvmModule.get(),
                                                  machine->get());
  // A GPU library's calls take and return device memory.
  if (failed(addEntryPoints(*llvmModule, *exported,
                            gpuPipeline ? "_device" : "", metadataText)))
    return 1;
  // Only the entry points are called from outside: the graph functions
  // and their C wrappers, inlined into those, are not compiled again on
  // their own.
  std::vector<std::string> entryPoints;
  for (const ExportedFunction &function : *exported)
    entryPoints.push_back("relax_call_" + function.name);
  auto optimize = relax::makeLLVMOptimizer(machine->get(), entryPoints);
  TimingScope optimizeTiming = rootTiming.nest("LLVM optimization");
  if (llvm::Error error = optimize(llvmModule.get()))
    return fail("cannot optimize the LLVM IR: " + toString(std::move(error)));

  optimizeTiming.stop();

  // Code into a temporary object, linked into the library.
  TimingScope codegenTiming = rootTiming.nest("LLVM code generation");
  SmallString<128> objectPath;
  int objectFD;
  if (std::error_code error = llvm::sys::fs::createTemporaryFile(
          "relax-compile", "o", objectFD, objectPath))
    return fail("cannot create a temporary file: " + error.message());
  llvm::FileRemover removeObject(objectPath);
  {
    llvm::raw_fd_ostream os(objectFD, /*shouldClose=*/true);
    llvm::legacy::PassManager codegen;
    if ((*machine)->addPassesToEmitFile(codegen, os, nullptr,
                                        llvm::CodeGenFileType::ObjectFile))
      return fail("the target machine cannot emit an object file");
    codegen.run(*llvmModule);
    os.flush();
    if (os.has_error())
      return fail("cannot write " + objectPath + ": " + os.error().message());
  }
  codegenTiming.stop();
  TimingScope linkTiming = rootTiming.nest("Linking");
  SmallVector<std::string> linkArgs = {
      linker, "-shared",  "--as-needed",
      "-o",   outputFile, objectPath.str().str(),
      "-z",   "now",      "--hash-style=gnu"};
  llvm::StringSet<> rpaths;
  for (const std::string &library : libraries) {
    linkArgs.push_back(library);
    StringRef dir = llvm::sys::path::parent_path(library);
    if (rpaths.insert(dir).second)
      linkArgs.push_back(("-rpath=" + dir).str());
  }
  SmallVector<StringRef> argRefs(linkArgs.begin(), linkArgs.end());
  std::string linkError;
  int status = llvm::sys::ExecuteAndWait(linker, argRefs, std::nullopt, {}, 0,
                                         0, &linkError);
  if (status != 0)
    return fail("linking " + outputFile + " failed" +
                (linkError.empty() ? "" : ": " + linkError));
  linkTiming.stop();

  double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
          .count();
  llvm::outs() << "relax-compile: wrote " << outputFile << " for "
               << (gpuPipeline ? deviceName : (*machine)->getTargetCPU())
               << " in "
               << llvm::format("%.1f", seconds) << " s:";
  for (const ExportedFunction &function : *exported)
    llvm::outs() << " @" << function.name;
  llvm::outs() << "; weights " << weightBytes << " bytes\n";
  // The memory budget: what each call needs besides the weights.
  for (const ExportedFunction &function : *exported) {
    const llvm::json::Object *memory = function.json.getObject("memory");
    const llvm::json::Object *cache = function.json.getObject("kv_cache");
    if (!memory && !cache)
      continue;
    llvm::outs() << "  @" << function.name << ":";
    if (memory) {
      llvm::outs() << " scratch " << *memory->getString("scratch_bytes")
                   << " bytes";
      if (std::optional<int64_t> max =
              memory->getInteger("scratch_bytes_at_bounds"))
        llvm::outs() << " (" << *max << " at the bounds)";
    }
    if (cache)
      llvm::outs() << (memory ? "; " : " ") << "KV cache "
                   << *cache->getInteger("bytes_per_token")
                   << " bytes per token, "
                   << *cache->getInteger("bytes_per_page") << " per page";
    llvm::outs() << "\n";
  }
  return 0;
}
