//===- RunLibrary.cpp - relax-run on a compiled library -------------------===//

#include "RunLibrary.h"
#include "Npy.h"
#include "Random.h"
#include "Sizes.h"

#include "Relax/InitAll.h"
#include "Relax/Runtime/RelaxModule.h"
#include "Relax/Tools/ToolSupport.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <chrono>
#include <cstring>
#include <limits>

using namespace mlir;
using namespace relax_run;

static int fail(const Twine &message) {
  return relax::reportToolError("relax-run", message);
}

bool relax_run::isSharedLibrary(StringRef path) {
  auto buffer = llvm::MemoryBuffer::getFileSlice(path, 4, 0);
  return buffer && (*buffer)->getBuffer() == "\x7f"
                                             "ELF";
}

namespace {
/// A loaded module, released at the end of the run.
struct ModuleHandle {
  RelaxModule *module = nullptr;
  ~ModuleHandle() { relaxModuleFree(module); }
};

/// The results of one call, released when replaced or at the end.
struct Results {
  std::vector<DLManagedTensor *> tensors;
  void release() {
    for (DLManagedTensor *tensor : tensors)
      if (tensor)
        tensor->deleter(tensor);
    std::fill(tensors.begin(), tensors.end(), nullptr);
  }
  ~Results() { release(); }
};
} // namespace

