#!/usr/bin/env bash
# The GPU checks of a session, sized for one device call (docs/gpu.md).
#
#   scripts/gpu_check.sh prepare   # here: compile into .gpu/ (about 3 min)
#   scripts/gpu_check.sh run       # there: check and time (about 3 min)
#
# `prepare` builds the default artifact set (e2e programs, conformance
# tiers 1 and 2, the JAX workloads) and the benchmark programs; `run`
# times the benchmarks side by side with JAX, PyTorch and the copy and
# cuBLAS yardsticks (and each one's error against float64), logging the
# GPU's clocks meanwhile, then runs the e2e programs and workloads (a
# failed one again under compute-sanitizer), then the corpus (in batches,
# one driver start per 40 programs); logs go to $OUT (or .gpu/out). Each
# `NAME:FLAGS` of $GPU_BENCH_VARIANTS (';'-separated; default: the
# contraction epilogues, cuBLAS, a block per row in row fusions, as
# before the warp rows, and TF32 tensor cores with and without cp.async)
# is a benchmark set `prepare` compiles with those
# xla-translate flags into .gpu/bench-NAME and `run` times in the same
# run, as it does .gpu/bench-base (an earlier build's `gpu_bench.py
# export`) if there. `prepare` also compiles the e2e programs, the corpus
# and the workloads with $GPU_EXP_FLAGS (default: the strategies not yet
# run on a GPU, --gpu-contraction-epilogues) into .gpu/art-exp, which
# `run` checks, with the
# cuBLAS it finds in the Python packages there (XLA_CUBLAS_LIBRARY); the
# logs end up in one archive, $OUT/logs.tar.xz. `prepare` also compiles
# the workloads alone with $GPU_AB_FLAGS (default: no horizontal fusion)
# into .gpu/art-ab, which `run` times next to the default set's. Carry
# `.gpu` to the GPU machine (ignored by git through .gitignore; name it in
# the device call's carry). With $GPU_BENCH_VARIANT_ONLY, `run` times only
# the workloads whose names hold it in the sets other than .gpu/bench.
# With flax and keras-hub installed, `prepare` also bundles the flax
# training steps and $GPU_KERAS_MODELS (bench/bundles.py) into
# .gpu/art-models, which `run` checks against float64 and times next to
# JAX's compile of the same functions (XLA:GPU), one at a time.
set -euo pipefail
cd "$(dirname "$0")/.."

