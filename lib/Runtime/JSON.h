//===- JSON.h - A JSON reader for the runtime -------------------*- C++ -*-===//
//
// The runtime reads two kinds of JSON: the metadata record of a library and
// the header of a safetensors file. It depends on nothing but the C++
// standard library (a program that loads a model needs no LLVM), so it
// carries this small reader: values are parsed into a tree, nesting is
// bounded (the parser recurses once per level) and numbers are kept as
// doubles and, when integral, as 64-bit integers.
//
//===----------------------------------------------------------------------===//

#ifndef RELAX_LIB_RUNTIME_JSON_H
#define RELAX_LIB_RUNTIME_JSON_H

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace relax::runtime {

class JSONValue {
public:
  enum class Kind { Null, Bool, Number, String, Array, Object };

  /// Parses `text`, or returns nothing with a message in `error`.
  static std::optional<JSONValue> parse(std::string_view text,
                                        std::string &error);

  Kind getKind() const { return kind; }
  bool isString() const { return kind == Kind::String; }
  bool isArray() const { return kind == Kind::Array; }
  bool isObject() const { return kind == Kind::Object; }

  /// The value as an integer, when it is an integral number that fits.
  std::optional<int64_t> getInteger() const;
  const std::string *getString() const {
    return kind == Kind::String ? &string : nullptr;
  }
  const std::vector<JSONValue> *getArray() const {
    return kind == Kind::Array ? &array : nullptr;
  }
  /// Member `key` of an object, or null.
  const JSONValue *get(const std::string &key) const;
  /// The members of an object, in key order.
  const std::map<std::string, JSONValue> *getObject() const {
    return kind == Kind::Object ? &object : nullptr;
  }
  /// Member `key` as a string or integer, when it is one.
  const std::string *getString(const std::string &key) const;
  std::optional<int64_t> getInteger(const std::string &key) const;

private:
  friend class JSONParser;
  Kind kind = Kind::Null;
  bool boolean = false;
  double number = 0;
  bool integral = false;
  int64_t integer = 0;
  std::string string;
  std::vector<JSONValue> array;
  std::map<std::string, JSONValue> object;
};

} // namespace relax::runtime

#endif // RELAX_LIB_RUNTIME_JSON_H
