//===- Npy.cpp - NumPy .npy files -----------------------------------------===//
//
// The format: "\x93NUMPY", a major and minor version byte, the header length
// (uint16 in version 1, uint32 in versions 2 and 3, little-endian), then a
// Python dict literal {'descr': ..., 'fortran_order': ..., 'shape': (...)}
// padded with spaces and a newline, then the raw data.
//
//===----------------------------------------------------------------------===//

#include "xla-mlir/ToolSupport/Npy.h"

#include "xla-mlir/Runtime/Elements.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <cstring>

using namespace xla::runtime;
using namespace xla::tools;
using llvm::StringRef;

static constexpr char kMagic[] = "\x93NUMPY";
static constexpr size_t kMagicSize = 6;

static llvm::Error makeError(StringRef name, const llvm::Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                 name + ": " + message);
}

namespace {

/// The header fields this reader understands.
struct NpyHeader {
  std::string descr;
  bool fortranOrder = false;
  llvm::SmallVector<int64_t> shape;
  bool sawDescr = false, sawOrder = false, sawShape = false;
};

/// A parser for the restricted Python literal the header holds.
class HeaderParser {
public:
  explicit HeaderParser(StringRef text) : rest(text) {}

  /// Returns an error message, or an empty string on success.
  std::string parse(NpyHeader &header) {
    if (!consume('{'))
      return "header is not a dict";
    while (!consume('}')) {
      std::string key;
      if (!parseString(key) || !consume(':'))
        return "malformed header dict";
      if (key == "descr") {
        if (peek() == '[')
          return "structured dtypes are not supported";
        if (!parseString(header.descr))
          return "malformed 'descr'";
        header.sawDescr = true;
      } else if (key == "fortran_order") {
        if (consumeWord("True"))
          header.fortranOrder = true;
        else if (!consumeWord("False"))
          return "malformed 'fortran_order'";
        header.sawOrder = true;
      } else if (key == "shape") {
        if (!parseShape(header.shape))
          return "malformed 'shape'";
        header.sawShape = true;
      } else {
        return "unknown header key '" + key + "'";
      }
      if (!consume(',') && peek() != '}')
        return "malformed header dict";
    }
    if (!header.sawDescr || !header.sawOrder || !header.sawShape)
      return "header lacks 'descr', 'fortran_order' or 'shape'";
    return "";
  }

private:
  void skipSpace() { rest = rest.ltrim(" \t\r\n"); }
  char peek() {
    skipSpace();
    return rest.empty() ? '\0' : rest.front();
  }
  bool consume(char c) {
    if (peek() != c)
      return false;
    rest = rest.drop_front();
    return true;
  }
  bool consumeWord(StringRef word) {
    skipSpace();
    return rest.consume_front(word);
  }
  bool parseString(std::string &out) {
    char quote = peek();
    if (quote != '\'' && quote != '"')
      return false;
    rest = rest.drop_front();
    size_t end = rest.find(quote);
    if (end == StringRef::npos)
      return false;
    out = rest.take_front(end).str();
    rest = rest.drop_front(end + 1);
    return true;
  }
  bool parseShape(llvm::SmallVectorImpl<int64_t> &shape) {
    if (!consume('('))
      return false;
    while (!consume(')')) {
      skipSpace();
      size_t digits = rest.find_first_not_of("0123456789");
      if (digits == 0 || digits == StringRef::npos)
        return false;
      int64_t size;
      if (rest.take_front(digits).getAsInteger(10, size))
        return false;
      shape.push_back(size);
      rest = rest.drop_front(digits);
      if (!consume(',') && peek() != ')')
        return false;
    }
    return true;
  }

  StringRef rest;
};

} // namespace

/// The DType of a little-endian descr; sets `error` for the others.
static std::optional<DType> parseDescr(StringRef descr, std::string &error) {
  if (descr.size() < 3) {
    error = "unsupported dtype '" + descr.str() + "'";
    return std::nullopt;
  }
  char order = descr.front();
  StringRef code = descr.drop_front();
  if (order == '>' && code != "b1" && code != "i1" && code != "u1") {
    error = "big-endian data ('" + descr.str() + "') is not supported";
    return std::nullopt;
  }
  if (order != '<' && order != '|' && order != '>' && order != '=') {
    error = "unsupported dtype '" + descr.str() + "'";
    return std::nullopt;
  }
  std::optional<DType> dtype =
      llvm::StringSwitch<std::optional<DType>>(code)
          .Case("b1", DType::I1)
          .Case("i1", DType::I8)
          .Case("i2", DType::I16)
          .Case("i4", DType::I32)
          .Case("i8", DType::I64)
          .Case("u1", DType::UI8)
          .Case("u2", DType::UI16)
          .Case("u4", DType::UI32)
          .Case("u8", DType::UI64)
          .Case("f2", DType::F16)
          .Case("f4", DType::F32)
          .Case("f8", DType::F64)
          .Case("c8", DType::Complex64)
          .Case("c16", DType::Complex128)
          .Default(std::nullopt);
  if (!dtype)
    error = "unsupported dtype '" + descr.str() + "'";
  return dtype;
}

