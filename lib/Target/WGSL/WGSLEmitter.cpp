//===- WGSLEmitter.cpp - SPIR-V compute shaders as WGSL -------------------===//
//
// A printer from the SPIR-V dialect to WGSL text. It handles what the
// webgpu target's kernels contain: one GLCompute entry point without
// arguments, storage buffers of Block structs, workgroup arrays, function
// variables, and structured control flow (`spirv.mlir.selection` as `if`,
// `spirv.mlir.loop` as `loop { ... }` with the back edge at its end). Each
// SSA value becomes a `let` (a `var` for block arguments), so WGSL's scopes
// mirror the SPIR-V regions that define them.
//
//===----------------------------------------------------------------------===//

#include "Relax/Target/WGSL/WGSLEmitter.h"

#include "WGSLPrinter.h"

#include "mlir/Dialect/SPIRV/IR/SPIRVOps.h"
#include "mlir/Dialect/SPIRV/IR/SPIRVTypes.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/raw_ostream.h"

#include <cmath>

using namespace mlir;
using namespace mlir::relax;
using namespace mlir::relax::wgsl;

namespace {

/// Words that WGSL reserves, which an entry point may not be named.
bool isReservedWord(StringRef name) {
  return llvm::StringSwitch<bool>(name)
      .Cases({"alias",    "break",      "case",    "const",      "const_assert",
              "continue", "continuing", "default", "diagnostic", "discard",
              "else",     "enable",     "false",   "fn",         "for",
              "if",       "let",        "loop",    "override",   "requires",
              "return",   "struct",     "switch",  "true",       "var",
              "while",    "main"},
             true)
      .Default(false);
}

/// `name` as a WGSL identifier: letters, digits and underscores, not
/// starting with a digit or two underscores, and not a reserved word.
std::string sanitizeIdentifier(StringRef name) {
  std::string result;
  for (char c : name)
    result += (llvm::isAlnum(c) || c == '_') ? c : '_';
  if (result.empty() || llvm::isDigit(result[0]) ||
      StringRef(result).starts_with("__") || isReservedWord(result))
    result = "k_" + result;
  // `k___x` would still hold two underscores in a row, which WGSL allows
  // anywhere but at the start.
  return result;
}
} // namespace

//===----------------------------------------------------------------------===//
// Statements
//===----------------------------------------------------------------------===//

LogicalResult WGSLPrinter::declareBlockArguments(Block *block) {
  for (BlockArgument arg : block->getArguments()) {
    if (blockArgVars.count(arg))
      continue;
    FailureOr<std::string> type = getType(arg.getType(), arg.getLoc());
    if (failed(type))
      return failure();
    std::string name = newName("b");
    line() << "var " << name << ": " << *type << ";\n";
    blockArgVars[arg] = name;
  }
  return success();
}

LogicalResult WGSLPrinter::assignBlockArguments(Block *dest,
                                                ValueRange operands,
                                                Location loc) {
  for (auto [arg, value] : llvm::zip(dest->getArguments(), operands)) {
    auto it = blockArgVars.find(arg);
    if (it == blockArgVars.end())
      return emitError(loc, "the webgpu target cannot print a branch to a "
                            "block with arguments here");
    line() << it->second << " = " << getValue(value) << ";\n";
  }
  return success();
}

void WGSLPrinter::bindBlockArguments(Block *block) {
  for (BlockArgument arg : block->getArguments()) {
    std::string name = newName("v");
    line() << "let " << name << " = " << blockArgVars[arg] << ";\n";
    bind(arg, name);
  }
}

