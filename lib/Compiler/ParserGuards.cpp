//===- ParserGuards.cpp - inputs MLIR's parser cannot survive -------------===//

#include "xla-mlir/Compiler/ParserGuards.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Location.h"
#include "mlir/IR/MLIRContext.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/SourceMgr.h"

#include <algorithm>

using namespace xla;

/// Characters of an SSA name after `%` (MLIR's suffix-id).
static bool isNameChar(char c) {
  return llvm::isAlnum(c) || c == '$' || c == '.' || c == '_' || c == '-';
}

/// The linalg ops whose custom parser stores the result of parsing
/// `KEYWORD = [i64, ...]` unchecked: on a malformed list MLIR 22 sets a
/// null attribute and crashes (after printing "expected '['").
static std::optional<llvm::StringRef> arrayKeywordOf(llvm::StringRef op) {
  return llvm::StringSwitch<std::optional<llvm::StringRef>>(op)
      .Case("linalg.reduce", llvm::StringRef("dimensions"))
      .Case("linalg.broadcast", llvm::StringRef("dimensions"))
      .Case("linalg.transpose", llvm::StringRef("permutation"))
      .Default(std::nullopt);
}

/// Offset of the first character in `text` from `i` on that is not white
/// space.
static size_t skipSpace(llvm::StringRef text, size_t i) {
  while (i < text.size() && llvm::isSpace(text[i]))
    ++i;
  return i;
}

/// Checks `KEYWORD = [...]` of the op whose name ends at `i`: the list must
/// be integers that fit in 64 bits. Returns the hazard's offset, if any.
static std::optional<size_t> checkArrayKeyword(llvm::StringRef text, size_t i,
                                               llvm::StringRef keyword) {
  // The keyword comes before the op's attribute dictionary or region.
  size_t end = std::min(text.find('{', i), text.size());
  size_t at = i;
  while (true) {
    at = text.find(keyword, at);
    if (at >= end)
      return std::nullopt; // no keyword: the parser reports it
    bool word = !isNameChar(text[at - 1]) &&
                (at + keyword.size() >= text.size() ||
                 !isNameChar(text[at + keyword.size()]));
    if (word)
      break;
    at += keyword.size();
  }
  size_t j = skipSpace(text, at + keyword.size());
  if (j >= text.size() || text[j] != '=')
    return std::nullopt; // the parser reports a missing '='
  j = skipSpace(text, j + 1);
  if (j >= text.size() || text[j] != '[')
    return j;
  j = skipSpace(text, j + 1);
  if (j < text.size() && text[j] == ']')
    return std::nullopt;
  while (true) {
    size_t start = j;
    if (j < text.size() && text[j] == '-')
      ++j;
    size_t digits = j;
    while (j < text.size() && llvm::isDigit(text[j]))
      ++j;
    int64_t value;
    if (j == digits || text.slice(start, j).getAsInteger(10, value))
      return start;
    j = skipSpace(text, j);
    if (j < text.size() && text[j] == ']')
      return std::nullopt;
    if (j >= text.size() || text[j] != ',')
      return j;
    j = skipSpace(text, j + 1);
  }
}

std::optional<ParserHazard> xla::findParserHazard(llvm::StringRef text) {
  size_t i = 0, n = text.size();
  while (i < n) {
    char c = text[i];
    if (llvm::isAlpha(c) && (i == 0 || !isNameChar(text[i - 1]))) {
      size_t start = i;
      while (i < n && (isNameChar(text[i]) || text[i] == '.'))
        ++i;
      llvm::StringRef name = text.slice(start, i);
      if (std::optional<llvm::StringRef> keyword = arrayKeywordOf(name))
        if (std::optional<size_t> at = checkArrayKeyword(text, i, *keyword))
          return ParserHazard{*at, "'" + name.str() + "' expects '" +
                                       keyword->str() +
                                       " = [' and a list of 64-bit integers "
                                       "here (MLIR's parser of this op "
                                       "would crash on anything else)"};
      continue;
    }
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
