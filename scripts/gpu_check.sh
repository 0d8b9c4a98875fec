#!/usr/bin/env bash
# The GPU checks of a session, sized for one device call (docs/gpu.md).
#
#   scripts/gpu_check.sh prepare   # here: compile into .gpu/ (about 3 min)
#   scripts/gpu_check.sh run       # there: check and time (9 min at most)
#
# `prepare` builds the default artifact set (e2e programs, conformance
# tiers 1 and 2, the JAX workloads) and the benchmark programs; the same
# benchmarks with each `NAME:FLAGS` of $GPU_BENCH_VARIANTS (';'-separated
# xla-translate flags; default: the strategies not yet timed on a GPU and
# the old ones they replace) into .gpu/bench-NAME; the e2e programs, the
# corpus and the workloads with $GPU_EXP_FLAGS (default:
# --gpu-contraction-epilogues) into .gpu/art-exp; the workloads with
# $GPU_AB_FLAGS (default: no horizontal fusion) into .gpu/art-ab; and,
# with flax and keras-hub installed, the flax training steps and
# $GPU_KERAS_MODELS as bundles (bench/bundles.py) into .gpu/art-models;
# and xla-run for a machine without LLVM (scripts/pack_jit.sh) into
# .gpu/jit.tar.xz (GPU_JIT=0: not).
# Carry `.gpu` to the GPU machine (ignored by git; name it in the device
# call's carry).
#
# `run`, under one deadline ($GPU_DEADLINE s, default 540), in the order
# of what a session most needs: the benchmarks next to JAX, PyTorch,
# cuBLAS and the copy (with each one's error against float64, the GPU's
# clocks logged meanwhile); the e2e programs and the workloads against
# JAX (a failed one again under compute-sanitizer); Nsight Compute's
# profiles of the memory-bound benchmarks and the BERT step, ours and
# XLA:GPU's (bench/gpu_profile.py); the models of public
# libraries next to XLA:GPU; `xla-run --target=cuda` (the JIT) on the e2e
# programs and the workloads; the workloads with the experiments' flags;
# the benchmark variants against the first set ($GPU_BENCH_VARIANT_ONLY:
# only the workloads whose names hold it); the A/B workloads; the corpus.
# What the deadline leaves out is said in the log. cuBLAS is the one in
# the Python packages there (XLA_CUBLAS_LIBRARY). The logs go to $OUT
# (or .gpu/out), in one archive, logs.tar.xz.
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
  IFS=';' read -ra variants <<<"${GPU_BENCH_VARIANTS-epilogues:--gpu-contraction-epilogues;cublas:--gpu-cublas;blockrows:--gpu-row-warp-length=0;tf32:--gpu-tensor-cores=tf32;tf32regs:--gpu-tensor-cores=tf32 --gpu-async-copies=false;fmaregs:--gpu-async-copies=false;noskinny:--gpu-skinny-products=false;noprologues:--gpu-contraction-prologues=false}"
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
  # xla-run for the GPU machine (no LLVM 22 there): `run` checks
  # `xla-run --target=cuda` with it. GPU_JIT=0 leaves it out.
  rm -f .gpu/jit.tar.xz
  if [ "${GPU_JIT:-1}" != 0 ]; then
    scripts/pack_jit.sh .gpu/jit.tar.xz
  fi
  du -sh .gpu
  # A device call carries at most 64 MiB: .gpu and the working tree.
  total=$(($(du -sb .gpu | cut -f1) + $(git ls-files -z | xargs -0 du -cb |
    tail -1 | cut -f1)))
  echo "a device call would carry $((total >> 20)) MiB of 64"
  if [ "$total" -gt $((62 << 20)) ]; then
    echo "too much for a device call: fewer GPU_KERAS_MODELS, or GPU_JIT=0"
    exit 1
  fi
  ;;