LogicalResult WGSLPrinter::printChain(Block *block, Block *stop,
                                      LoopContext *loop) {
  while (true) {
    if (failed(printBlockOps(*block, loop)))
      return failure();
    Operation *terminator = block->getTerminator();
    Location loc = terminator->getLoc();
    if (isa<spirv::ReturnOp>(terminator)) {
      line() << "return;\n";
      return success();
    }
    if (isa<spirv::MergeOp>(terminator))
      return success();
    if (auto branch = dyn_cast<spirv::BranchOp>(terminator)) {
      Block *dest = branch.getTarget();
      if (failed(assignBlockArguments(dest, branch.getTargetOperands(), loc)))
        return failure();
      if (dest == stop)
        return success();
      if (loop && dest == loop->merge) {
        line() << "break;\n";
        return success();
      }
      if (!dest->getSinglePredecessor())
        return emitError(loc, "the webgpu target cannot print this "
                              "unstructured branch as WGSL");
      bindBlockArguments(dest);
      block = dest;
      continue;
    }
    auto cond = dyn_cast<spirv::BranchConditionalOp>(terminator);
    if (!cond || !loop)
      return emitError(loc, "the webgpu target cannot print this "
                            "terminator as WGSL");
    // A conditional exit from the loop, then the rest of its body.
    Block *exit = nullptr, *next = nullptr;
    ValueRange nextOperands;
    bool exitWhenTrue;
    if (cond.getTrueBlock() == loop->merge) {
      exit = cond.getTrueBlock();
      next = cond.getFalseBlock();
      nextOperands = cond.getFalseBlockArguments();
      exitWhenTrue = true;
    } else if (cond.getFalseBlock() == loop->merge) {
      exit = cond.getFalseBlock();
      next = cond.getTrueBlock();
      nextOperands = cond.getTrueBlockArguments();
      exitWhenTrue = false;
    } else {
      return emitError(loc, "the webgpu target cannot print this "
                            "conditional branch as WGSL");
    }
    (void)exit;
    std::string condition = getValue(cond.getCondition());
    line() << "if (" << (exitWhenTrue ? "" : "!") << condition << ") {\n";
    indent += 2;
    line() << "break;\n";
    indent -= 2;
    line() << "}\n";
    if (failed(assignBlockArguments(next, nextOperands, loc)))
      return failure();
    if (next == stop)
      return success();
    if (!next->getSinglePredecessor())
      return emitError(loc, "the webgpu target cannot print this "
                            "unstructured branch as WGSL");
    bindBlockArguments(next);
    block = next;
  }
}

LogicalResult WGSLPrinter::printSelection(spirv::SelectionOp op,
                                          LoopContext *loop) {
  if (op.getNumResults() != 0)
    return op.emitError("the webgpu target cannot print a selection with "
                        "results as WGSL");
  Block *header = &op.getBody().front();
  Block *merge = op.getMergeBlock();
  if (failed(printBlockOps(*header, loop)))
    return failure();
  auto cond = dyn_cast<spirv::BranchConditionalOp>(header->getTerminator());
  if (!cond)
    return op.emitError("the webgpu target expects a selection to start "
                        "with a conditional branch");
  Block *thenBlock = cond.getTrueBlock(), *elseBlock = cond.getFalseBlock();
  for (Block *block : {thenBlock, elseBlock})
    if (block != merge && failed(declareBlockArguments(block)))
      return failure();
  // A selection's blocks are reached from its header only; the branches of
  // a block to the merge block end a branch of the `if`.
  auto printBranch = [&](Block *block, ValueRange operands) {
    if (failed(assignBlockArguments(block, operands, op.getLoc())))
      return failure();
    if (block == merge)
      return success();
    bindBlockArguments(block);
    return printChain(block, merge, loop);
  };
  std::string condition = getValue(cond.getCondition());
  if (thenBlock == merge && elseBlock == merge)
    return success();
  bool negate = thenBlock == merge;
  line() << "if (" << (negate ? "!" : "") << condition << ") {\n";
  indent += 2;
  if (negate ? failed(printBranch(elseBlock, cond.getFalseBlockArguments()))
             : failed(printBranch(thenBlock, cond.getTrueBlockArguments())))
    return failure();
  indent -= 2;
  if (!negate && elseBlock != merge) {
    line() << "} else {\n";
    indent += 2;
    if (failed(printBranch(elseBlock, cond.getFalseBlockArguments())))
      return failure();
    indent -= 2;
  }
  line() << "}\n";
  return success();
}

