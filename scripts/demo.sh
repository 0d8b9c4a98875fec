#!/usr/bin/env bash
# The main demo. A BERT-like training step (2 layers, hidden 768, 12 heads,
# sequence 128, vocabulary 30522, Adam) is exported from JAX as StableHLO,
# compiled by xla-mlir for this CPU, run on JAX's inputs, checked against
# JAX's outputs, and timed with and without fusion, next to XLA:CPU running
# the same StableHLO file. xla-run keeps compiled programs in its cache
# (docs/compile-time.md), so a second demo run loads them: its compile time
# is the cache hit's; `XLA_CACHE_DIR=$(mktemp -d) scripts/demo.sh` compiles
# afresh.
#
#   scripts/demo.sh                 # batch 2, 3 timed runs each
#   BATCH=8 RUNS=5 scripts/demo.sh
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BATCH="${BATCH:-2}"
RUNS="${RUNS:-3}"

"$ROOT/scripts/install-deps.sh"
"$ROOT/scripts/build.sh" xla-run

OUT="$ROOT/examples/generated/demo-batch$BATCH"
W="$OUT/bert_train"
if [ ! -f "$W/meta.json" ]; then
  echo "== Exporting the BERT-like training step from JAX (batch $BATCH)"
  python3 "$ROOT/examples/export_jax.py" --out "$OUT" --only bert_train \
    --batch "$BATCH"
fi
PROGRAM="$W/bert_train.stablehlo.mlir"
INPUTS="$(ls "$W"/input_*.npy | sort -V | paste -sd, -)"
echo "== $PROGRAM: $(wc -l < "$PROGRAM") lines of StableHLO," \
  "$(ls "$W"/input_*.npy | wc -l) inputs, $(ls "$W"/expected_*.npy | wc -l) outputs"
python3 "$ROOT/examples/op_histogram.py" "$PROGRAM" | head -12 || true

run() { # $1 = fusion on/off
  local res="$OUT/xla-run-fusion-$1"
  rm -rf "$res" && mkdir -p "$res"
  echo
  echo "== xla-mlir, fusion $1: compile, run $RUNS times, compare with JAX"
  "$ROOT/build/bin/xla-run" "$PROGRAM" --input "$INPUTS" --output-dir "$res" \
    --no-print --time --runs "$RUNS" --fusion="$([ "$1" = on ] && echo true || echo false)" \
    2>&1 | tee "$res/time.txt"
  python3 "$ROOT/examples/verify_export.py" "$W" --actual "$res"
}
run on
run off

echo
echo "== XLA:CPU (JAX) on the same StableHLO file and inputs"
python3 "$ROOT/examples/verify_export.py" "$W" --time "$RUNS" | tee "$OUT/xla.txt"

echo
echo "== Summary (batch $BATCH, median of $RUNS runs)"
python3 - "$OUT" <<'EOF'
import re, sys
out = sys.argv[1]
def read(path):
    text = open(path).read()
    c = re.search(r"compile time: ([0-9.e+]+) ms", text)
    r = re.search(r"run time: median ([0-9.e+]+) ms", text)
    cache = re.search(r"\(compilation cache: ([^)]*)\)", text)
    return float(c.group(1)), float(r.group(1)), cache.group(1) if cache else "-"
rows = [("xla-mlir, fusion on", read(out + "/xla-run-fusion-on/time.txt")),
        ("xla-mlir, fusion off", read(out + "/xla-run-fusion-off/time.txt")),
        ("XLA:CPU (JAX)", read(out + "/xla.txt"))]
print("| | compile (s) | compilation cache | run (ms) |")
print("|---|---:|---|---:|")
for name, (c, r, cache) in rows:
    print("| %s | %.2f | %s | %.0f |" % (name, c / 1e3, cache, r))
on, off, xla = rows[0][1][1], rows[1][1][1], rows[2][1][1]
print("fusion speed-up: %.2fx; xla-mlir / XLA:CPU run time: %.1fx" % (off / on, on / xla))
EOF
