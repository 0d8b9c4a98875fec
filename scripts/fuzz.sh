#!/usr/bin/env bash
# Runs the libFuzzer harness xla-fuzz (tools/fuzz) for N minutes:
#   scripts/fuzz.sh [MINUTES] [WORKERS]      (default 10 minutes, 1 worker)
#   XLA_FUZZ_TARGET=cuda scripts/fuzz.sh ... (the GPU pipeline, kernels
#                                             compiled for the emulator)
# Seeds: every .mlir file of test/ and ../shared/conformance, linked in
# place (never copied) into build-san/fuzz/seeds; new inputs go to
# build-san/fuzz/corpus, crashes, timeouts and OOMs to build-san/fuzz/
# artifacts (each one becomes a regression test under test/). Prints
# libFuzzer's final statistics; exits non-zero if it found anything.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
MINUTES="${1:-10}"
WORKERS="${2:-1}"
BUILD="${SAN_BUILD_DIR:-$ROOT/build-san}"
"$ROOT/scripts/build-sanitizers.sh"

WORK="$BUILD/fuzz"
mkdir -p "$WORK/corpus" "$WORK/artifacts"
rm -rf "$WORK/seeds"
mkdir -p "$WORK/seeds"
n=0
for dir in "$ROOT/test" "$ROOT/../shared/conformance"; do
  [ -d "$dir" ] || continue
  # Small programs only: libFuzzer's cost per input grows with its length.
  while IFS= read -r -d '' f; do
    ln -s "$f" "$WORK/seeds/$(printf '%05d' $n)-$(basename "$f")"
    n=$((n + 1))
  done < <(find "$dir" -name '*.mlir' -size -32k -print0)
done
python3 "$ROOT/scripts/fuzz_dict.py" "$ROOT/test" "$ROOT/../shared/conformance" \
  -o "$WORK/xla.dict"
echo "fuzz: $n seed programs, $MINUTES minute(s), $WORKERS worker(s)," \
  "target ${XLA_FUZZ_TARGET:-host}"

export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1:allocator_may_return_null=1}"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}"
export ASAN_SYMBOLIZER_PATH="${ASAN_SYMBOLIZER_PATH:-/usr/lib/llvm-22/bin/llvm-symbolizer}"
# Per input: 20 s and 4 GiB (an input that needs more is a hang or a
# memory bug); -max_len keeps the seeds whole.
args=(
  "$WORK/corpus" "$WORK/seeds"
  -dict="$WORK/xla.dict"
  -max_total_time=$((MINUTES * 60))
  -timeout=20 -rss_limit_mb=4096 -malloc_limit_mb=4096
  -max_len=32768 -use_value_profile=1
  -artifact_prefix="$WORK/artifacts/"
  -print_final_stats=1
)
# FUZZ_SEED: a fixed random seed (the test command's smoke run uses one).
if [ -n "${FUZZ_SEED:-}" ]; then
  args+=(-seed="$FUZZ_SEED")
fi
# Fork mode, also for one worker: a crash is saved and the run goes on, so
# one run finds every class it can reach in its time.
args+=(-fork="$WORKERS" -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1)
set +e
"$BUILD/bin/xla-fuzz" "${args[@]}" > "$WORK/last-run.log" 2>&1
status=$?
set -e
# The log without the per-input lines: start, reports, final statistics.
grep -v -E '^#[0-9]+[[:space:]]+(NEW|REDUCE|pulse|RELOAD)' "$WORK/last-run.log" | tail -60
found=$(find "$WORK/artifacts" -type f | wc -l)
echo "fuzz: exit $status, $found artifact(s) in $WORK/artifacts"
[ "$status" -eq 0 ] && [ "$found" -eq 0 ]