LogicalResult WGSLPrinter::printLoop(spirv::LoopOp op) {
  if (op.getNumResults() != 0)
    return op.emitError("the webgpu target cannot print a loop with "
                        "results as WGSL");
  LoopContext loop;
  loop.header = op.getHeaderBlock();
  loop.continueBlock = op.getContinueBlock();
  loop.merge = op.getMergeBlock();
  Block *entry = op.getEntryBlock();
  auto enter = dyn_cast<spirv::BranchOp>(entry->getTerminator());
  if (!enter || enter.getTarget() != loop.header)
    return op.emitError("the webgpu target expects a loop to enter its "
                        "header with a branch");
  if (failed(printBlockOps(*entry, nullptr)) ||
      failed(declareBlockArguments(loop.header)) ||
      failed(assignBlockArguments(loop.header, enter.getTargetOperands(),
                                  op.getLoc())))
    return failure();
  if (loop.continueBlock != loop.header &&
      failed(declareBlockArguments(loop.continueBlock)))
    return failure();
  line() << "loop {\n";
  indent += 2;
  bindBlockArguments(loop.header);
  if (loop.continueBlock == loop.header)
    return op.emitError("the webgpu target cannot print a loop whose "
                        "header is its continue block as WGSL");
  if (failed(printChain(loop.header, loop.continueBlock, &loop)))
    return failure();
  // The continue block computes the next values of the header's arguments
  // and branches back. Nothing branches to it but the end of the body (the
  // printer emits no `continue`), so it ends the body, without WGSL's
  // `continuing`, where a `return` would be invalid.
  bindBlockArguments(loop.continueBlock);
  if (failed(printBlockOps(*loop.continueBlock, &loop)))
    return failure();
  auto back = dyn_cast<spirv::BranchOp>(loop.continueBlock->getTerminator());
  if (!back || back.getTarget() != loop.header)
    return op.emitError("the webgpu target expects a loop's continue block "
                        "to branch back to its header");
  if (failed(assignBlockArguments(loop.header, back.getTargetOperands(),
                                  back.getLoc())))
    return failure();
  indent -= 2;
  line() << "}\n";
  return success();
}

LogicalResult WGSLPrinter::printBlockOps(Block &block, LoopContext *loop) {
  for (Operation &op : block.without_terminator())
    if (failed(printOp(op, loop)))
      return failure();
  return success();
}

