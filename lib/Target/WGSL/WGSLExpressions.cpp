//===- WGSLExpressions.cpp - SPIR-V types and values as WGSL --------------===//
//
// WGSL's types for SPIR-V's (checked against what WebGPU has), and an
// expression per SPIR-V instruction. Integers are signless in SPIR-V and
// signed in the printed WGSL (`i32`); the unsigned operations reinterpret
// their operands with `bitcast<u32>`.
//
//===----------------------------------------------------------------------===//

#include "WGSLPrinter.h"

#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/FormatVariadic.h"

#include <cmath>
#include <cstring>

using namespace mlir;
using namespace mlir::relax;
using namespace mlir::relax::wgsl;

//===----------------------------------------------------------------------===//
// Types
//===----------------------------------------------------------------------===//

LogicalResult WGSLPrinter::checkType(Type type, Location loc) {
  if (auto ptr = dyn_cast<spirv::PointerType>(type))
    return checkType(ptr.getPointeeType(), loc);
  if (auto vec = dyn_cast<VectorType>(type))
    return checkType(vec.getElementType(), loc);
  if (auto array = dyn_cast<spirv::ArrayType>(type))
    return checkType(array.getElementType(), loc);
  if (auto array = dyn_cast<spirv::RuntimeArrayType>(type))
    return checkType(array.getElementType(), loc);
  if (auto st = dyn_cast<spirv::StructType>(type)) {
    for (Type member : st.getElementTypes())
      if (failed(checkType(member, loc)))
        return failure();
    return success();
  }
  if (auto integer = dyn_cast<IntegerType>(type)) {
    if (integer.getWidth() == 1 || integer.getWidth() == 32)
      return success();
    return emitError(loc) << "WebGPU has no " << integer.getWidth()
                          << "-bit integers (" << type
                          << "); the webgpu target computes in i32 and f32";
  }
  if (type.isF32())
    return success();
  if (type.isF16()) {
    if (emulateF16)
      return success();
    if (!limits.shaderF16)
      return emitError(loc) << "f16 on WebGPU needs the `shader-f16` "
                               "feature, which this target does not assume";
    usesF16 = true;
    return success();
  }
  return emitError(loc) << "WebGPU has no " << type
                        << " (no 64-bit floats or integers)";
}

FailureOr<std::string> WGSLPrinter::getType(Type type, Location loc) {
  if (failed(checkType(type, loc)))
    return failure();
  if (auto integer = dyn_cast<IntegerType>(type)) {
    if (integer.getWidth() == 1)
      return std::string("bool");
    return std::string(integer.isUnsigned() ? "u32" : "i32");
  }
  if (type.isF32())
    return std::string("f32");
  if (type.isF16())
    return std::string(emulateF16 ? "f32" : "f16");
  if (auto vec = dyn_cast<VectorType>(type)) {
    FailureOr<std::string> element = getType(vec.getElementType(), loc);
    if (failed(element))
      return failure();
    if (vec.getRank() != 1 || vec.getNumElements() < 2 ||
        vec.getNumElements() > 4)
      return emitError(loc) << "WGSL has no " << type;
    return llvm::formatv("vec{0}<{1}>", vec.getNumElements(), *element).str();
  }
  if (auto array = dyn_cast<spirv::ArrayType>(type)) {
    FailureOr<std::string> element = getType(array.getElementType(), loc);
    if (failed(element))
      return failure();
    return llvm::formatv("array<{0}, {1}>", *element, array.getNumElements())
        .str();
  }
  if (auto array = dyn_cast<spirv::RuntimeArrayType>(type)) {
    FailureOr<std::string> element = getType(array.getElementType(), loc);
    if (failed(element))
      return failure();
    return llvm::formatv("array<{0}>", *element).str();
  }
  if (auto st = dyn_cast<spirv::StructType>(type))
    return getStructName(st, loc);
  return emitError(loc) << "WGSL has no type for " << type;
}