case "${1:-}" in
prepare)
  ./scripts/build.sh xla-translate xla-load-artifact xla-run
  rm -rf .gpu/art .gpu/bench .gpu/art-exp .gpu/art-ab
  mkdir -p .gpu
  find .gpu -maxdepth 1 -name 'bench-*' ! -name bench-base -exec rm -rf {} +
  python3 scripts/gpu_artifacts.py build .gpu/art --workloads
  python3 bench/gpu_bench.py export .gpu/bench
  IFS=';' read -ra variants <<<"${GPU_BENCH_VARIANTS-epilogues:--gpu-contraction-epilogues;cublas:--gpu-cublas;blockrows:--gpu-row-warp-length=0;tf32:--gpu-tensor-cores=tf32;tf32regs:--gpu-tensor-cores=tf32 --gpu-async-copies=false;noskinny:--gpu-skinny-products=false;noprologues:--gpu-contraction-prologues=false}"
  for variant in "${variants[@]}"; do
    # shellcheck disable=SC2086
    python3 bench/gpu_bench.py export ".gpu/bench-${variant%%:*}" \
      ${variant#*:}
  done
  exp_flags=()
  for flag in ${GPU_EXP_FLAGS:---gpu-contraction-epilogues}; do
    exp_flags+=("--gpu-flag=$flag")
  done
  python3 scripts/gpu_artifacts.py build .gpu/art-exp --workloads \
    "${exp_flags[@]}"
  ab_flags=()
  for flag in ${GPU_AB_FLAGS:---gpu-horizontal-fusion=false}; do
    ab_flags+=("--gpu-flag=$flag")
  done
  python3 scripts/gpu_artifacts.py build .gpu/art-ab --workloads \
    --no-corpus --filter=NONE_E2E "${ab_flags[@]}"
  # Training steps and models of public libraries (flax, keras-hub) as
  # bundles with their inputs and float64 outputs (bench/bundles.py): the
  # GPU machine has no keras-hub, and its flax is another version.
  # $GPU_KERAS_MODELS: which keras models (bench/keras_models.py) go along
  # (default convmha and bert: 20 MB with the flax steps; llama and vit
  # add 8 and 15 MB).
  rm -rf .gpu/art-models .gpu/bundles
  if python3 -c "import flax, optax, keras_hub" 2>/dev/null; then
    python3 bench/flax_training_steps.py --runs 1 --bundle .gpu/bundles
    python3 bench/keras_models.py --runs 1 --bundle .gpu/bundles \
      --only "${GPU_KERAS_MODELS:-convmha,bert}"
    python3 scripts/gpu_artifacts.py build .gpu/art-models --no-corpus \
      --filter=NONE_E2E --bundles .gpu/bundles
    rm -rf .gpu/bundles
  else
    echo "no flax/keras-hub (scripts/install-deps.sh --models): no models"
  fi
  du -sh .gpu
  ;;
run)
  out="${OUT:-.gpu/out}"
  mkdir -p "$out" /tmp/gpu-loader
  export PYTHONUNBUFFERED=1
  nvidia-smi --query-gpu=name,driver_version --format=csv,noheader || true
  nvidia-smi --query-gpu=timestamp,clocks.sm,clocks.mem,power.draw,utilization.gpu \
    --format=csv,noheader -lms 100 >"$out/clocks.csv" 2>&1 &
  clocks=$!
  tar -xJf .gpu/art/artifacts.tar.xz -C /tmp/gpu-loader ./xla-load-artifact \
    2>/dev/null ||
    tar -xJf .gpu/art/artifacts.tar.xz -C /tmp/gpu-loader xla-load-artifact
  loader=/tmp/gpu-loader/xla-load-artifact
  # cuBLAS of the Python packages (PyTorch's, JAX's), for --gpu-cublas.
  if [ -z "${XLA_CUBLAS_LIBRARY:-}" ]; then
    XLA_CUBLAS_LIBRARY=$(python3 -c '
import glob, os, site
for base in site.getsitepackages():
    for p in sorted(glob.glob(os.path.join(base, "nvidia", "**",
                                           "libcublas.so.*"), recursive=True)):
        print(p)
        raise SystemExit
' 2>/dev/null || true)
    export XLA_CUBLAS_LIBRARY
  fi
  echo "cuBLAS: ${XLA_CUBLAS_LIBRARY:-the loader search path}"
  for dir in .gpu/bench .gpu/bench-*; do
    [ -d "$dir" ] || continue
    set=$(basename "$dir")
    echo "== $set"
    only=()
    if [ "$set" != bench ] && [ -n "${GPU_BENCH_VARIANT_ONLY:-}" ]; then
      only=(--only "$GPU_BENCH_VARIANT_ONLY")
    fi
    timeout 150 python3 bench/gpu_bench.py time ".gpu/$set" "$loader" \
      "${only[@]}" >"$out/$set.log" 2>&1 || echo "$set: exit $?"
    grep -E "^\| [a-z]|copy:" "$out/$set.log" || true
  done
  kill "$clocks" 2>/dev/null || true
  filter="^PASS|0 functions|redefinition of symbol|expected SSA|not registered"
  echo "== e2e and workloads"
  OUT="$out" python3 scripts/gpu_artifacts.py run .gpu/art \
    --kinds e2e,workload --jobs 15 --budget "${BUDGET_E2E:-150}" \
    --workloads-dir /tmp/gpu-workloads >"$out/run-e2e.log" 2>&1 ||
    echo "e2e: exit $?"
  mv "$out/gpu-results.json" "$out/results-e2e.json" 2>/dev/null || true
  grep -vE "$filter" "$out/run-e2e.log" | tail -20 || true
  # A program that failed (the first three) runs again under
  # compute-sanitizer, which names the kernel and the address of a bad
  # access (inputs 1, 2, 3, ...).
  for w in $(sed -n 's/^FAIL \([a-z_]*\): .*/\1/p' "$out/run-e2e.log" |
    head -3); do
    tar -xJf .gpu/art/artifacts.tar.xz -C /tmp/gpu-loader "./$w.gpu.so" \
      2>/dev/null ||
      tar -xJf .gpu/art/artifacts.tar.xz -C /tmp/gpu-loader "$w.gpu.so" ||
      continue
    echo "== compute-sanitizer $w"
    timeout 120 compute-sanitizer --print-limit 4 --show-backtrace no \
      "$loader" "/tmp/gpu-loader/$w.gpu.so" >"$out/sanitizer-$w.txt" 2>&1 ||
      true
    grep -E "^=========  *(Invalid|at|by|Access|and)|ERROR SUMMARY" \
      "$out/sanitizer-$w.txt" | head -12 || true
  done
  echo "== corpus"
  OUT="$out" python3 scripts/gpu_artifacts.py run .gpu/art --kinds corpus \
    --jobs 15 --budget "${BUDGET_CORPUS:-150}" >"$out/run-corpus.log" 2>&1 ||
    echo "corpus: exit $?"
  grep -vE "$filter" "$out/run-corpus.log" | tail -20 || true
  if [ -d .gpu/art-exp ]; then
    echo "== e2e, workloads and corpus with the experiments' flags"
    OUT="$out" python3 scripts/gpu_artifacts.py run .gpu/art-exp \
      --jobs 15 --budget "${BUDGET_EXP:-150}" \
      --workloads-dir /tmp/gpu-workloads >"$out/run-exp.log" 2>&1 ||
      echo "experiments: exit $?"
    mv "$out/gpu-results.json" "$out/results-exp.json" 2>/dev/null || true
    grep -vE "$filter" "$out/run-exp.log" | tail -16 || true
  fi
  if [ -d .gpu/art-ab ]; then
    echo "== workloads with the A/B flags"
    OUT="$out" python3 scripts/gpu_artifacts.py run .gpu/art-ab \
      --kinds workload --jobs 15 --budget "${BUDGET_AB:-90}" \
      --workloads-dir /tmp/gpu-workloads >"$out/run-ab.log" 2>&1 ||
      echo "A/B: exit $?"
    mv "$out/gpu-results.json" "$out/results-ab.json" 2>/dev/null || true
    grep -vE "$filter" "$out/run-ab.log" | tail -8 || true
  fi
  if [ -d .gpu/art-models ]; then
    # One at a time: ours and XLA:GPU are timed on an otherwise idle GPU.
    echo "== models of public libraries, ours next to XLA:GPU"
    OUT="$out" python3 scripts/gpu_artifacts.py run .gpu/art-models \
      --kinds model --jobs 1 --repeat 20 --budget "${BUDGET_MODELS:-90}" \
      >"$out/run-models.log" 2>&1 || echo "models: exit $?"
    mv "$out/gpu-results.json" "$out/results-models.json" 2>/dev/null || true
    grep -vE "$filter" "$out/run-models.log" | tail -8 || true
  fi
  grep -h "^PASS" "$out/run-e2e.log" "$out/run-models.log" 2>/dev/null |
    cut -c1-700 || true
  # A device call brings back at most 8 files: one archive of them all.
  (cd "$out" && shopt -s nullglob && logs=(*.log *.json *.csv *.txt) &&
    tar -cJf logs.tar.xz --remove-files -- "${logs[@]}") || true
  ;;
*)
  sed -n '2,15p' "$0"
  exit 2
  ;;
esac
