//===- TranslateToWGSL.cpp - The WGSL of a module's WebGPU kernels --------===//
//
// Collects what the emitter needs beyond a kernel's SPIR-V: the host's view
// of its arguments (from its `gpu.func`) and which read-only buffers its
// launches alias with written ones.
//
//===----------------------------------------------------------------------===//

#include "Relax/Target/WGSL/WGSLEmitter.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SPIRV/IR/SPIRVOps.h"
#include "mlir/Dialect/SPIRV/IR/TargetAndABI.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"

using namespace mlir;
using namespace mlir::relax;
using namespace mlir::relax::wgsl;

namespace {
/// The allocations that buffer values view, through view-like ops and,
/// for a function's arguments, the operands of its calls.
class UnderlyingBuffers {
public:
  explicit UnderlyingBuffers(Operation *root) {
    root->walk([&](CallOpInterface call) {
      if (auto callee =
              dyn_cast_or_null<FunctionOpInterface>(call.resolveCallable()))
        calls[callee].push_back(call);
    });
  }

  /// The allocations (or arguments of uncalled functions) `value` views.
  /// (A copy: computing it may grow the cache.)
  DenseSet<Value> get(Value value) {
    auto it = cache.find(value);
    if (it != cache.end())
      return it->second;
    DenseSet<Value> result;
    // A cycle of calls sees the value itself.
    cache[value] = {value};
    Value source = value;
    while (Operation *def = source.getDefiningOp()) {
      if (auto view = dyn_cast<ViewLikeOpInterface>(def)) {
        source = view.getViewSource();
        continue;
      }
      if (auto metadata = dyn_cast<memref::ExtractStridedMetadataOp>(def)) {
        source = metadata.getSource();
        continue;
      }
      break;
    }
    auto arg = dyn_cast<BlockArgument>(source);
    auto function =
        arg ? dyn_cast<FunctionOpInterface>(arg.getOwner()->getParentOp())
            : nullptr;
    if (function && arg.getOwner()->isEntryBlock() && calls.count(function)) {
      for (CallOpInterface call : calls[function]) {
        auto operands = call.getArgOperands();
        if (arg.getArgNumber() < operands.size()) {
          DenseSet<Value> callerBuffers = get(operands[arg.getArgNumber()]);
          result.insert(callerBuffers.begin(), callerBuffers.end());
        }
      }
    } else {
      result.insert(source);
    }
    cache[value] = result;
    return result;
  }

  bool alias(Value a, Value b) {
    DenseSet<Value> first = get(a);
    return llvm::any_of(get(b), [&](Value v) { return first.contains(v); });
  }

private:
  DenseMap<Operation *, SmallVector<CallOpInterface>> calls;
  DenseMap<Value, DenseSet<Value>> cache;
};
} // namespace

/// Whether `module` is compiled for WebGPU.
static bool isWebGPUModule(gpu::GPUModuleOp module) {
  if (ArrayAttr targets = module.getTargetsAttr())
    for (Attribute target : targets)
      if (auto env = dyn_cast<spirv::TargetEnvAttr>(target))
        return env.getClientAPI() == spirv::ClientAPI::WebGPU;
  return false;
}

LogicalResult wgsl::translateModuleToWGSL(
    Operation *root, const WGSLLimits &limits,
    function_ref<LogicalResult(Operation *gpuModule, StringRef wgsl)> emit) {
  UnderlyingBuffers buffers(root);
  SmallVector<gpu::GPUModuleOp> modules;
  root->walk([&](gpu::GPUModuleOp module) {
    if (isWebGPUModule(module))
      modules.push_back(module);
  });
  for (gpu::GPUModuleOp module : modules) {
    auto spirvModules = module.getOps<spirv::ModuleOp>();
    if (spirvModules.empty())
      return module.emitError("has no spirv.module to print as WGSL (run "
                              "--relax-gpu-to-spirv first)");
    spirv::ModuleOp spirvModule = *spirvModules.begin();
    gpu::GPUFuncOp kernel;
    for (auto func : module.getOps<gpu::GPUFuncOp>())
      if (func.isKernel()) {
        if (kernel)
          return module.emitError("the webgpu target needs one kernel per "
                                  "gpu.module");
        kernel = func;
      }
    if (!kernel)
      return module.emitError("has no kernel");

    SmallVector<KernelArgument> arguments;
    for (Type type : kernel.getArgumentTypes()) {
      KernelArgument arg;
      if (auto memref = dyn_cast<MemRefType>(type)) {
        arg.type = memref.getElementType();
        arg.rank = memref.getRank();
      } else {
        arg.type = type;
      }
      arguments.push_back(arg);
    }

    // A read-only binding of a buffer that the same launch also binds
    // writable would be two usages of one buffer in a dispatch. A binding
    // made writable for that may in turn alias another read-only one (two
    // reads of one buffer, one of which a launch elsewhere writes through),
    // so this runs until no binding changes.
    SmallVector<bool> written = getWrittenBindings(spirvModule);
    written.resize(arguments.size(), false);
    SymbolRefAttr symbol = SymbolRefAttr::get(
        module.getNameAttr(), {FlatSymbolRefAttr::get(kernel.getNameAttr())});
    SmallVector<gpu::LaunchFuncOp> launches;
    root->walk([&](gpu::LaunchFuncOp launch) {
      if (launch.getKernel() == symbol)
        launches.push_back(launch);
    });
    auto writable = [&](unsigned i) {
      return written[i] || arguments[i].forceReadWrite;
    };
    for (bool changed = true; changed;) {
      changed = false;
      for (gpu::LaunchFuncOp launch : launches) {
        ValueRange operands = launch.getKernelOperands();
        for (auto [i, arg] : llvm::enumerate(arguments)) {
          if (!arg.isBuffer() || writable(i) || i >= operands.size())
            continue;
          for (auto [j, other] : llvm::enumerate(arguments))
            if (j != i && other.isBuffer() && writable(j) &&
                j < operands.size() &&
                buffers.alias(operands[i], operands[j])) {
              arg.forceReadWrite = true;
              changed = true;
              break;
            }
        }
      }
    }

    std::string wgsl;
    llvm::raw_string_ostream os(wgsl);
    if (failed(translateToWGSL(spirvModule, kernel.getName(), arguments, limits,
                               os)))
      return failure();
    if (failed(emit(module, wgsl)))
      return failure();
  }
  return success();
}
