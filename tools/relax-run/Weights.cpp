//===- Weights.cpp - Weights files for relax-run --------------------------===//

#include "Weights.h"

#include "Relax/Dialect/Relax/IR/RelaxOps.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "llvm/Support/Endian.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"

#include <cstring>

using namespace mlir;
using namespace relax_run;

/// The .npy layout of a safetensors dtype.
static std::optional<ElementLayout> getSafetensorsLayout(StringRef dtype) {
  return llvm::StringSwitch<std::optional<ElementLayout>>(dtype)
      .Case("F16", ElementLayout{"<f2", 2})
      .Case("F32", ElementLayout{"<f4", 4})
      .Case("F64", ElementLayout{"<f8", 8})
      .Case("BOOL", ElementLayout{"|b1", 1})
      .Case("I8", ElementLayout{"|i1", 1})
      .Case("I16", ElementLayout{"<i2", 2})
      .Case("I32", ElementLayout{"<i4", 4})
      .Case("I64", ElementLayout{"<i8", 8})
      .Default(std::nullopt);
}

/// The deepest nesting of arrays and objects in the JSON text `json`
/// (strings skipped), without parsing it: llvm::json::parse recurses once
/// per level, so a header of a few megabytes of `[` would overflow the
/// stack.
static size_t getJSONNesting(StringRef json) {
  size_t depth = 0, deepest = 0;
  bool inString = false;
  for (size_t i = 0; i < json.size(); ++i) {
    char c = json[i];
    if (inString) {
      if (c == '\\')
        ++i;
      else if (c == '"')
        inString = false;
      continue;
    }
    if (c == '"') {
      inString = true;
    } else if (c == '[' || c == '{') {
      deepest = std::max(deepest, ++depth);
    } else if ((c == ']' || c == '}') && depth > 0) {
      --depth;
    }
  }
  return deepest;
}

/// A safetensors header nests 3 deep (entries, an entry, its shape); the
/// bound leaves room for metadata.
static constexpr size_t kMaxHeaderNesting = 64;

static std::optional<llvm::StringMap<Array>>
parseSafetensors(StringRef bytes, StringRef path, std::string &error) {
  auto fail = [&](const Twine &why) {
    error = (path + ": " + why).str();
    return std::nullopt;
  };
  if (bytes.size() < 8)
    return fail("too short for a safetensors file");
  uint64_t headerSize = llvm::support::endian::read64le(bytes.data());
  if (headerSize > bytes.size() - 8)
    return fail("the header size " + Twine(headerSize) +
                " runs past the end of the file");
  StringRef header = bytes.substr(8, headerSize);
  StringRef data = bytes.substr(8 + headerSize);
  if (size_t nesting = getJSONNesting(header); nesting > kMaxHeaderNesting)
    return fail("the JSON header nests " + Twine(nesting) +
                " levels deep, more than the " + Twine(kMaxHeaderNesting) +
                " a safetensors header may");
  llvm::Expected<llvm::json::Value> json = llvm::json::parse(header);
  if (!json)
    return fail("bad JSON header: " + toString(json.takeError()));
  const llvm::json::Object *entries = json->getAsObject();
  if (!entries)
    return fail("the header is not a JSON object");
  llvm::StringMap<Array> arrays;
  // The data of each entry, to find two that share bytes.
  std::vector<std::tuple<int64_t, int64_t, std::string>> extents;
  for (const auto &[key, value] : *entries) {
    if (key == "__metadata__")
      continue;
    std::string name = key.str();
    const llvm::json::Object *entry = value.getAsObject();
    if (!entry)
      return fail("entry '" + name + "' is not an object");
    std::optional<StringRef> dtype = entry->getString("dtype");
    const llvm::json::Array *shapeJson = entry->getArray("shape");
    const llvm::json::Array *offsets = entry->getArray("data_offsets");
    if (!dtype || !shapeJson || !offsets || offsets->size() != 2)
      return fail("entry '" + name +
                  "' lacks dtype, shape or two data_offsets");
    std::optional<ElementLayout> layout = getSafetensorsLayout(*dtype);
    if (!layout)
      return fail("entry '" + name + "' has dtype " + *dtype +
                  ", which relax-run does not take");
    std::vector<int64_t> shape;
    for (const llvm::json::Value &d : *shapeJson) {
      std::optional<int64_t> dim = d.getAsInteger();
      if (!dim || *dim < 0)
        return fail("entry '" + name + "' has a bad shape");
      shape.push_back(*dim);
    }
    std::optional<int64_t> begin = (*offsets)[0].getAsInteger();
    std::optional<int64_t> end = (*offsets)[1].getAsInteger();
    std::optional<uint64_t> size = getNumBytes(shape, layout->size);
    if (!begin || !end || *begin < 0 || *end < *begin ||
        static_cast<uint64_t>(*end) > data.size() || !size ||
        *size != static_cast<uint64_t>(*end - *begin))
      return fail("entry '" + name +
                  "' has data offsets that do not fit its shape or the file");
    std::optional<Array> array = Array::allocate(shape, *layout);
    if (!array)
      return fail("out of memory for entry '" + name + "'");
    if (*size) {
      std::memcpy(array->data(), data.data() + *begin, *size);
      extents.emplace_back(*begin, *end, name);
    }
    arrays.try_emplace(name, std::move(*array));
  }
  llvm::sort(extents);
  for (size_t i = 1; i < extents.size(); ++i)
    if (std::get<0>(extents[i]) < std::get<1>(extents[i - 1]))
      return fail("entries '" + std::get<2>(extents[i - 1]) + "' and '" +
                  std::get<2>(extents[i]) + "' share data bytes");
  return arrays;
}

