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
export XLA_CMAKE_ARGS="-DXLA_ENABLE_FUZZER=ON"
# Leaks are errors; UBSan stops at the first report (-fno-sanitize-recover)
# and says where. JIT-compiled code is not instrumented, so ASan only sees
# what our C++ does.
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=0:allocator_may_return_null=1}"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}"
export ASAN_SYMBOLIZER_PATH="${ASAN_SYMBOLIZER_PATH:-/usr/lib/llvm-22/bin/llvm-symbolizer}"
"$ROOT/scripts/build.sh" xla-fuzz xla-opt xla-run xla-translate
if [ "$#" -gt 0 ]; then
  "$ROOT/scripts/build.sh" "$@"
fi
