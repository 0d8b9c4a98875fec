//===- ParserGuards.cpp - inputs MLIR's parser cannot survive -------------===//

#include "xla-mlir/Compiler/ParserGuards.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Location.h"
#include "mlir/IR/MLIRContext.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/SourceMgr.h"

using namespace xla;

/// Characters of an SSA name after `%` (MLIR's suffix-id).
static bool isNameChar(char c) {
  return llvm::isAlnum(c) || c == '$' || c == '.' || c == '_' || c == '-';
}

std::optional<ParserHazard> xla::findParserHazard(llvm::StringRef text) {
  size_t i = 0, n = text.size();
  while (i < n) {
    char c = text[i];
    if (c == '"') {
      // A string literal: skip to its unescaped end (or the line's end,
      // where the lexer stops too).
      for (++i; i < n && text[i] != '"' && text[i] != '\n'; ++i)
        if (text[i] == '\\')
          ++i;
      ++i;
      continue;
    }
    if (c == '/' && i + 1 < n && text[i + 1] == '/') {
      i = text.find('\n', i);
      if (i == llvm::StringRef::npos)
        break;
      continue;
    }
    if (c != '%') {
      ++i;
      continue;
    }
    size_t start = i++;
    while (i < n && isNameChar(text[i]))
      ++i;
    if (i >= n || text[i] != '#')
      continue;
    size_t digits = ++i;
    while (i < n && llvm::isDigit(text[i]))
      ++i;
    uint64_t number;
    // getAsInteger fails on overflow: larger than any limit.
    if (i > digits &&
        (text.slice(digits, i).getAsInteger(10, number) ||
         number >= kMaxResultNumber))
      return ParserHazard{start,
                          "result number " + text.slice(digits, i).str() +
                              " in '" + text.slice(start, i).str() +
                              "' is out of range: no op has more than " +
                              std::to_string(kMaxResultNumber) +
                              " results (MLIR's parser would allocate a "
                              "slot for each number below it)"};
  }
  return std::nullopt;
}

bool xla::checkParserHazards(const llvm::SourceMgr &sourceMgr,
                             mlir::MLIRContext *context) {
  const llvm::MemoryBuffer *buffer =
      sourceMgr.getMemoryBuffer(sourceMgr.getMainFileID());
  std::optional<ParserHazard> hazard = findParserHazard(buffer->getBuffer());
  if (!hazard)
    return true;
  auto [line, column] = sourceMgr.getLineAndColumn(
      llvm::SMLoc::getFromPointer(buffer->getBufferStart() + hazard->offset));
  mlir::emitError(mlir::FileLineColLoc::get(
                      context, buffer->getBufferIdentifier(), line, column),
                  hazard->message);
  return false;
}