static std::optional<llvm::StringMap<Array>>
parseNpz(StringRef bytes, StringRef path, std::string &error) {
  using llvm::support::endian::read16le;
  using llvm::support::endian::read32le;
  using llvm::support::endian::read64le;
  auto fail = [&](const Twine &why) {
    error = (path + ": " + why).str();
    return std::nullopt;
  };
  // The end of central directory record, within the last 64 KiB + 22 bytes.
  size_t eocd = StringRef::npos;
  for (size_t i = bytes.size() >= 22 ? bytes.size() - 22 : 0;; --i) {
    if (read32le(bytes.data() + i) == 0x06054b50) {
      eocd = i;
      break;
    }
    if (i == 0 || bytes.size() - i > 65557)
      break;
  }
  if (bytes.size() < 22 || eocd == StringRef::npos)
    return fail("not a zip archive");
  const char *end = bytes.data() + eocd;
  uint64_t count = read16le(end + 10);
  uint64_t dirOffset = read32le(end + 16);
  // Zip64: the zip64 end of central directory locator precedes the record.
  if ((count == 0xffff || dirOffset == 0xffffffff) && eocd >= 20 &&
      read32le(end - 20) == 0x07064b50) {
    uint64_t record = read64le(end - 20 + 8);
    if (record + 56 > bytes.size())
      return fail("bad zip64 end of central directory");
    count = read64le(bytes.data() + record + 32);
    dirOffset = read64le(bytes.data() + record + 48);
  }
  llvm::StringMap<Array> arrays;
  uint64_t pos = dirOffset;
  for (uint64_t e = 0; e < count; ++e) {
    if (pos + 46 > bytes.size() || read32le(bytes.data() + pos) != 0x02014b50)
      return fail("bad central directory");
    const char *dir = bytes.data() + pos;
    unsigned method = read16le(dir + 10);
    uint64_t compressed = read32le(dir + 20);
    uint64_t uncompressed = read32le(dir + 24);
    unsigned nameLength = read16le(dir + 28);
    unsigned extraLength = read16le(dir + 30);
    unsigned commentLength = read16le(dir + 32);
    uint64_t local = read32le(dir + 42);
    if (pos + 46 + nameLength + extraLength > bytes.size())
      return fail("bad central directory");
    StringRef name(dir + 46, nameLength);
    // Sizes and offset that do not fit 32 bits are in the zip64 extra
    // field, in this order.
    StringRef extra(dir + 46 + nameLength, extraLength);
    while (extra.size() >= 4) {
      unsigned id = read16le(extra.data()), size = read16le(extra.data() + 2);
      StringRef field = extra.substr(4, size);
      if (id == 1) {
        size_t at = 0;
        for (uint64_t *value : {&uncompressed, &compressed, &local}) {
          if (*value != 0xffffffff)
            continue;
          if (at + 8 > field.size())
            return fail("bad zip64 field of '" + name + "'");
          *value = read64le(field.data() + at);
          at += 8;
        }
      }
      extra = extra.drop_front(std::min<size_t>(extra.size(), 4 + size));
    }
    pos += 46 + nameLength + extraLength + commentLength;
    if (method != 0)
      return fail("entry '" + name +
                  "' is compressed; relax-run reads stored entries only "
                  "(np.savez, not np.savez_compressed)");
    if (local + 30 > bytes.size() ||
        read32le(bytes.data() + local) != 0x04034b50)
      return fail("bad local header of '" + name + "'");
    uint64_t data = local + 30 + read16le(bytes.data() + local + 26) +
                    read16le(bytes.data() + local + 28);
    if (data + compressed > bytes.size())
      return fail("entry '" + name + "' runs past the end of the file");
    std::optional<Array> array =
        parseNpy(bytes.substr(data, compressed), (path + ":" + name).str(),
                 error);
    if (!array)
      return std::nullopt;
    StringRef key = name;
    key.consume_back(".npy");
    arrays.try_emplace(key, std::move(*array));
  }
  return arrays;
}

