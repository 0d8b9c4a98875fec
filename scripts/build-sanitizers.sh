#!/usr/bin/env bash
# Builds xla-mlir with ASan + UBSan and libFuzzer coverage in build-san/
# (the tools, the runtime and the fuzz harness xla-fuzz), then runs the
# given targets there, e.g.
#   scripts/build-sanitizers.sh                  # build only
#   scripts/build-sanitizers.sh check-xla-mlir   # the lit suite under ASan/UBSan/LSan
# docs/robustness.md says what runs where.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
export BUILD_DIR="${SAN_BUILD_DIR:-$ROOT/build-san}"
# -O1: the usual level for sanitizer builds; it compiles about twice as fast
# as -O3 and keeps stack traces readable.
export XLA_CMAKE_ARGS="-DXLA_ENABLE_FUZZER=ON -DXLA_ENABLE_PYTHON=OFF -DCMAKE_CXX_FLAGS_RELEASE=-O1 -DCMAKE_C_FLAGS_RELEASE=-O1"
# Leaks are errors; UBSan stops at the first report (-fno-sanitize-recover)
# and says where. JIT-compiled code is not instrumented, so ASan only sees
# what our C++ does.
# Every report also goes to a file under build-san/sanitizer-logs, so one
# from a process whose exit status a test expects to be non-zero (`not`,
# exit_code.py) is not lost: any file there fails the run.
LOGS="$BUILD_DIR/sanitizer-logs"
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=0:allocator_may_return_null=1:log_path=$LOGS/asan}"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1:log_path=$LOGS/ubsan}"
export ASAN_SYMBOLIZER_PATH="${ASAN_SYMBOLIZER_PATH:-/usr/lib/llvm-22/bin/llvm-symbolizer}"
"$ROOT/scripts/build.sh" xla-fuzz xla-opt xla-run xla-translate
if [ "$#" -gt 0 ]; then
  rm -rf "$LOGS" && mkdir -p "$LOGS"
  status=0
  "$ROOT/scripts/build.sh" "$@" || status=$?
  # Reports are errors; "failed to allocate" warnings are not (tests ask
  # for impossible sizes on purpose and check that null is handled).
  mapfile -t reports < <(grep -l -E 'ERROR: |runtime error:' -r "$LOGS")
  if [ "${#reports[@]}" -gt 0 ]; then
    echo "sanitizers: ${#reports[@]} report(s) in $LOGS:" >&2
    head -40 "${reports[@]}" >&2
    exit 1
  fi
  echo "sanitizers: no report"
  exit "$status"
fi