int relax_run::runLibrary(const LibraryRun &run) {
  if (StringRef(run.weightsFile).ends_with(".npz"))
    return fail("a library takes its weights from a .safetensors file, not " +
                run.weightsFile);
  ModuleHandle handle;
  if (relaxModuleLoad(run.path.c_str(),
                      run.weightsFile.empty() ? nullptr
                                              : run.weightsFile.c_str(),
                      &handle.module))
    return fail(relaxGetLastErrorMessage());

  // The entry's signature, parsed back from the metadata: the types of its
  // inputs and results, and its constraints.
  llvm::Expected<llvm::json::Value> metadata =
      llvm::json::parse(relaxModuleGetMetadata(handle.module));
  if (!metadata)
    return fail("bad metadata in " + run.path + ": " +
                toString(metadata.takeError()));
  const llvm::json::Object *entryJson = nullptr;
  if (const llvm::json::Array *functions =
          metadata->getAsObject()->getArray("functions"))
    for (const llvm::json::Value &function : *functions)
      if (function.getAsObject()->getString("name") == StringRef(run.entry))
        entryJson = function.getAsObject();
  if (!entryJson)
    return fail("no function @" + run.entry + " in " + run.path);
  std::optional<StringRef> signature = entryJson->getString("signature");
  const llvm::json::Array *params = entryJson->getArray("params");
  if (!signature || !params)
    return fail("no signature of @" + run.entry + " in " + run.path);

  DialectRegistry registry;
  relax::registerAllDialects(registry);
  MLIRContext context(registry);
  OwningOpRef<ModuleOp> declModule =
      parseSourceString<ModuleOp>(*signature, &context);
  if (!declModule)
    return fail("cannot parse the signature of @" + run.entry);
  auto decls = declModule->getOps<relax::FuncOp>();
  if (decls.empty())
    return fail("cannot parse the signature of @" + run.entry);
  relax::FuncOp decl = *decls.begin();
  auto isTensor = [](Type type) {
    auto tensor = dyn_cast<relax::RelaxTensorType>(type);
    return tensor && tensor.hasRank() && tensor.getElementType() &&
           getElementLayout(tensor.getElementType());
  };
  if (decl.getNumArguments() != params->size() ||
      !llvm::all_of(decl.getArgumentTypes(), isTensor) ||
      !llvm::all_of(decl.getResultTypes(), isTensor))
    return fail("the signature of @" + run.entry + " in " + run.path +
                " does not match its parameters");

  RelaxFunction *function = nullptr;
  if (relaxModuleGetFunction(handle.module, run.entry.c_str(), &function))
    return fail(relaxGetLastErrorMessage());

  // The inputs: the parameters that are neither weights nor computed from
  // them.
  SmallVector<relax::RelaxTensorType> inputTypes;
  SmallVector<ElementLayout> inputLayouts;
  for (auto [i, param] : llvm::enumerate(*params)) {
    const llvm::json::Object *object = param.getAsObject();
    if (object->get("weight") || object->get("transformed"))
      continue;
    auto type = cast<relax::RelaxTensorType>(decl.getArgumentTypes()[i]);
    inputTypes.push_back(type);
    inputLayouts.push_back(*getElementLayout(type.getElementType()));
  }
  SmallVector<ElementLayout> resultLayouts;
  for (Type type : decl.getResultTypes())
    resultLayouts.push_back(
        *getElementLayout(cast<relax::RelaxTensorType>(type).getElementType()));

  llvm::SetVector<StringAttr> vars;
  for (relax::RelaxTensorType type : inputTypes)
    for (sym::SymExprAttr dim : type.getDims())
      if (dim)
        dim.collectVars(vars);
  std::string error;
  FailureOr<SizeValues> sizeValues =
      parseSizes(run.sizes, vars, run.entry, &context, error);
  if (failed(sizeValues) || failed(checkSizes(decl, *sizeValues, error)))
    return fail(error);
  if (!run.inputs.empty() && run.seed)
    llvm::errs() << "relax-run: warning: --seed has no effect with --input\n";

  std::vector<Array> args;
  if (!run.inputs.empty()) {
    if (run.inputs.size() != inputTypes.size())
      return fail("@" + run.entry + " takes " + Twine(inputTypes.size()) +
                  " inputs but " + Twine(run.inputs.size()) + " were given");
    for (auto [i, path] : llvm::enumerate(run.inputs)) {
      std::optional<Array> array = readNpy(path, error);
      if (!array)
        return fail(error);
      if (array->layout.descr != inputLayouts[i].descr)
        return fail("input #" + Twine(i) + " has dtype '" +
                    array->layout.descr + "' but @" + run.entry + " expects '" +
                    inputLayouts[i].descr + "'");
      args.push_back(std::move(*array));
    }
  } else {
    std::vector<std::vector<int64_t>> shapes;
    for (auto [i, type] : llvm::enumerate(inputTypes)) {
      std::optional<std::vector<int64_t>> shape =
          getShape(type, *sizeValues, inputLayouts[i].size, i, error);
      if (!shape)
        return fail(error);
      shapes.push_back(std::move(*shape));
    }
    RandomBits bits(run.seed.value_or(0));
    for (auto [i, type] : llvm::enumerate(inputTypes)) {
      std::optional<Array> array =
          Array::allocate(std::move(shapes[i]), inputLayouts[i]);
      if (!array)
        return fail("out of memory for input #" + Twine(i));
      fillRandom(*array, type.getElementType(), bits);
      args.push_back(std::move(*array));
    }
  }

  std::vector<DLTensor> tensors;
  for (auto [i, array] : llvm::enumerate(args)) {
    DLTensor tensor;
    tensor.data = array.data();
    tensor.device = DLDevice{kDLCPU, 0};
    tensor.ndim = static_cast<int>(array.shape.size());
    tensor.dtype = DLDataType{0, 0, 1};
    relaxFunctionGetInput(function, i, &tensor.dtype, nullptr);
    tensor.shape = array.shape.data();
    tensor.strides = nullptr;
    tensor.byte_offset = 0;
    tensors.push_back(tensor);
  }

  int numResults = relaxFunctionGetNumResults(function);
  Results results;
  results.tensors.assign(numResults, nullptr);
  double totalMs = 0, bestMs = std::numeric_limits<double>::infinity();
  for (unsigned rep = 0; rep < run.repetitions; ++rep) {
    results.release();
    auto start = std::chrono::steady_clock::now();
    if (relaxFunctionCall(function, tensors.data(),
                          static_cast<int>(tensors.size()),
                          results.tensors.data(), numResults)) {
      llvm::outs().flush();
      return fail(relaxGetLastErrorMessage());
    }
    double ms = std::chrono::duration<double, std::milli>(
                    std::chrono::steady_clock::now() - start)
                    .count();
    totalMs += ms;
    bestMs = std::min(bestMs, ms);
  }

  llvm::outs() << "@" << run.entry << ":";
  for (int index = 0; index < numResults; ++index) {
    const DLTensor &tensor = results.tensors[index]->dl_tensor;
    std::vector<int64_t> shape(tensor.shape, tensor.shape + tensor.ndim);
    std::optional<Array> out = Array::allocate(shape, resultLayouts[index]);
    if (!out)
      return fail("out of memory for result #" + Twine(index));
    if (out->getNumBytes())
      std::memcpy(out->data(), tensor.data, out->getNumBytes());
    if (!run.output.empty()) {
      std::string path = getResultPath(run.output, index);
      if (failed(writeNpy(path, *out)))
        return fail("cannot write " + path);
    }
    llvm::outs() << " result #" << index << " shape [";
    llvm::interleaveComma(shape, llvm::outs());
    llvm::outs() << "]";
  }
  llvm::outs() << "; loaded " << run.path << ", "
               << llvm::format("%.3f", totalMs / run.repetitions)
               << " ms per call over " << run.repetitions << " calls (best "
               << llvm::format("%.3f", bestMs) << " ms)\n";
  return 0;
}