std::string WGSLPrinter::getStructName(spirv::StructType type, Location loc) {
  auto it = structNames.find(type);
  if (it != structNames.end())
    return it->second;
  std::string name = llvm::formatv("S{0}", structNames.size()).str();
  SmallVector<std::string> members;
  for (auto [i, member] : llvm::enumerate(type.getElementTypes())) {
    FailureOr<std::string> memberType = getType(member, loc);
    members.push_back(llvm::formatv("  m{0}: {1},\n", i,
                                    succeeded(memberType) ? *memberType
                                                          : "i32")
                          .str());
  }
  structNames[type] = name;
  structs << "struct " << name << " {\n";
  for (const std::string &member : members)
    structs << member;
  structs << "}\n\n";
  return name;
}

int64_t WGSLPrinter::getByteSize(Type type) {
  if (auto vec = dyn_cast<VectorType>(type))
    return vec.getNumElements() * getByteSize(vec.getElementType());
  if (auto array = dyn_cast<spirv::ArrayType>(type))
    return array.getNumElements() * getByteSize(array.getElementType());
  if (auto st = dyn_cast<spirv::StructType>(type)) {
    int64_t size = 0;
    for (Type member : st.getElementTypes())
      size += getByteSize(member);
    return size;
  }
  if (type.isInteger(1) || (type.isF16() && emulateF16))
    return 4;
  if (type.isIntOrFloat())
    return std::max<int64_t>(type.getIntOrFloatBitWidth() / 8, 1);
  return 0;
}

//===----------------------------------------------------------------------===//
// Expressions
//===----------------------------------------------------------------------===//

void WGSLPrinter::bind(Value value, std::string expression) {
  names[value] = std::move(expression);
}

std::string WGSLPrinter::getValue(Value value) {
  auto it = names.find(value);
  if (it != names.end())
    return it->second;
  return "<unknown>";
}

std::string WGSLPrinter::getUnsigned(Value value) {
  Type type = value.getType();
  if (auto vec = dyn_cast<VectorType>(type))
    return llvm::formatv("bitcast<vec{0}<u32>>({1})", vec.getNumElements(),
                         getValue(value))
        .str();
  return "bitcast<u32>(" + getValue(value) + ")";
}

std::string WGSLPrinter::getFloat(double value, Type type) {
  StringRef suffix = type.isF16() && !emulateF16 ? "h" : "f";
  if (emulateF16 && type.isF16())
    type = Float32Type::get(type.getContext());
  if (!std::isfinite(value)) {
    // WGSL has no literal for infinities and NaNs, and a constant
    // expression may not evaluate to one: read the bits from a variable.
    uint64_t bits;
    std::string bitcast;
    if (type.isF16()) {
      bits = std::isnan(value) ? 0x7e00 : (value > 0 ? 0x7c00 : 0xfc00);
      bitcast = "bitcast<vec2<f16>>(";
    } else {
      float f = static_cast<float>(value);
      uint32_t word;
      std::memcpy(&word, &f, sizeof(word));
      bits = word;
    }
    std::string &name = nonFiniteConstants[bits];
    if (name.empty())
      name = llvm::formatv("nonfinite{0}", nonFiniteConstants.size() - 1);
    if (type.isF16())
      return bitcast + name + ").x";
    return "bitcast<f32>(" + name + ")";
  }
  // The shortest decimal that reads back as the same float.
  for (int precision = 6; precision <= 17; ++precision) {
    char buffer[32];
    std::snprintf(buffer, sizeof(buffer), "%.*g", precision, value);
    std::string text = buffer;
    double back = std::strtod(text.c_str(), nullptr);
    bool same = type.isF16() ? back == value
                             : static_cast<float>(back) ==
                                   static_cast<float>(value);
    if (!same && precision < 17)
      continue;
    if (StringRef(text).find_first_of(".e") == StringRef::npos)
      text += ".0";
    return text + suffix.str();
  }
  llvm_unreachable("a double prints in 17 digits");
}

