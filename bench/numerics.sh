#!/usr/bin/env bash
# The long accuracy suite: every reduction shape of the quick suite and
# larger ones, on the vectorized, scalar and single-threaded paths, the
# special functions, and a GPT-2 block (batch 8, sequence 128, hidden 256)
# and a conv + batch-norm network (batch 32) training step, each result's
# error against float64 next to XLA:CPU's. Writes the table that
# docs/numerics.md shows to bench/results/numerics.md.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
"$ROOT/scripts/build.sh" xla-run
mkdir -p "$ROOT/bench/results"
python3 "$ROOT/scripts/accuracy.py" --suite full \
  --xla-run "$ROOT/build/bin/xla-run" \
  --markdown "$ROOT/bench/results/numerics.md" "$@"
