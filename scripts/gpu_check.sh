#!/usr/bin/env bash
# The GPU checks of a session, sized for one device call (docs/gpu.md).
#
#   scripts/gpu_check.sh prepare   # here: compile into .gpu/ (about 5 min)
#   scripts/gpu_check.sh run       # there: check and time (about 9 min)
#
# `prepare` builds the default artifact set (e2e programs, conformance
# tiers 1 and 2, the JAX workloads) and one with --gpu-row-fusion (e2e and
# workloads), and the benchmark programs with and without it. `run` runs
# the default set in full, the row-fusion set's e2e programs and
# workloads, and times both benchmark sets side by side with JAX and the
# copy and cuBLAS yardsticks; logs go to $OUT (or .gpu/out). Carry `.gpu`
# to the GPU machine (it is ignored by git through .git/info/exclude).
set -euo pipefail
cd "$(dirname "$0")/.."

case "${1:-}" in
prepare)
  ./scripts/build.sh xla-translate xla-load-artifact xla-run
  rm -rf .gpu/art .gpu/art-rf .gpu/bench .gpu/bench-rf
  python3 scripts/gpu_artifacts.py build .gpu/art --workloads
  python3 scripts/gpu_artifacts.py build .gpu/art-rf --workloads --no-corpus \
    --gpu-flag=--gpu-row-fusion
  python3 bench/gpu_bench.py export .gpu/bench
  python3 bench/gpu_bench.py export .gpu/bench-rf --gpu-row-fusion
  du -sh .gpu
  ;;
run)
  out="${OUT:-.gpu/out}"
  mkdir -p "$out" /tmp/gpu-loader
  export PYTHONUNBUFFERED=1
  nvidia-smi --query-gpu=name,driver_version --format=csv,noheader || true
  tar -xJf .gpu/art/artifacts.tar.xz -C /tmp/gpu-loader ./xla-load-artifact \
    2>/dev/null ||
    tar -xJf .gpu/art/artifacts.tar.xz -C /tmp/gpu-loader xla-load-artifact
  loader=/tmp/gpu-loader/xla-load-artifact
  for set in bench bench-rf; do
    echo "== $set"
    timeout 120 python3 bench/gpu_bench.py time ".gpu/$set" "$loader" \
      >"$out/$set.log" 2>&1 || echo "$set: exit $?"
    grep -E "^\| [a-z]|copy:" "$out/$set.log" || true
  done
  echo "== row fusion: e2e and workloads"
  python3 scripts/gpu_artifacts.py run .gpu/art-rf --jobs 15 --budget 200 \
    --workloads-dir /tmp/gpu-workloads >"$out/run-rf.log" 2>&1 ||
    echo "art-rf: exit $?"
  grep -vE "^PASS|0 functions|redefinition of symbol|expected SSA|not registered" \
    "$out/run-rf.log" | tail -20 || true
  echo "== default: everything"
  OUT="$out" python3 scripts/gpu_artifacts.py run .gpu/art --jobs 15 \
    --budget 280 --workloads-dir /tmp/gpu-workloads >"$out/run.log" 2>&1 ||
    echo "art: exit $?"
  grep -vE "^PASS|0 functions|redefinition of symbol|expected SSA|not registered" \
    "$out/run.log" | tail -20 || true
  grep -h "^PASS" "$out/run-rf.log" "$out/run.log" | cut -c1-700 || true
  ;;
*)
  sed -n '2,13p' "$0"
  exit 2
  ;;
esac