LogicalResult WGSLPrinter::printOp(Operation &op, LoopContext *loop) {
  for (Type type : op.getResultTypes())
    if (failed(checkType(type, op.getLoc())))
      return failure();
  if (auto selection = dyn_cast<spirv::SelectionOp>(op))
    return printSelection(selection, loop);
  if (auto loopOp = dyn_cast<spirv::LoopOp>(op))
    return printLoop(loopOp);
  if (auto constant = dyn_cast<spirv::ConstantOp>(op)) {
    bind(constant.getResult(),
         getConstant(constant.getValue(), constant.getType(), op.getLoc()));
    return success();
  }
  if (auto address = dyn_cast<spirv::AddressOfOp>(op)) {
    Operation *global = module.lookupSymbol(address.getVariable());
    auto it = globalNames.find(global);
    if (it != globalNames.end()) {
      bind(address.getPointer(), it->second);
      return success();
    }
    // A built-in: its value is the entry point's parameter.
    if (!builtins.count(global))
      return op.emitError("the webgpu target cannot print this global "
                          "variable as WGSL");
    bind(address.getPointer(), "");
    return success();
  }
  if (auto chain = dyn_cast<spirv::AccessChainOp>(op)) {
    spirv::GlobalVariableOp root = getRoot(chain.getBasePtr());
    if (root && packedF16Buffers.contains(root)) {
      // Element `index` of the buffer's array: half of word index / 2.
      if (chain.getIndices().size() != 2)
        return op.emitError("the webgpu target expects an f16 buffer to be "
                            "indexed by member and element");
      packedF16Pointers[chain.getResult()] = {getValue(chain.getBasePtr()) +
                                                  ".m0",
                                              getValue(chain.getIndices()[1])};
      return success();
    }
    std::string expr = getValue(chain.getBasePtr());
    Type current =
        cast<spirv::PointerType>(chain.getBasePtr().getType()).getPointeeType();
    for (Value index : chain.getIndices()) {
      if (auto st = dyn_cast<spirv::StructType>(current)) {
        auto constant = index.getDefiningOp<spirv::ConstantOp>();
        if (!constant)
          return op.emitError("struct member index is not a constant");
        int64_t i = cast<IntegerAttr>(constant.getValue()).getInt();
        expr += llvm::formatv(".m{0}", i).str();
        current = st.getElementType(i);
        continue;
      }
      expr += "[" + getValue(index) + "]";
      current = cast<spirv::CompositeType>(current).getElementType(0);
    }
    bind(chain.getResult(), expr);
    return success();
  }
  if (auto variable = dyn_cast<spirv::VariableOp>(op)) {
    Type pointee =
        cast<spirv::PointerType>(variable.getType()).getPointeeType();
    FailureOr<std::string> type = getType(pointee, op.getLoc());
    if (failed(type))
      return failure();
    std::string name = newName("p");
    line() << "var " << name << ": " << *type;
    if (Value init = variable.getInitializer())
      body << " = " << getValue(init);
    body << ";\n";
    bind(variable.getPointer(), name);
    return success();
  }
  if (auto load = dyn_cast<spirv::LoadOp>(op)) {
    spirv::GlobalVariableOp root = getRoot(load.getPtr());
    if (root && builtins.count(root)) {
      auto &[param, type] = builtins[root];
      return let(op, type + "(" + param + ")");
    }
    auto packed = packedF16Pointers.find(load.getPtr());
    if (packed != packedF16Pointers.end()) {
      auto &[array, index] = packed->second;
      std::string word = llvm::formatv("{0}[{1} / 2i]", array, index).str();
      if (isAtomicPointer(load.getPtr()))
        word = "atomicLoad(&" + word + ")";
      return let(
          op,
          llvm::formatv("unpack2x16float({0})[{1} % 2i]", word, index).str());
    }
    if (isAtomicPointer(load.getPtr()))
      return let(op, "atomicLoad(&" + getValue(load.getPtr()) + ")");
    return let(op, getValue(load.getPtr()));
  }
  if (auto store = dyn_cast<spirv::StoreOp>(op)) {
    auto packed = packedF16Pointers.find(store.getPtr());
    if (packed != packedF16Pointers.end()) {
      // The other half of the word may be another thread's: replace this
      // half with atomics.
      auto &[array, index] = packed->second;
      std::string word = llvm::formatv("&{0}[{1} / 2i]", array, index).str();
      std::string shift = llvm::formatv("u32({0} % 2i) * 16u", index).str();
      line() << "atomicAnd(" << word << ", ~(0xffffu << (" << shift << ")));\n";
      line() << "atomicOr(" << word << ", (pack2x16float(vec2<f32>("
             << getValue(store.getValue()) << ", 0.0f)) & 0xffffu) << ("
             << shift << "));\n";
      return success();
    }
    if (isAtomicPointer(store.getPtr()))
      line() << "atomicStore(&" << getValue(store.getPtr()) << ", "
             << getValue(store.getValue()) << ");\n";
    else
      line() << getValue(store.getPtr()) << " = " << getValue(store.getValue())
             << ";\n";
    return success();
  }
  StringRef atomic = getAtomicBuiltin(op.getName().getStringRef());
  if (!atomic.empty()) {
    Value pointer = op.getOperand(0);
    return let(op, llvm::formatv("{0}(&{1}, {2})", atomic, getValue(pointer),
                                 getValue(op.getOperand(1)))
                       .str());
  }
  if (auto barrier = dyn_cast<spirv::ControlBarrierOp>(op)) {
    spirv::MemorySemantics semantics = barrier.getMemorySemantics();
    bool storage =
        bitEnumContainsAny(semantics, spirv::MemorySemantics::UniformMemory);
    bool workgroup =
        bitEnumContainsAny(semantics, spirv::MemorySemantics::WorkgroupMemory);
    if (storage)
      line() << "storageBarrier();\n";
    if (workgroup || !storage)
      line() << "workgroupBarrier();\n";
    return success();
  }
  if (isa<spirv::MemoryBarrierOp>(op)) {
    line() << "storageBarrier();\n";
    return success();
  }
  if (op.getNumResults() != 1)
    return op.emitError("the webgpu target cannot print '")
           << op.getName() << "' as WGSL";
  FailureOr<std::string> expr = getExpression(op);
  if (failed(expr))
    return failure();
  return let(op, *expr);
}