llvm::Expected<HostBuffer> xla::tools::parseNpy(StringRef contents,
                                                  StringRef name) {
  if (!contents.starts_with(StringRef(kMagic, kMagicSize)))
    return makeError(name, "not a .npy file (bad magic string)");
  if (contents.size() < kMagicSize + 4)
    return makeError(name, "truncated .npy header");
  auto major = static_cast<uint8_t>(contents[kMagicSize]);
  size_t lengthBytes;
  if (major == 1)
    lengthBytes = 2;
  else if (major == 2 || major == 3)
    lengthBytes = 4;
  else
    return makeError(name, llvm::formatv("unsupported .npy version {0}.{1}",
                                         major,
                                         static_cast<uint8_t>(
                                             contents[kMagicSize + 1])));
  size_t headerStart = kMagicSize + 2 + lengthBytes;
  if (contents.size() < headerStart)
    return makeError(name, "truncated .npy header");
  uint64_t headerLength = 0;
  for (size_t i = 0; i < lengthBytes; ++i)
    headerLength |= static_cast<uint64_t>(static_cast<uint8_t>(
                        contents[kMagicSize + 2 + i]))
                    << (8 * i);
  if (contents.size() < headerStart + headerLength)
    return makeError(name, "truncated .npy header");

  NpyHeader header;
  std::string error = HeaderParser(contents.substr(headerStart, headerLength))
                          .parse(header);
  if (!error.empty())
    return makeError(name, error);
  if (header.fortranOrder)
    return makeError(name, "Fortran-order arrays are not supported; save "
                           "the array with np.ascontiguousarray first");
  std::optional<DType> dtype = parseDescr(header.descr, error);
  if (!dtype)
    return makeError(name, error);

  // The header is checked against the data before anything is allocated:
  // a truncated file, or a header claiming a huge shape, is an error.
  TensorSpec spec{*dtype, std::vector<int64_t>(header.shape.begin(),
                                               header.shape.end())};
  std::optional<size_t> expected = spec.getCheckedByteSize();
  if (!expected)
    return makeError(name, "the shape of " + spec.str() + " overflows 64 bits");
  StringRef data = contents.drop_front(headerStart + headerLength);
  if (data.size() != *expected)
    return makeError(name, llvm::formatv("expected {0} bytes of data for {1}, "
                                         "found {2}{3}",
                                         *expected, spec.str(), data.size(),
                                         data.size() < *expected
                                             ? " (truncated file)"
                                             : ""));
  runtime::StatusOr<HostBuffer> created =
      HostBuffer::create(spec, /*zeroed=*/false);
  if (!created.ok())
    return makeError(name, created.getStatus().message());
  HostBuffer buffer = std::move(*created);
  if (!data.empty())
    std::memcpy(buffer.data(), data.data(), data.size());
  // numpy bools are 0 or 1, but normalize any other byte to what codegen
  // expects of an i1.
  if (*dtype == DType::I1)
    for (int64_t i = 0, e = buffer.getNumElements(); i < e; ++i)
      buffer.data<uint8_t>()[i] = buffer.data<uint8_t>()[i] != 0;
  return std::move(buffer);
}

llvm::Expected<HostBuffer> xla::tools::readNpyFile(StringRef path) {
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> file =
      llvm::MemoryBuffer::getFile(path, /*IsText=*/false,
                                  /*RequiresNullTerminator=*/false);
  if (!file)
    return makeError(path, "cannot read file: " + file.getError().message());
  return parseNpy((*file)->getBuffer(), path);
}