std::string WGSLPrinter::getConstant(Attribute attr, Type type, Location loc) {
  if (auto boolean = dyn_cast<BoolAttr>(attr))
    return boolean.getValue() ? "true" : "false";
  if (auto integer = dyn_cast<IntegerAttr>(attr)) {
    if (type.isInteger(1))
      return integer.getValue().isZero() ? "false" : "true";
    int64_t value = integer.getValue().getSExtValue();
    if (cast<IntegerType>(type).isUnsigned())
      return llvm::formatv("{0}u", static_cast<uint32_t>(value)).str();
    int32_t v = static_cast<int32_t>(value);
    if (v == std::numeric_limits<int32_t>::min())
      return "(-2147483647i - 1i)";
    return llvm::formatv("{0}i", v).str();
  }
  if (auto fp = dyn_cast<FloatAttr>(attr))
    return getFloat(fp.getValueAsDouble(), type);
  if (auto dense = dyn_cast<DenseElementsAttr>(attr)) {
    auto vec = cast<VectorType>(type);
    FailureOr<std::string> vecType = getType(vec, loc);
    std::string result = (succeeded(vecType) ? *vecType : "") + "(";
    Type element = vec.getElementType();
    bool first = true;
    for (Attribute e : dense.getValues<Attribute>()) {
      if (!first)
        result += ", ";
      first = false;
      result += getConstant(e, element, loc);
    }
    return result + ")";
  }
  return "<constant>";
}

spirv::GlobalVariableOp WGSLPrinter::getRoot(Value pointer) {
  while (auto chain = pointer.getDefiningOp<spirv::AccessChainOp>())
    pointer = chain.getBasePtr();
  auto address = pointer.getDefiningOp<spirv::AddressOfOp>();
  if (!address)
    return {};
  return module.lookupSymbol<spirv::GlobalVariableOp>(address.getVariable());
}

bool WGSLPrinter::isAtomicPointer(Value pointer) {
  spirv::GlobalVariableOp root = getRoot(pointer);
  return root && atomicBuffers.contains(root);
}

LogicalResult WGSLPrinter::let(Operation &op, StringRef expression) {
  Value result = op.getResult(0);
  FailureOr<std::string> type = getType(result.getType(), op.getLoc());
  if (failed(type))
    return failure();
  std::string name = newName("v");
  line() << "let " << name << ": " << *type << " = " << expression << ";\n";
  bind(result, name);
  return success();
}

/// The WGSL built-in of a GLSL.std.450 extended instruction.
static StringRef getGLBuiltin(StringRef name) {
  return llvm::StringSwitch<StringRef>(name)
      .Case("spirv.GL.Exp", "exp")
      .Case("spirv.GL.Exp2", "exp2")
      .Case("spirv.GL.Log", "log")
      .Case("spirv.GL.Log2", "log2")
      .Case("spirv.GL.Sqrt", "sqrt")
      .Case("spirv.GL.InverseSqrt", "inverseSqrt")
      .Case("spirv.GL.Sin", "sin")
      .Case("spirv.GL.Cos", "cos")
      .Case("spirv.GL.Tan", "tan")
      .Case("spirv.GL.Asin", "asin")
      .Case("spirv.GL.Acos", "acos")
      .Case("spirv.GL.Atan", "atan")
      .Case("spirv.GL.Atan2", "atan2")
      .Case("spirv.GL.Sinh", "sinh")
      .Case("spirv.GL.Cosh", "cosh")
      .Case("spirv.GL.Asinh", "asinh")
      .Case("spirv.GL.Acosh", "acosh")
      .Case("spirv.GL.Atanh", "atanh")
      .Case("spirv.GL.Pow", "pow")
      .Case("spirv.GL.FAbs", "abs")
      .Case("spirv.GL.SAbs", "abs")
      .Case("spirv.GL.FSign", "sign")
      .Case("spirv.GL.SSign", "sign")
      .Case("spirv.GL.Floor", "floor")
      .Case("spirv.GL.Ceil", "ceil")
      .Case("spirv.GL.Round", "round")
      .Case("spirv.GL.RoundEven", "round")
      .Case("spirv.GL.Trunc", "trunc")
      .Case("spirv.GL.Fract", "fract")
      .Case("spirv.GL.FMin", "min")
      .Case("spirv.GL.FMax", "max")
      .Case("spirv.GL.SMin", "min")
      .Case("spirv.GL.SMax", "max")
      .Case("spirv.GL.FClamp", "clamp")
      .Case("spirv.GL.SClamp", "clamp")
      .Case("spirv.GL.Fma", "fma")
      .Case("spirv.GL.FMix", "mix")
      .Case("spirv.GL.Ldexp", "ldexp")
      .Case("spirv.Dot", "dot")
      .Default("");
}