//===----------------------------------------------------------------------===//
// The module
//===----------------------------------------------------------------------===//

/// The WGSL parameter of a SPIR-V built-in and its value's type in WGSL.
static std::optional<std::pair<StringRef, StringRef>>
getBuiltinParameter(StringRef builtin) {
  return llvm::StringSwitch<std::optional<std::pair<StringRef, StringRef>>>(
             builtin)
      .Case("LocalInvocationId", {{"local_invocation_id", "vec3<u32>"}})
      .Case("WorkgroupId", {{"workgroup_id", "vec3<u32>"}})
      .Case("NumWorkgroups", {{"num_workgroups", "vec3<u32>"}})
      .Case("GlobalInvocationId", {{"global_invocation_id", "vec3<u32>"}})
      .Case("LocalInvocationIndex", {{"local_invocation_index", "u32"}})
      .Default(std::nullopt);
}

/// The WGSL type of `array`, an array of 32-bit integers, with atomic
/// elements; empty for another type.
static std::string getAtomicArrayType(Type array) {
  if (auto runtime = dyn_cast_or_null<spirv::RuntimeArrayType>(array);
      runtime && runtime.getElementType().isInteger(32))
    return "array<atomic<i32>>";
  if (auto sized = dyn_cast_or_null<spirv::ArrayType>(array);
      sized && sized.getElementType().isInteger(32))
    return llvm::formatv("array<atomic<i32>, {0}>", sized.getNumElements())
        .str();
  return "";
}

LogicalResult WGSLPrinter::declareGlobals(spirv::FuncOp entry) {
  // Buffers an atomic instruction reaches.
  entry.walk([&](Operation *op) {
    if (getAtomicBuiltin(op->getName().getStringRef()).empty())
      return;
    if (spirv::GlobalVariableOp root = getRoot(op->getOperand(0)))
      atomicBuffers.insert(root);
  });
  unsigned workgroupIndex = 0;
  for (auto global : module.getOps<spirv::GlobalVariableOp>()) {
    Location loc = global.getLoc();
    auto pointer = cast<spirv::PointerType>(global.getType());
    if (std::optional<StringRef> builtin = global.getBuiltIn()) {
      auto parameter = getBuiltinParameter(*builtin);
      if (!parameter)
        return global.emitError("WebGPU has no built-in ") << *builtin;
      std::string name = ("relax_" + parameter->first).str();
      Type valueType = pointer.getPointeeType();
      FailureOr<std::string> type = getType(valueType, loc);
      if (failed(type))
        return failure();
      builtins[global] = {name, *type};
      builtinParams.push_back(llvm::formatv("@builtin({0}) {1}: {2}",
                                            parameter->first, name,
                                            parameter->second)
                                  .str());
      continue;
    }
    switch (pointer.getStorageClass()) {
    case spirv::StorageClass::Workgroup: {
      std::string name = llvm::formatv("wg{0}", workgroupIndex++).str();
      Type pointee = pointer.getPointeeType();
      FailureOr<std::string> type = failure();
      if (atomicBuffers.contains(global)) {
        // Sub-word elements (i1) packed four to a word, as in buffers.
        auto st = dyn_cast<spirv::StructType>(pointee);
        std::string atomicArray = getAtomicArrayType(
            st && st.getNumElements() == 1 ? st.getElementType(0) : pointee);
        if (atomicArray.empty())
          return global.emitError("the webgpu target expects atomics on an "
                                  "array of 32-bit integers");
        if (st) {
          std::string structName = llvm::formatv("W{0}", name).str();
          structs << "struct " << structName << " {\n  m0: " << atomicArray
                  << ",\n}\n\n";
          type = structName;
        } else {
          type = atomicArray;
        }
      } else {
        type = getType(pointee, loc);
      }
      if (failed(type))
        return failure();
      decls << "var<workgroup> " << name << ": " << *type << ";\n";
      globalNames[global] = name;
      break;
    }
    case spirv::StorageClass::StorageBuffer:
      // Declared with the kernel's interface.
      globalNames[global] =
          llvm::formatv("arg{0}", global.getBinding().value_or(0)).str();
      break;
    default:
      return global.emitError("the webgpu target cannot print a global "
                              "variable of storage class ")
             << spirv::stringifyStorageClass(pointer.getStorageClass());
    }
  }
  return success();
}

