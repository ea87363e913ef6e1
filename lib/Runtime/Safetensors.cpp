//===- Safetensors.cpp - Memory-mapped safetensors files ------------------===//

#include "Safetensors.h"
#include "DataType.h"
#include "JSON.h"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

using namespace relax::runtime;

std::unique_ptr<SafetensorsFile>
SafetensorsFile::open(const std::string &path, std::string &error) {
  auto fail = [&](const std::string &why) {
    error = path + ": " + why;
    return nullptr;
  };
  int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0)
    return fail(std::strerror(errno));
  struct stat info;
  if (fstat(fd, &info) != 0 || !S_ISREG(info.st_mode)) {
    ::close(fd);
    return fail("not a regular file");
  }
  std::unique_ptr<SafetensorsFile> file(new SafetensorsFile());
  file->path = path;
  file->size = info.st_size;
  if (file->size < 8) {
    ::close(fd);
    return fail("too short for a safetensors file");
  }
  void *mapping = mmap(nullptr, file->size, PROT_READ | PROT_WRITE,
                       MAP_PRIVATE, fd, 0);
  ::close(fd);
  if (mapping == MAP_FAILED)
    return fail(std::string("cannot map it: ") + std::strerror(errno));
  file->mapping = mapping;

  const char *bytes = static_cast<const char *>(mapping);
  uint64_t headerSize = 0;
  for (int i = 7; i >= 0; --i)
    headerSize = headerSize << 8 | static_cast<unsigned char>(bytes[i]);
  if (headerSize > file->size - 8)
    return fail("the header size " + std::to_string(headerSize) +
                " runs past the end of the file");
  std::string parseError;
  std::optional<JSONValue> header =
      JSONValue::parse(std::string_view(bytes + 8, headerSize), parseError);
  if (!header)
    return fail("bad JSON header: " + parseError);
  if (!header->isObject())
    return fail("the header is not a JSON object");
  char *data = static_cast<char *>(mapping) + 8 + headerSize;
  uint64_t dataSize = file->size - 8 - headerSize;
  for (const auto &[name, entry] : *header->getObject()) {
    if (name == "__metadata__")
      continue;
    const std::string *dtypeName = entry.getString("dtype");
    const JSONValue *shape = entry.get("shape");
    const JSONValue *offsets = entry.get("data_offsets");
    if (!dtypeName || !shape || !shape->isArray() || !offsets ||
        !offsets->isArray() || offsets->getArray()->size() != 2)
      return fail("entry '" + name + "' lacks dtype, shape or two data_offsets");
    std::optional<DLDataType> dtype = parseSafetensorsDType(*dtypeName);
    if (!dtype)
      return fail("entry '" + name + "' has dtype " + *dtypeName +
                  ", which the runtime does not take");
    MappedTensor tensor{*dtype, {}, nullptr};
    std::optional<uint64_t> bytesNeeded = getElementSize(*dtype);
    for (const JSONValue &d : *shape->getArray()) {
      std::optional<int64_t> dim = d.getInteger();
      if (!dim || *dim < 0)
        return fail("entry '" + name + "' has a bad shape");
      tensor.shape.push_back(*dim);
      if (bytesNeeded && *dim && *bytesNeeded > UINT64_MAX / *dim)
        bytesNeeded.reset();
      else if (bytesNeeded)
        *bytesNeeded *= *dim;
    }
    std::optional<int64_t> begin = (*offsets->getArray())[0].getInteger();
    std::optional<int64_t> end = (*offsets->getArray())[1].getInteger();
    if (!begin || !end || *begin < 0 || *end < *begin ||
        static_cast<uint64_t>(*end) > dataSize || !bytesNeeded ||
        *bytesNeeded != static_cast<uint64_t>(*end - *begin))
      return fail("entry '" + name +
                  "' has data offsets that do not fit its shape or the file");
    tensor.data = data + *begin;
    file->tensors.emplace(name, std::move(tensor));
  }
  return file;
}

SafetensorsFile::~SafetensorsFile() {
  if (mapping)
    munmap(mapping, size);
}

const MappedTensor *SafetensorsFile::lookup(const std::string &name) const {
  auto it = tensors.find(name);
  return it == tensors.end() ? nullptr : &it->second;
}

bool SafetensorsFile::contains(const void *ptr) const {
  auto *byte = static_cast<const char *>(ptr);
  auto *begin = static_cast<const char *>(mapping);
  return byte >= begin && byte < begin + size;
}
