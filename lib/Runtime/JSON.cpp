//===- JSON.cpp - A JSON reader for the runtime ---------------------------===//

#include "JSON.h"

#include <cerrno>
#include <cmath>
#include <cstdlib>

using namespace relax::runtime;

namespace relax::runtime {
/// A recursive-descent parser over RFC 8259 JSON text.
class JSONParser {
public:
  explicit JSONParser(std::string_view text) : text(text) {}

  std::optional<JSONValue> parseDocument(std::string &error) {
    JSONValue value;
    skipSpace();
    if (!parseValue(value, 0)) {
      error = message + " at offset " + std::to_string(at);
      return std::nullopt;
    }
    skipSpace();
    if (at != text.size()) {
      error = "trailing text at offset " + std::to_string(at);
      return std::nullopt;
    }
    return value;
  }

private:
  // Deep enough for any metadata or header, shallow enough for the stack.
  static constexpr unsigned kMaxDepth = 64;

  bool fail(const char *why) {
    message = why;
    return false;
  }

  void skipSpace() {
    while (at < text.size() && (text[at] == ' ' || text[at] == '\t' ||
                                text[at] == '\n' || text[at] == '\r'))
      ++at;
  }

  bool consume(std::string_view word) {
    if (text.substr(at, word.size()) != word)
      return false;
    at += word.size();
    return true;
  }

  bool parseValue(JSONValue &value, unsigned depth) {
    if (at >= text.size())
      return fail("unexpected end of text");
    char c = text[at];
    if (c == '{' || c == '[') {
      if (depth >= kMaxDepth)
        return fail("nested too deeply");
      return c == '{' ? parseObject(value, depth) : parseArray(value, depth);
    }
    if (c == '"') {
      value.kind = JSONValue::Kind::String;
      return parseString(value.string);
    }
    if (consume("true") || consume("false")) {
      value.kind = JSONValue::Kind::Bool;
      value.boolean = c == 't';
      return true;
    }
    if (consume("null")) {
      value.kind = JSONValue::Kind::Null;
      return true;
    }
    return parseNumber(value);
  }

  bool parseObject(JSONValue &value, unsigned depth) {
    value.kind = JSONValue::Kind::Object;
    ++at;
    skipSpace();
    if (at < text.size() && text[at] == '}') {
      ++at;
      return true;
    }
    while (true) {
      skipSpace();
      std::string key;
      if (at >= text.size() || text[at] != '"')
        return fail("expected a key");
      if (!parseString(key))
        return false;
      skipSpace();
      if (!consume(":"))
        return fail("expected ':'");
      skipSpace();
      JSONValue member;
      if (!parseValue(member, depth + 1))
        return false;
      value.object[key] = std::move(member);
      skipSpace();
      if (consume("}"))
        return true;
      if (!consume(","))
        return fail("expected ',' or '}'");
    }
  }

  bool parseArray(JSONValue &value, unsigned depth) {
    value.kind = JSONValue::Kind::Array;
    ++at;
    skipSpace();
    if (consume("]"))
      return true;
    while (true) {
      skipSpace();
      value.array.emplace_back();
      if (!parseValue(value.array.back(), depth + 1))
        return false;
      skipSpace();
      if (consume("]"))
        return true;
      if (!consume(","))
        return fail("expected ',' or ']'");
    }
  }

  static void appendUTF8(std::string &out, uint32_t code) {
    if (code < 0x80) {
      out += char(code);
    } else if (code < 0x800) {
      out += char(0xc0 | (code >> 6));
      out += char(0x80 | (code & 0x3f));
    } else if (code < 0x10000) {
      out += char(0xe0 | (code >> 12));
      out += char(0x80 | ((code >> 6) & 0x3f));
      out += char(0x80 | (code & 0x3f));
    } else {
      out += char(0xf0 | (code >> 18));
      out += char(0x80 | ((code >> 12) & 0x3f));
      out += char(0x80 | ((code >> 6) & 0x3f));
      out += char(0x80 | (code & 0x3f));
    }
  }