/// The name of an element type in the kernel header.
static std::string getTypeName(Type type) {
  std::string name;
  llvm::raw_string_ostream os(name);
  if (type.isIndex())
    return "i32";
  os << type;
  return name;
}

LogicalResult WGSLPrinter::print(StringRef kernelName,
                                 ArrayRef<KernelArgument> arguments,
                                 raw_ostream &os) {
  SmallVector<spirv::EntryPointOp> entryPoints(
      module.getOps<spirv::EntryPointOp>());
  if (entryPoints.size() != 1)
    return module.emitError("the webgpu target needs one entry point per "
                            "SPIR-V module, found ")
           << entryPoints.size();
  spirv::EntryPointOp entryPoint = entryPoints.front();
  auto entry = module.lookupSymbol<spirv::FuncOp>(entryPoint.getFn());
  if (!entry || entry.getNumArguments() != 0 || entry.getBody().empty())
    return module.emitError("the entry point is not a function without "
                            "arguments");
  Location loc = entry.getLoc();
  emulateF16 = !limits.shaderF16;

  // The workgroup size, within WebGPU's limits.
  SmallVector<int64_t, 3> workgroup = {1, 1, 1};
  for (auto mode : module.getOps<spirv::ExecutionModeOp>()) {
    if (mode.getExecutionMode() != spirv::ExecutionMode::LocalSize)
      continue;
    for (auto [i, value] : llvm::enumerate(mode.getValues()))
      if (i < 3)
        workgroup[i] = cast<IntegerAttr>(value).getInt();
  }
  int64_t invocations = workgroup[0] * workgroup[1] * workgroup[2];
  if (invocations > limits.maxInvocations ||
      workgroup[0] > limits.maxWorkgroupSizeXY ||
      workgroup[1] > limits.maxWorkgroupSizeXY ||
      workgroup[2] > limits.maxWorkgroupSizeZ)
    return emitError(loc) << "workgroup size (" << workgroup[0] << ", "
                          << workgroup[1] << ", " << workgroup[2]
                          << ") exceeds WebGPU's limits (" << invocations
                          << " invocations; at most " << limits.maxInvocations
                          << ", x and y at most " << limits.maxWorkgroupSizeXY
                          << ", z at most " << limits.maxWorkgroupSizeZ << ")";

  if (failed(declareGlobals(entry)))
    return failure();

  // Workgroup memory within the default limit.
  int64_t workgroupBytes = 0;
  for (auto global : module.getOps<spirv::GlobalVariableOp>()) {
    auto pointer = cast<spirv::PointerType>(global.getType());
    if (pointer.getStorageClass() == spirv::StorageClass::Workgroup)
      workgroupBytes += getByteSize(pointer.getPointeeType());
  }
  if (workgroupBytes > limits.maxWorkgroupStorageBytes)
    return emitError(loc) << "the kernel uses " << workgroupBytes
                          << " bytes of workgroup memory, more than the "
                          << limits.maxWorkgroupStorageBytes
                          << " WebGPU guarantees "
                             "(maxComputeWorkgroupStorageSize)";

  // Which buffers the kernel writes, by binding.
  SmallVector<bool> written = getWrittenBindings(module);

  // The interface: storage buffers by binding, then the struct of scalars.
  SmallVector<spirv::GlobalVariableOp> bindings;
  for (auto global : module.getOps<spirv::GlobalVariableOp>())
    if (cast<spirv::PointerType>(global.getType()).getStorageClass() ==
        spirv::StorageClass::StorageBuffer)
      bindings.push_back(global);
  llvm::sort(bindings,
             [](spirv::GlobalVariableOp a, spirv::GlobalVariableOp b) {
               return a.getBinding().value_or(0) < b.getBinding().value_or(0);
             });
  unsigned numBuffers = llvm::count_if(
      arguments, [](const KernelArgument &a) { return a.isBuffer(); });
  bool hasScalars = numBuffers != arguments.size();
  if (bindings.size() != numBuffers + (hasScalars ? 1 : 0))
    return emitError(loc) << "kernel '" << kernelName << "' binds "
                          << bindings.size() << " buffers for "
                          << arguments.size() << " arguments";
  if (static_cast<int64_t>(numBuffers) > limits.maxStorageBuffers)
    return emitError(loc) << "kernel binds " << numBuffers
                          << " storage buffers, more than the "
                          << limits.maxStorageBuffers
                          << " a shader stage may bind on WebGPU "
                             "(maxStorageBuffersPerShaderStage)";

  std::string header;
  llvm::raw_string_ostream json(header);
  std::string entryName = sanitizeIdentifier(entryPoint.getFn());
  json << "{\"kernel\": \"" << kernelName << "\", \"entry\": \"" << entryName
       << "\", \"workgroup_size\": [" << workgroup[0] << ", " << workgroup[1]
       << ", " << workgroup[2] << "], \"workgroup_bytes\": " << workgroupBytes
       << ", \"bindings\": [";
  for (auto [i, global] : llvm::enumerate(bindings)) {
    if (global.getBinding().value_or(~0u) != i ||
        global.getDescriptorSet().value_or(0) != 0)
      return global.emitError("the webgpu target expects bindings 0, 1, ... "
                              "in descriptor set 0");
    Type pointee = cast<spirv::PointerType>(global.getType()).getPointeeType();
    auto st = dyn_cast<spirv::StructType>(pointee);
    if (!st)
      return global.emitError("a storage buffer is not a struct");
    if (i)
      json << ", ";
    std::string name = globalNames[global];
    if (i < numBuffers) {
      const KernelArgument &arg = arguments[i];
      bool write = (i < written.size() && written[i]) || arg.forceReadWrite;
      std::string type;
      // f16 elements emulated in f32 are stored two to a u32 word: a
      // runtime-sized array, or a sized one of half as many words.
      Type member = st.getNumElements() == 1 ? st.getElementType(0) : Type();
      auto runtimeArray = dyn_cast_or_null<spirv::RuntimeArrayType>(member);
      auto sizedArray = dyn_cast_or_null<spirv::ArrayType>(member);
      bool packF16 = emulateF16 &&
                     ((runtimeArray && runtimeArray.getElementType().isF16()) ||
                      (sizedArray && sizedArray.getElementType().isF16()));
      int64_t packedWords =
          packF16 && sizedArray ? (sizedArray.getNumElements() + 1) / 2 : 0;
      if (packF16) {
        std::string structName = llvm::formatv("H{0}", i).str();
        std::string words;
        if (sizedArray)
          words = llvm::formatv(", {0}", packedWords);
        structs << "struct " << structName << " {\n  m0: array<"
                << (write ? "atomic<u32>" : "u32") << words << ">,\n}\n\n";
        type = structName;
        packedF16Buffers.insert(global);
        if (write)
          atomicBuffers.insert(global);
      } else if (atomicBuffers.contains(global)) {
        // Sub-word elements, packed four to a word by the SPIR-V lowering
        // and written with atomics.
        Type array = st.getNumElements() == 1 ? st.getElementType(0) : Type();
        std::string atomicArray = getAtomicArrayType(array);
        if (atomicArray.empty())
          return global.emitError("the webgpu target expects atomics on an "
                                  "array of 32-bit integers");
        std::string structName = llvm::formatv("A{0}", i).str();
        structs << "struct " << structName << " {\n  m0: " << atomicArray
                << ",\n}\n\n";
        type = structName;
        write = true;
      } else {
        FailureOr<std::string> t = getType(st, global.getLoc());
        if (failed(t))
          return failure();
        type = *t;
      }
      decls << "@group(0) @binding(" << i << ") var<storage, "
            << (write ? "read_write" : "read") << "> " << name << ": " << type
            << ";\n";
      int64_t elementBytes =
          arg.type.isIndex()
              ? 4
              : std::max<int64_t>(arg.type.getIntOrFloatBitWidth() / 8, 1);
      json << "{\"binding\": " << i << ", \"type\": \"storage\", "
           << "\"access\": \"" << (write ? "read_write" : "read")
           << "\", \"element_type\": \"" << getTypeName(arg.type)
           << "\", \"element_bytes\": " << elementBytes
           << ", \"rank\": " << arg.rank;
      // A sized array is WebGPU's minimum binding size: a smaller buffer is
      // a validation error at submission, which implementations may treat
      // as fatal, so the runtime checks it before.
      if (sizedArray)
        json << ", \"min_bytes\": "
             << (packF16 ? packedWords * 4 : getByteSize(sizedArray));
      json << "}";
      continue;
    }
    // The scalars, one member each, read through a uniform buffer: values
    // in it are uniform, so loops they bound may hold barriers.
    FailureOr<std::string> t = getType(st, global.getLoc());
    if (failed(t))
      return failure();
    ArrayRef<KernelArgument> scalars =
        ArrayRef<KernelArgument>(arguments).drop_front(numBuffers);
    if (st.getNumElements() != scalars.size() || !st.hasOffset())
      return global.emitError("the scalars of kernel '")
             << kernelName << "' do not match its struct of scalars";
    decls << "@group(0) @binding(" << i << ") var<uniform> " << name << ": "
          << *t << ";\n";
    int64_t size = 0;
    json << "{\"binding\": " << i << ", \"type\": \"uniform\", \"scalars\": [";
    for (unsigned m = 0, e = st.getNumElements(); m < e; ++m) {
      Type member = st.getElementType(m);
      if (!member.isIntOrFloat() || member.isInteger(1) ||
          (emulateF16 && member.isF16()))
        return global.emitError("a uniform struct member of type ")
               << member << " is not host-shareable";
      int64_t bytes = member.getIntOrFloatBitWidth() / 8;
      int64_t offset = st.getMemberOffset(m);
      size = std::max(size, offset + bytes);
      json << (m ? ", " : "") << "{\"offset\": " << offset
           << ", \"bytes\": " << bytes << "}";
    }
    json << "], \"size\": " << size << "}";
  }
  json << "]}";

  // The body.
  if (!llvm::hasSingleElement(entry.getBody()))
    return entry.emitError("the webgpu target expects a kernel body of one "
                           "block with structured control flow");
  if (failed(printChain(&entry.getBody().front(), nullptr, nullptr)))
    return failure();

  os << "// relax.webgpu.kernel " << header << "\n";
  if (usesF16)
    os << "enable f16;\n";
  os << "\n" << structText << declText << "\n";
  os << "@compute @workgroup_size(" << workgroup[0] << ", " << workgroup[1]
     << ", " << workgroup[2] << ")\nfn " << entryName << "(";
  llvm::interleaveComma(builtinParams, os);
  os << ") {\n";
  for (auto &[bits, name] : nonFiniteConstants)
    os << "  var " << name << ": u32 = " << llvm::format_hex(bits, 10)
       << "u;\n";
  os << bodyText << "}\n";
  return success();
}