std::optional<llvm::StringMap<Array>>
relax_run::parseWeights(StringRef bytes, StringRef path, std::string &error) {
  if (path.ends_with(".npz") || bytes.starts_with("PK\x03\x04"))
    return parseNpz(bytes, path, error);
  return parseSafetensors(bytes, path, error);
}

std::optional<llvm::StringMap<Array>>
relax_run::readWeights(StringRef path, std::string &error) {
  std::unique_ptr<llvm::MemoryBuffer> buffer = readRegularFile(path, error);
  if (!buffer)
    return std::nullopt;
  return parseWeights(buffer->getBuffer(), path, error);
}

/// A dense attribute of `type` holding the elements of `array`.
static DenseElementsAttr toAttribute(RankedTensorType type,
                                     const Array &array) {
  ArrayRef<char> raw(static_cast<const char *>(array.data()),
                     array.getNumBytes());
  if (type.getElementType().isInteger(1)) {
    SmallVector<bool> values;
    for (char c : raw)
      values.push_back(c != 0);
    return DenseElementsAttr::get(type, values);
  }
  return DenseElementsAttr::getFromRawBuffer(type, raw);
}

LogicalResult relax_run::bindWeights(relax::FuncOp func, StringRef path,
                                     bool asConstants,
                                     std::vector<std::optional<Array>> &bound,
                                     std::string &error) {
  std::optional<llvm::StringMap<Array>> arrays = readWeights(path, error);
  if (!arrays)
    return failure();
  return bindWeights(func, *arrays, path, asConstants, bound, error);
}

LogicalResult relax_run::bindWeights(relax::FuncOp func,
                                     llvm::StringMap<Array> &arrays,
                                     StringRef path, bool asConstants,
                                     std::vector<std::optional<Array>> &bound,
                                     std::string &error) {
  // Where each parameter's leaves start in the flattened signature.
  SmallVector<unsigned> firstLeaf;
  unsigned leaves = 0;
  for (Type type : func.getArgumentTypes()) {
    firstLeaf.push_back(leaves);
    SmallVector<Type> flat;
    if (auto tuple = dyn_cast<TupleType>(type))
      tuple.getFlattenedTypes(flat);
    leaves += isa<TupleType>(type) ? flat.size() : 1;
  }
  bound.clear();
  bound.resize(leaves);
  SmallVector<std::string> missing;
  llvm::BitVector erased(func.getNumArguments());
  OpBuilder builder(func.getContext());
  if (!func.isExternal())
    builder.setInsertionPointToStart(&func.getBody().front());
  for (unsigned i = 0, e = func.getNumArguments(); i < e; ++i) {
    auto name = func.getArgAttrOfType<StringAttr>(
        i, relax::RelaxDialect::getParamNameAttrName());
    if (!name)
      continue;
    auto it = arrays.find(name.getValue());
    if (it == arrays.end()) {
      missing.push_back(name.getValue().str());
      continue;
    }
    Array &array = it->second;
    auto type = dyn_cast<relax::RelaxTensorType>(func.getArgumentTypes()[i]);
    std::optional<ElementLayout> layout;
    if (type && type.hasRank())
      layout = getElementLayout(type.getElementType());
    std::string expected = llvm::formatv("{0}", Type(type)).str();
    bool matches = layout && layout->descr == array.layout.descr &&
                   static_cast<size_t>(type.getRank()) == array.shape.size();
    for (auto [d, dim] : llvm::enumerate(matches ? type.getDims()
                                                 : ArrayRef<sym::SymExprAttr>{}))
      matches &= dim && dim.getConstantValue() &&
                 *dim.getConstantValue() == array.shape[d];
    if (!matches) {
      std::string shape;
      llvm::raw_string_ostream os(shape);
      llvm::interleaveComma(array.shape, os);
      error = ("weight '" + name.getValue() + "' in " + path + " has shape [" +
               shape + "] and dtype '" + array.layout.descr + "' but @" +
               func.getSymName() + " parameter #" + Twine(i) + " is " +
               expected)
                  .str();
      return failure();
    }
    if (!asConstants) {
      bound[firstLeaf[i]] = std::move(array);
      continue;
    }
    if (func.isExternal())
      continue;
    auto tensorType = RankedTensorType::get(array.shape, type.getElementType());
    auto constant = relax::ConstantOp::create(builder, func.getLoc(),
                                              toAttribute(tensorType, array));
    func.getArgument(i).replaceAllUsesWith(constant.getResult());
    erased.set(i);
  }
  if (!missing.empty()) {
    error = ("no weight in " + path + " for the parameter" +
             (missing.size() > 1 ? "s " : " ") + llvm::join(missing, ", ") +
             " of @" + func.getSymName())
                .str();
    return failure();
  }
  if (asConstants) {
    if (failed(func.eraseArguments(erased)))
      return failure();
    bound.clear();
  }
  return success();
}