run)
  # One device call: at most 10 minutes, of a session's 15 (the machine's
  # start and the transfers included). Everything runs under one deadline,
  # $GPU_DEADLINE seconds (default 540; call with timeout_s 600), in the order of what the next
  # session most needs to know; a phase gets at most its own budget and
  # what is left, and is skipped when under 45 s is left. The logs are
  # archived on any exit, so a cut run still brings back what it measured.
  out="${OUT:-.gpu/out}"
  mkdir -p "$out" /tmp/gpu-loader
  export PYTHONUNBUFFERED=1
  t0=$SECONDS
  deadline=${GPU_DEADLINE:-540}
  clocks=
  archive() {
    if [ -n "$clocks" ]; then kill "$clocks" 2>/dev/null || true; fi
    # A device call brings back at most 8 files: one archive of them all.
    (cd "$out" && shopt -s nullglob && logs=(*.log *.json *.csv *.txt) &&
      [ ${#logs[@]} -gt 0 ] &&
      tar -cJf logs.tar.xz --remove-files -- "${logs[@]}") || true
  }
  trap archive EXIT
  # phase NAME BUDGET: prints the seconds NAME may take (its BUDGET or
  # what is left before the deadline, less a margin for the archive),
  # or returns 1 (and says so) when that is under 45 s.
  phase() {
    local left=$((deadline - (SECONDS - t0) - 15))
    local s=$(($2 < left ? $2 : left))
    if [ "$s" -lt 45 ]; then
      echo "== $1: skipped, $((left + 15)) s left of ${deadline}" >&2
      return 1
    fi
    echo "== $1 (at $((SECONDS - t0)) s, up to $s s)" >&2
    echo "$s"
  }
  nvidia-smi --query-gpu=name,driver_version --format=csv,noheader || true
  nvidia-smi --query-gpu=timestamp,clocks.sm,clocks.mem,power.draw,utilization.gpu \
    --format=csv,noheader -lms 100 >"$out/clocks.csv" 2>&1 &
  clocks=$!
  # unpack FILE: FILE of the default artifact set into /tmp/gpu-loader
  # (the archive names its members with or without "./").
  unpack() {
    tar -xJf .gpu/art/artifacts.tar.xz -C /tmp/gpu-loader "./$1" \
      2>/dev/null ||
      tar -xJf .gpu/art/artifacts.tar.xz -C /tmp/gpu-loader "$1"
  }
  unpack xla-load-artifact
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
  filter="^PASS|0 functions|redefinition of symbol|expected SSA|not registered"
  # artifacts SET LOG SECONDS ARGS...: `gpu_artifacts.py run` on .gpu/SET
  # within SECONDS: nothing new starts after two thirds of them, and what
  # runs then is given the last third, less 10 s for the table; the
  # results are kept as LOG.json.
  artifacts() {
    local set=$1 log=$2 s=$3
    shift 3
    OUT="$out" timeout "$s" python3 scripts/gpu_artifacts.py run \
      ".gpu/$set" --budget $((s * 2 / 3)) --timeout $((s / 3 - 10)) "$@" \
      >"$out/$log.log" 2>&1 || echo "$log: exit $?"
    mv "$out/gpu-results.json" "$out/$log.json" 2>/dev/null || true
    grep -vE "$filter" "$out/$log.log" | tail -16 || true
  }
  # 1. The benchmarks next to JAX, PyTorch, cuBLAS and the copy: the
  # issue's targets.
  if s=$(phase "benchmarks" 120); then
    timeout "$s" python3 bench/gpu_bench.py time .gpu/bench \
      --loader "$loader" --deadline $((s > 60 ? s - 45 : 15)) \
      --save "$out/bench-kernels.json" >"$out/bench.log" 2>&1 ||
      echo "benchmarks: exit $?"
    grep -E "^\| [a-z]|copy:" "$out/bench.log" || true
  fi
  # 2. Correctness: the e2e programs and the JAX workloads against JAX,
  # with the BERT step's kernel time.
  if s=$(phase "e2e and workloads" 120); then
    artifacts art run-e2e "$s" --kinds e2e,workload --jobs 15 \
      --workloads-dir /tmp/gpu-workloads
    # A program that failed (the first two) runs again under
    # compute-sanitizer, which names the kernel and the address of a bad
    # access (inputs 1, 2, 3, ...).
    for w in $(sed -n 's/^FAIL \([a-z_]*\): .*/\1/p' "$out/run-e2e.log" |
      head -2); do
      s=$(phase "compute-sanitizer $w" 60) || break
      unpack "$w.gpu.so" || continue
      timeout "$s" compute-sanitizer --print-limit 4 --show-backtrace no \
        "$loader" "/tmp/gpu-loader/$w.gpu.so" >"$out/sanitizer-$w.txt" \
        2>&1 || true
      grep -E "^=========  *(Invalid|at|by|Access|and)|ERROR SUMMARY" \
        "$out/sanitizer-$w.txt" | head -12 || true
    done
  fi
  # 2b. Why the times are what they are: Nsight Compute on the
  # memory-bound benchmarks and the BERT step's kernels, ours then
  # XLA:GPU's (DRAM throughput, occupancy, stall reasons per kernel;
  # bench/gpu_profile.py). ncu's CSVs come back in the archive.
  if command -v ncu >/dev/null && s=$(phase "profiles (ncu)" 75); then
    workload=()
    if unpack bert_train.gpu.so 2>/dev/null; then
      workload=(--workload /tmp/gpu-loader/bert_train.gpu.so)
    fi
    timeout "$s" python3 bench/gpu_profile.py run --loader "$loader" \
      --out "$out/profiles" --bench .gpu/bench \
      --only 'reduce_sum|softmax_4096|layernorm' "${workload[@]}" \
      --budget $((s - 5)) >"$out/profiles.txt" 2>&1 ||
      echo "profiles: exit $?"
    grep -E "^###|^gpu_profile|no kernels" "$out/profiles.txt" | head -12 ||
      true
    # The CSVs as .csv files of $out, for the archive.
    for f in "$out"/profiles/ncu-*.csv; do
      if [ -f "$f" ]; then mv "$f" "$out/$(basename "$f")"; fi
    done
    rm -rf "$out/profiles"
  fi
  # 3. Programs of public libraries, ours next to XLA:GPU, one at a time
  # so that each is timed on an otherwise idle GPU.
  if [ -d .gpu/art-models ] && s=$(phase "models of public libraries" 150)
  then
    artifacts art-models run-models "$s" --kinds model --jobs 1 --repeat 20
  fi
  # 3b. The JIT: `xla-run --target=cuda` (scripts/pack_jit.sh) on the e2e
  # programs against its own CPU results, and on the workloads against
  # JAX's, with --time, --compare-unfused and --dump-to.
  if [ -f .gpu/jit.tar.xz ] && s=$(phase "xla-run --target=cuda" 90); then
    mkdir -p /tmp/gpu-jit
    tar -xJf .gpu/jit.tar.xz -C /tmp/gpu-jit || echo "jit: cannot unpack"
    workloads=()
    [ -d /tmp/gpu-workloads ] && workloads=(--workloads /tmp/gpu-workloads)
    timeout "$s" python3 scripts/gpu_jit_check.py /tmp/gpu-jit/jit/xla-run \
      "${workloads[@]}" --jobs 8 --budget $((s * 2 / 3)) \
      --timeout $((s / 3 - 5)) >"$out/run-jit.log" 2>&1 || echo "jit: exit $?"
    tail -8 "$out/run-jit.log" | cut -c1-600
  fi
  # 4. The experiments' flags on the workloads (the BERT step's time with
  # them), then the benchmark variants against step 1's times.
  if [ -d .gpu/art-exp ] && s=$(phase "workloads, experiments' flags" 60)
  then
    artifacts art-exp run-exp "$s" --kinds e2e,workload --jobs 15 \
      --workloads-dir /tmp/gpu-workloads
  fi
  variants=()
  for dir in .gpu/bench-*; do
    [ -d "$dir" ] && variants+=("$dir")
  done
  if [ ${#variants[@]} -gt 0 ] && [ -f "$out/bench-kernels.json" ] &&
    s=$(phase "benchmark variants" 120); then
    only=()
    [ -n "${GPU_BENCH_VARIANT_ONLY:-}" ] &&
      only=(--variant-only "$GPU_BENCH_VARIANT_ONLY")
    timeout "$s" python3 bench/gpu_bench.py time "${variants[@]}" \
      --loader "$loader" --deadline $((s > 60 ? s - 45 : 15)) "${only[@]}" \
      --against "$out/bench-kernels.json" >"$out/bench-variants.log" 2>&1 ||
      echo "variants: exit $?"
    grep -E "^\| " "$out/bench-variants.log" || true
  fi
  if [ -d .gpu/art-ab ] && s=$(phase "workloads, A/B flags" 60); then
    artifacts art-ab run-ab "$s" --kinds workload --jobs 15 \
      --workloads-dir /tmp/gpu-workloads
  fi
  # 5. The corpus (tiers 1 and 2), which the emulator also runs here: in
  # batches, one driver start per 40 programs.
  if s=$(phase "corpus" 150); then
    artifacts art run-corpus "$s" --kinds corpus --jobs 15
  fi
  if [ -d .gpu/art-exp ] && s=$(phase "corpus, experiments' flags" 120); then
    artifacts art-exp run-exp-corpus "$s" --kinds corpus --jobs 15
  fi
  grep -h "^PASS" "$out/run-e2e.log" "$out/run-models.log" 2>/dev/null |
    cut -c1-700 || true
  echo "== done at $((SECONDS - t0)) s"
  ;;
*)
  sed -n '2,15p' "$0"
  exit 2
  ;;
esac