llvm::Expected<HostBuffer>
xla::tools::readNpyFileAs(StringRef path, const TensorSpec &spec) {
  llvm::Expected<HostBuffer> buffer = readNpyFile(path);
  if (!buffer)
    return buffer.takeError();
  if (spec.dtype == DType::BF16 && buffer->getDType() == DType::F32 &&
      buffer->getShape() == spec.shape) {
    HostBuffer converted(spec);
    for (int64_t i = 0, e = converted.getNumElements(); i < e; ++i)
      converted.data<uint16_t>()[i] =
          detail::floatToBF16(buffer->data<float>()[i]);
    return std::move(converted);
  }
  if (!(buffer->getSpec() == spec))
    return makeError(path, "expected an array of " + spec.str() +
                               ", the file holds " + buffer->getSpec().str());
  return buffer;
}

/// The descr a buffer is written with, and the DType of the written data.
static std::pair<StringRef, DType> getWrittenDType(DType dtype) {
  switch (dtype) {
  case DType::I1:
    return {"|b1", dtype};
  case DType::I2:
  case DType::I4:
    return {"|i1", DType::I8};
  case DType::I8:
    return {"|i1", dtype};
  case DType::I16:
    return {"<i2", dtype};
  case DType::I32:
    return {"<i4", dtype};
  case DType::I64:
    return {"<i8", dtype};
  case DType::UI2:
  case DType::UI4:
    return {"|u1", DType::UI8};
  case DType::UI8:
    return {"|u1", dtype};
  case DType::UI16:
    return {"<u2", dtype};
  case DType::UI32:
    return {"<u4", dtype};
  case DType::UI64:
    return {"<u8", dtype};
  case DType::F16:
    return {"<f2", dtype};
  case DType::BF16:
  case DType::F32:
    return {"<f4", DType::F32};
  case DType::F64:
    return {"<f8", dtype};
  case DType::Complex64:
    return {"<c8", dtype};
  case DType::Complex128:
    return {"<c16", dtype};
  }
  return {"|u1", DType::UI8};
}

std::string xla::tools::encodeNpy(const HostBuffer &buffer) {
  auto [descr, written] = getWrittenDType(buffer.getDType());
  std::string dict;
  llvm::raw_string_ostream os(dict);
  os << "{'descr': '" << descr << "', 'fortran_order': False, 'shape': (";
  for (int64_t size : buffer.getShape())
    os << size << (buffer.getRank() == 1 ? "," : ", ");
  if (buffer.getRank() > 1)
    dict.resize(dict.size() - 2);
  os << "), }";

  // Pad with spaces so the data starts at a multiple of 64 bytes; the header
  // ends in a newline.
  size_t prefix = kMagicSize + 2 + 2;
  bool version2 = false;
  size_t total = llvm::alignTo(prefix + dict.size() + 1, 64);
  if (total - prefix > 0xffff) {
    version2 = true;
    prefix += 2;
    total = llvm::alignTo(prefix + dict.size() + 1, 64);
  }
  dict.append(total - prefix - dict.size() - 1, ' ');
  dict.push_back('\n');

  std::string out(kMagic, kMagicSize);
  out.push_back(version2 ? 2 : 1);
  out.push_back(0);
  size_t length = dict.size();
  for (size_t i = 0; i < (version2 ? 4u : 2u); ++i)
    out.push_back(static_cast<char>((length >> (8 * i)) & 0xff));
  out += dict;

  int64_t count = buffer.getNumElements();
  DType dtype = buffer.getDType();
  if (written == dtype) {
    out.append(buffer.data<char>(), buffer.getByteSize());
    return out;
  }
  // Widen bf16 to f32 and sub-byte integers to bytes, element by element.
  size_t inWidth = getByteWidth(dtype), outWidth = getByteWidth(written);
  size_t start = out.size();
  out.resize(start + count * outWidth);
  for (int64_t i = 0; i < count; ++i) {
    const char *in = buffer.data<char>() + i * inWidth;
    char *dst = out.data() + start + i * outWidth;
    if (isFloat(dtype))
      detail::writeFloat(dst, written, detail::readFloat(in, dtype));
    else if (isUnsigned(dtype))
      detail::writeInteger(dst, written,
                           static_cast<int64_t>(detail::readUnsigned(in, dtype)));
    else
      detail::writeInteger(dst, written, detail::readSigned(in, dtype));
  }
  return out;
}

llvm::Error xla::tools::writeNpyFile(StringRef path,
                                       const HostBuffer &buffer) {
  std::error_code ec;
  llvm::raw_fd_ostream os(path, ec, llvm::sys::fs::OF_None);
  if (ec)
    return makeError(path, "cannot write file: " + ec.message());
  os << encodeNpy(buffer);
  os.close();
  if (os.has_error())
    return makeError(path, "cannot write file: " + os.error().message());
  return llvm::Error::success();
}