/// The WGSL operator of a binary instruction, and whether its operands are
/// read as unsigned.
static std::pair<StringRef, bool> getBinaryOperator(StringRef name) {
  return llvm::StringSwitch<std::pair<StringRef, bool>>(name)
      .Case("spirv.IAdd", {"+", false})
      .Case("spirv.ISub", {"-", false})
      .Case("spirv.IMul", {"*", false})
      .Case("spirv.SDiv", {"/", false})
      .Case("spirv.SRem", {"%", false})
      .Case("spirv.UDiv", {"/", true})
      .Case("spirv.UMod", {"%", true})
      .Case("spirv.FAdd", {"+", false})
      .Case("spirv.FSub", {"-", false})
      .Case("spirv.FMul", {"*", false})
      .Case("spirv.FDiv", {"/", false})
      .Case("spirv.FRem", {"%", false})
      .Case("spirv.VectorTimesScalar", {"*", false})
      .Case("spirv.BitwiseAnd", {"&", false})
      .Case("spirv.BitwiseOr", {"|", false})
      .Case("spirv.BitwiseXor", {"^", false})
      .Case("spirv.LogicalAnd", {"&", false})
      .Case("spirv.LogicalOr", {"|", false})
      .Case("spirv.LogicalEqual", {"==", false})
      .Case("spirv.LogicalNotEqual", {"!=", false})
      .Case("spirv.IEqual", {"==", false})
      .Case("spirv.INotEqual", {"!=", false})
      .Case("spirv.SLessThan", {"<", false})
      .Case("spirv.SLessThanEqual", {"<=", false})
      .Case("spirv.SGreaterThan", {">", false})
      .Case("spirv.SGreaterThanEqual", {">=", false})
      .Case("spirv.ULessThan", {"<", true})
      .Case("spirv.ULessThanEqual", {"<=", true})
      .Case("spirv.UGreaterThan", {">", true})
      .Case("spirv.UGreaterThanEqual", {">=", true})
      .Case("spirv.FOrdEqual", {"==", false})
      .Case("spirv.FOrdNotEqual", {"!=", false})
      .Case("spirv.FOrdLessThan", {"<", false})
      .Case("spirv.FOrdLessThanEqual", {"<=", false})
      .Case("spirv.FOrdGreaterThan", {">", false})
      .Case("spirv.FOrdGreaterThanEqual", {">=", false})
      .Default({"", false});
}

/// The ordered comparison whose negation an unordered one is.
static StringRef getUnorderedNegation(StringRef name) {
  return llvm::StringSwitch<StringRef>(name)
      .Case("spirv.FUnordEqual", "!=")
      .Case("spirv.FUnordNotEqual", "==")
      .Case("spirv.FUnordLessThan", ">=")
      .Case("spirv.FUnordLessThanEqual", ">")
      .Case("spirv.FUnordGreaterThan", "<=")
      .Case("spirv.FUnordGreaterThanEqual", "<")
      .Default("");
}