SmallVector<bool> wgsl::getWrittenBindings(spirv::ModuleOp module) {
  SmallVector<bool> written;
  module.walk([&](Operation *op) {
    Value pointer;
    if (auto store = dyn_cast<spirv::StoreOp>(op))
      pointer = store.getPtr();
    else if (!getAtomicBuiltin(op->getName().getStringRef()).empty())
      pointer = op->getOperand(0);
    if (!pointer)
      return;
    while (auto chain = pointer.getDefiningOp<spirv::AccessChainOp>())
      pointer = chain.getBasePtr();
    auto address = pointer.getDefiningOp<spirv::AddressOfOp>();
    if (!address)
      return;
    auto global =
        module.lookupSymbol<spirv::GlobalVariableOp>(address.getVariable());
    if (!global || !global.getBinding())
      return;
    unsigned binding = *global.getBinding();
    if (written.size() <= binding)
      written.resize(binding + 1, false);
    written[binding] = true;
  });
  return written;
}

LogicalResult wgsl::translateToWGSL(spirv::ModuleOp module,
                                    StringRef kernelName,
                                    ArrayRef<KernelArgument> arguments,
                                    const WGSLLimits &limits, raw_ostream &os) {
  WGSLPrinter printer(module, limits);
  return printer.print(kernelName, arguments, os);
}
