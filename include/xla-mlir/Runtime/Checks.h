//===- Checks.h - run-time evaluation of check ops ----------------*- C++ -*-===//
//
// The runtime side of check-lower-to-runtime (see CheckABI.h): one function
// evaluates every check call and records failures in the CheckReport of the
// run in progress on the calling thread. Semantics are those of the
// StableHLO reference interpreter, as written down in
// shared/conformance/README.md and docs/runtime.md.
//
//===----------------------------------------------------------------------===//

#ifndef XLA_MLIR_RUNTIME_CHECKS_H
#define XLA_MLIR_RUNTIME_CHECKS_H

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace xla::runtime {

/// One failed check.
struct CheckFailure {
  /// "file:line:col" of the check op.
  std::string location;
  /// The check and its parameters, e.g. "expect_close (ULP distance in
  /// [0, 3])".
  std::string check;
  /// Set when the operands' shapes differ; the fields below are then unset.
  std::string shapeMismatch;
  /// Multi-dimensional index of the first mismatching element (row-major).
  std::vector<int64_t> firstBadIndex;
  /// Both values at that index, printed like NumPy scalars.
  std::string actual, expected;
  int64_t numMismatches = 0;
  int64_t numElements = 0;
  /// Largest |actual - expected| over elements where both are finite (per
  /// component for complex values); unset if there are none.
  std::optional<double> maxAbsError;
  /// ULP distance at the first mismatch (expect_close only; nullopt when it
  /// is infinite: NaN against a number, or an infinity).
  std::optional<uint64_t> firstBadUlpDistance;
  bool isUlpCheck = false;

  /// "LOC: error: CHECK failed: ..." plus indented detail lines, without a
  /// trailing newline.
  std::string str() const;
};

/// What the checks of one run found.
struct CheckReport {
  int64_t numChecks = 0;
  std::vector<CheckFailure> failures;
  /// Locations of checks the CPU runtime cannot evaluate.
  std::vector<std::string> skipped;

  bool passed() const { return failures.empty(); }
};

/// Makes `report` the destination of check results on this thread while in
/// scope (runs are synchronous on the calling thread).
class CheckReportScope {
public:
  explicit CheckReportScope(CheckReport *report);
  ~CheckReportScope();
  CheckReportScope(const CheckReportScope &) = delete;
  CheckReportScope &operator=(const CheckReportScope &) = delete;

private:
  CheckReport *previous;
};

/// The function every `xla_rt_check_<type>` symbol is bound to. Outside a
/// CheckReportScope, failures are printed to stderr.
void runtimeCheck(int32_t kind, int32_t dtype, int64_t actualRank,
                  void *actualDescriptor, int64_t expectedRank,
                  void *expectedDescriptor, double tolerance, int64_t minUlp,
                  int64_t maxUlp, const char *location);

} // namespace xla::runtime

#endif // XLA_MLIR_RUNTIME_CHECKS_H