/// The WGSL atomic built-in of an atomic instruction.
StringRef wgsl::getAtomicBuiltin(StringRef name) {
  return llvm::StringSwitch<StringRef>(name)
      .Case("spirv.AtomicIAdd", "atomicAdd")
      .Case("spirv.AtomicISub", "atomicSub")
      .Case("spirv.AtomicAnd", "atomicAnd")
      .Case("spirv.AtomicOr", "atomicOr")
      .Case("spirv.AtomicXor", "atomicXor")
      .Case("spirv.AtomicSMax", "atomicMax")
      .Case("spirv.AtomicSMin", "atomicMin")
      .Case("spirv.AtomicExchange", "atomicExchange")
      .Default("");
}

FailureOr<std::string> WGSLPrinter::getExpression(Operation &op) {
  StringRef name = op.getName().getStringRef();
  Location loc = op.getLoc();
  auto operand = [&](unsigned i) { return getValue(op.getOperand(i)); };
  Type resultType = op.getNumResults() ? op.getResult(0).getType() : Type();

  auto [binary, unsignedOperands] = getBinaryOperator(name);
  if (!binary.empty()) {
    if (!unsignedOperands)
      return llvm::formatv("{0} {1} {2}", operand(0), binary, operand(1))
          .str();
    std::string expr =
        llvm::formatv("{0} {1} {2}", getUnsigned(op.getOperand(0)), binary,
                      getUnsigned(op.getOperand(1)))
            .str();
    // Arithmetic results go back to the signed representation.
    if (isa<IntegerType, VectorType>(resultType) &&
        !getElementTypeOrSelf(resultType).isInteger(1)) {
      FailureOr<std::string> type = getType(resultType, loc);
      if (failed(type))
        return failure();
      return "bitcast<" + *type + ">(" + expr + ")";
    }
    return expr;
  }
  StringRef unordered = getUnorderedNegation(name);
  if (!unordered.empty())
    return llvm::formatv("!({0} {1} {2})", operand(0), unordered, operand(1))
        .str();
  if (name == "spirv.GL.Tanh") {
    // Implementations may compute tanh from exponentials, which overflow to
    // inf / inf = NaN for large arguments (SwiftShader does); beyond 9 the
    // result rounds to +-1 in f32 and f16.
    FailureOr<std::string> type = getType(resultType, loc);
    if (failed(type))
      return failure();
    return llvm::formatv("tanh(clamp({0}, {1}(-9.0), {1}(9.0)))", operand(0),
                         *type)
        .str();
  }
  StringRef builtin = getGLBuiltin(name);
  if (!builtin.empty()) {
    std::string expr = builtin.str() + "(";
    for (unsigned i = 0, e = op.getNumOperands(); i < e; ++i)
      expr += (i ? ", " : "") + operand(i);
    return expr + ")";
  }
  FailureOr<std::string> type = std::string();
  if (resultType)
    type = getType(resultType, loc);
  if (failed(type))
    return failure();

  if (name == "spirv.SNegate" || name == "spirv.FNegate")
    return "-" + operand(0);
  if (name == "spirv.Not")
    return "~" + operand(0);
  if (name == "spirv.LogicalNot")
    return "!" + operand(0);
  if (name == "spirv.ShiftLeftLogical" || name == "spirv.ShiftRightArithmetic")
    return llvm::formatv("{0} {1} {2}", operand(0),
                         name == "spirv.ShiftLeftLogical" ? "<<" : ">>",
                         getUnsigned(op.getOperand(1)))
        .str();
  if (name == "spirv.ShiftRightLogical")
    return llvm::formatv("bitcast<{0}>({1} >> {2})", *type,
                         getUnsigned(op.getOperand(0)),
                         getUnsigned(op.getOperand(1)))
        .str();
  if (name == "spirv.SMod" || name == "spirv.FMod") {
    // The remainder with the sign of the divisor.
    std::string a = operand(0), b = operand(1);
    std::string zero = name == "spirv.SMod" ? "0i" : "0.0f";
    return llvm::formatv("select({0} % {1}, {0} % {1} + {1}, {0} % {1} != "
                         "{2} && ({0} % {1} < {2}) != ({1} < {2}))",
                         a, b, zero)
        .str();
  }
  if (name == "spirv.GL.UMin" || name == "spirv.GL.UMax")
    return llvm::formatv("bitcast<{0}>({1}({2}, {3}))", *type,
                         name == "spirv.GL.UMin" ? "min" : "max",
                         getUnsigned(op.getOperand(0)),
                         getUnsigned(op.getOperand(1)))
        .str();
  if (name == "spirv.IsNan")
    return llvm::formatv("{0} != {0}", operand(0)).str();
  if (name == "spirv.IsInf")
    return llvm::formatv("abs({0}) > 3.40282347e+38f", operand(0)).str();
  if (name == "spirv.Select")
    return llvm::formatv("select({0}, {1}, {2})", operand(2), operand(1),
                         operand(0))
        .str();
  if (name == "spirv.FConvert" && emulateF16 &&
      getElementTypeOrSelf(resultType).isF16()) {
    // f16 values are f32s: a conversion to f16 rounds to its precision.
    if (auto vec = dyn_cast<VectorType>(resultType)) {
      std::string expr = *type + "(";
      for (int64_t i = 0, e = vec.getNumElements(); i < e; ++i)
        expr += llvm::formatv("{0}unpack2x16float(pack2x16float(vec2<f32>("
                              "{1}[{2}], 0.0f))).x",
                              i ? ", " : "", operand(0), i)
                    .str();
      return expr + ")";
    }
    return llvm::formatv(
               "unpack2x16float(pack2x16float(vec2<f32>({0}, 0.0f))).x",
               operand(0))
        .str();
  }
  if (name == "spirv.ConvertSToF" || name == "spirv.ConvertFToS" ||
      name == "spirv.FConvert")
    return *type + "(" + operand(0) + ")";
  if (name == "spirv.ConvertUToF")
    return *type + "(" + getUnsigned(op.getOperand(0)) + ")";
  if (name == "spirv.ConvertFToU") {
    std::string unsignedType = *type;
    size_t pos = unsignedType.find("i32");
    if (pos != std::string::npos)
      unsignedType.replace(pos, 3, "u32");
    return llvm::formatv("bitcast<{0}>({1}({2}))", *type, unsignedType,
                         operand(0))
        .str();
  }
  if (name == "spirv.Bitcast")
    return "bitcast<" + *type + ">(" + operand(0) + ")";
  if (name == "spirv.CompositeConstruct") {
    std::string expr = *type + "(";
    for (unsigned i = 0, e = op.getNumOperands(); i < e; ++i)
      expr += (i ? ", " : "") + operand(i);
    return expr + ")";
  }
  if (auto extract = dyn_cast<spirv::CompositeExtractOp>(op)) {
    std::string expr = operand(0);
    Type current = extract.getComposite().getType();
    for (Attribute index : extract.getIndices()) {
      int64_t i = cast<IntegerAttr>(index).getInt();
      if (isa<spirv::StructType>(current)) {
        expr += llvm::formatv(".m{0}", i).str();
        current = cast<spirv::StructType>(current).getElementType(i);
      } else {
        expr += llvm::formatv("[{0}]", i).str();
        current = cast<spirv::CompositeType>(current).getElementType(i);
      }
    }
    return expr;
  }
  if (auto shuffle = dyn_cast<spirv::VectorShuffleOp>(op)) {
    int64_t firstSize =
        cast<VectorType>(shuffle.getVector1().getType()).getNumElements();
    std::string expr = *type + "(";
    for (auto [i, component] : llvm::enumerate(shuffle.getComponents())) {
      int64_t c = cast<IntegerAttr>(component).getInt();
      expr += (i ? ", " : "");
      expr += c < firstSize
                  ? llvm::formatv("{0}[{1}]", operand(0), c).str()
                  : llvm::formatv("{0}[{1}]", operand(1), c - firstSize).str();
    }
    return expr + ")";
  }
  if (isa<spirv::UndefOp>(op))
    return *type + "()";
  return op.emitError("the webgpu target cannot print '")
         << name << "' as WGSL";
}