  bool parseHex4(uint32_t &code) {
    if (at + 4 > text.size())
      return fail("bad \\u escape");
    code = 0;
    for (int i = 0; i < 4; ++i) {
      char c = text[at++];
      code <<= 4;
      if (c >= '0' && c <= '9')
        code |= c - '0';
      else if (c >= 'a' && c <= 'f')
        code |= c - 'a' + 10;
      else if (c >= 'A' && c <= 'F')
        code |= c - 'A' + 10;
      else
        return fail("bad \\u escape");
    }
    return true;
  }

  bool parseString(std::string &out) {
    ++at; // The opening quote.
    while (at < text.size()) {
      char c = text[at++];
      if (c == '"')
        return true;
      if (static_cast<unsigned char>(c) < 0x20)
        return fail("control character in a string");
      if (c != '\\') {
        out += c;
        continue;
      }
      if (at >= text.size())
        break;
      char e = text[at++];
      switch (e) {
      case '"':
      case '\\':
      case '/':
        out += e;
        break;
      case 'b':
        out += '\b';
        break;
      case 'f':
        out += '\f';
        break;
      case 'n':
        out += '\n';
        break;
      case 'r':
        out += '\r';
        break;
      case 't':
        out += '\t';
        break;
      case 'u': {
        uint32_t code;
        if (!parseHex4(code))
          return false;
        // A surrogate pair spells one code point above U+FFFF.
        if (code >= 0xd800 && code < 0xdc00 && consume("\\u")) {
          uint32_t low;
          if (!parseHex4(low))
            return false;
          if (low >= 0xdc00 && low < 0xe000)
            code = 0x10000 + ((code - 0xd800) << 10) + (low - 0xdc00);
        }
        appendUTF8(out, code);
        break;
      }
      default:
        return fail("bad escape in a string");
      }
    }
    return fail("unterminated string");
  }

  bool parseNumber(JSONValue &value) {
    size_t start = at;
    if (at < text.size() && text[at] == '-')
      ++at;
    bool digits = false, fraction = false;
    while (at < text.size()) {
      char c = text[at];
      if (c >= '0' && c <= '9') {
        digits = true;
      } else if (c == '.' || c == 'e' || c == 'E' ||
                 ((c == '+' || c == '-') &&
                  (text[at - 1] == 'e' || text[at - 1] == 'E'))) {
        fraction = true;
      } else {
        break;
      }
      ++at;
    }
    if (!digits)
      return fail("expected a value");
    std::string spelling(text.substr(start, at - start));
    value.kind = JSONValue::Kind::Number;
    char *end = nullptr;
    value.number = std::strtod(spelling.c_str(), &end);
    if (end != spelling.c_str() + spelling.size())
      return fail("bad number");
    if (!fraction) {
      errno = 0;
      long long integer = std::strtoll(spelling.c_str(), &end, 10);
      if (errno == 0 && end == spelling.c_str() + spelling.size()) {
        value.integral = true;
        value.integer = integer;
      }
    }
    return true;
  }

  std::string_view text;
  size_t at = 0;
  std::string message;
};
} // namespace relax::runtime

std::optional<JSONValue> JSONValue::parse(std::string_view text,
                                          std::string &error) {
  return JSONParser(text).parseDocument(error);
}

std::optional<int64_t> JSONValue::getInteger() const {
  if (kind != Kind::Number || !integral)
    return std::nullopt;
  return integer;
}

const JSONValue *JSONValue::get(const std::string &key) const {
  if (kind != Kind::Object)
    return nullptr;
  auto it = object.find(key);
  return it == object.end() ? nullptr : &it->second;
}

const std::string *JSONValue::getString(const std::string &key) const {
  const JSONValue *member = get(key);
  return member ? member->getString() : nullptr;
}

std::optional<int64_t> JSONValue::getInteger(const std::string &key) const {
  const JSONValue *member = get(key);
  return member ? member->getInteger() : std::nullopt;
}
