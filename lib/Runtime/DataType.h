//===- DataType.h - Element types of the runtime ----------------*- C++ -*-===//
//
// DLPack data types as a library's metadata spells them (the MLIR element
// type: f16, bf16, f32, f64, i1, i8, i16, i32, i64) and as safetensors
// spells them (F16, BF16, F32, F64, BOOL, I8, I16, I32, I64, U8). An i1 is
// stored as a byte; DLPack calls it kDLBool (code 6, DLPack 0.8), and the
// runtime also takes it as an 8-bit unsigned integer.
//
//===----------------------------------------------------------------------===//

#ifndef RELAX_LIB_RUNTIME_DATATYPE_H
#define RELAX_LIB_RUNTIME_DATATYPE_H

#include <dlpack/dlpack.h>

#include <cstdint>
#include <optional>
#include <string>

namespace relax::runtime {

/// DLPack 0.8's boolean type code, which the installed header may predate.
constexpr uint8_t kDLBoolCode = 6;

inline DLDataType makeDType(uint8_t code, uint8_t bits) {
  DLDataType type;
  type.code = code;
  type.bits = bits;
  type.lanes = 1;
  return type;
}

inline std::optional<DLDataType> parseMLIRDType(const std::string &name) {
  if (name == "f16")
    return makeDType(kDLFloat, 16);
  if (name == "bf16")
    return makeDType(kDLBfloat, 16);
  if (name == "f32")
    return makeDType(kDLFloat, 32);
  if (name == "f64")
    return makeDType(kDLFloat, 64);
  if (name == "i1")
    return makeDType(kDLBoolCode, 8);
  if (name == "i8")
    return makeDType(kDLInt, 8);
  if (name == "i16")
    return makeDType(kDLInt, 16);
  if (name == "i32")
    return makeDType(kDLInt, 32);
  if (name == "i64")
    return makeDType(kDLInt, 64);
  return std::nullopt;
}

inline std::optional<DLDataType>
parseSafetensorsDType(const std::string &name) {
  if (name == "BOOL")
    return makeDType(kDLBoolCode, 8);
  if (name == "U8")
    return makeDType(kDLUInt, 8);
  std::string lower;
  for (char c : name)
    lower += c >= 'A' && c <= 'Z' ? char(c - 'A' + 'a') : c;
  return parseMLIRDType(lower);
}

/// Whether a tensor of type `actual` can stand for one of type `expected`.
inline bool isCompatible(DLDataType actual, DLDataType expected) {
  if (actual.lanes != expected.lanes || actual.bits != expected.bits)
    return false;
  if (actual.code == expected.code)
    return true;
  // MLIR's integers are signless: an int and a uint of the width stand for
  // one (packed weights come as either).
  auto isInteger = [](DLDataType t) {
    return t.code == kDLInt || t.code == kDLUInt;
  };
  if (isInteger(actual) && isInteger(expected))
    return true;
  // Booleans are bytes.
  auto isByte = [](DLDataType t) {
    return t.code == kDLBoolCode || (t.code == kDLUInt && t.bits == 8);
  };
  return isByte(actual) && isByte(expected);
}

inline std::optional<uint64_t> getElementSize(DLDataType type) {
  if (type.bits % 8 || type.lanes == 0)
    return std::nullopt;
  return uint64_t(type.bits / 8) * type.lanes;
}

inline std::string toString(DLDataType type) {
  const char *code = type.code == kDLInt       ? "int"
                     : type.code == kDLUInt    ? "uint"
                     : type.code == kDLFloat   ? "float"
                     : type.code == kDLBfloat  ? "bfloat"
                     : type.code == kDLBoolCode ? "bool"
                                               : "code";
  std::string text = code + std::to_string(type.bits);
  if (type.lanes != 1)
    text += "x" + std::to_string(type.lanes);
  return text;
}

} // namespace relax::runtime

#endif // RELAX_LIB_RUNTIME_DATATYPE_H
