//===- ParserHazards.cpp - Input that crashes MLIR 22's parser ------------===//

#include "Relax/Tools/ParserHazards.h"

#include "llvm/Support/SourceMgr.h"

using namespace mlir;

/// The part of `line` before a `//` comment (a `//` inside a string literal
/// is not one).
static StringRef stripComment(StringRef line) {
  bool inString = false;
  for (size_t i = 0; i + 1 < line.size(); ++i) {
    if (line[i] == '\\' && inString) {
      ++i;
      continue;
    }
    if (line[i] == '"')
      inString = !inString;
    else if (!inString && line[i] == '/' && line[i + 1] == '/')
      return line.take_front(i);
  }
  return line;
}

/// The position in `text` of the first `array<` whose element type is
/// `index`, or npos.
static size_t findIndexArray(StringRef text) {
  for (size_t at = text.find("array<"); at != StringRef::npos;
       at = text.find("array<", at + 1)) {
    StringRef rest = text.drop_front(at + 6).ltrim();
    if (!rest.consume_front("index"))
      continue;
    if (rest.empty() || !(isalnum(rest.front()) || rest.front() == '_'))
      return at;
  }
  return StringRef::npos;
}

LogicalResult relax::checkParserHazards(const llvm::MemoryBuffer &buffer,
                                        llvm::raw_ostream &os) {
  StringRef text = buffer.getBuffer();
  for (size_t start = 0; start < text.size();) {
    size_t end = text.find('\n', start);
    if (end == StringRef::npos)
      end = text.size();
    StringRef line = stripComment(text.slice(start, end));
    size_t at = findIndexArray(line);
    if (at != StringRef::npos) {
      llvm::SourceMgr sourceMgr;
      sourceMgr.AddNewSourceBuffer(
          llvm::MemoryBuffer::getMemBuffer(text, buffer.getBufferIdentifier(),
                                           /*RequiresNullTerminator=*/false),
          llvm::SMLoc());
      sourceMgr.PrintMessage(
          os, llvm::SMLoc::getFromPointer(line.data() + at),
          llvm::SourceMgr::DK_Error,
          "a dense array of 'index' elements is not supported (MLIR's "
          "parser cannot build one); use i64 elements");
      return failure();
    }
    start = end + 1;
  }
  return success();
}
