#!/bin/bash
# The course's device checks, in calls to a GPU machine that each fit the device tool's limits
# (at most 8 files back, docs/device-runs.md). Each part runs its steps one after the other, so
# no step times another's work, and each step has its own time limit.
#
#   OUT=$OUT bash scripts/device/session.sh traces    # issue 21: traces.log, traces.tgz
#   OUT=$OUT bash scripts/device/session.sh kernels   # issue 23: the kernel bench, the copy
#       sweep and CUDA's own rates (env.txt, kernel-bench.json, kernel-bench.log,
#       docs-runs/kernel-bench-<adapter>-<date>.json, copy-sweep.txt, torch-reference.json)
#   OUT=$OUT bash scripts/device/session.sh python    # issues 20 and 22: eager steps, every lesson
#       snippet, the 1B-parameter MLP's peak memory (python.log, python-runs.tgz)
#
# `kernels` needs the bench bundle: run `bash scripts/device/kernel-bench.sh prepare` here first
# and carry tmp/node-bench. The traces archive holds the gzipped traces and expected.json (the
# plain files are the same bytes).
set -uo pipefail
: "${OUT:?set OUT to a folder for the results}"
here=$(cd "$(dirname "$0")/../.." && pwd)
cd "$here"
mkdir -p "$OUT"
export PYTHONUNBUFFERED=1

traces() {
  local dir
  dir=$(mktemp -d)
  timeout "${TRACES_SECONDS:-180}" python3 scripts/device/record-traces.py "$dir" --long 2>&1 \
    | tee "$OUT/traces.log"
  echo "record-traces: exit ${PIPESTATUS[0]}" | tee -a "$OUT/traces.log"
  (cd "$dir" && ls -l && tar czf "$OUT/traces.tgz" ./*.gz expected.json) 2>&1 | tee -a "$OUT/traces.log"
  # One file comes back only under 16 MiB: split a larger archive (cat traces.tgz.* joins it).
  if [ "$(stat -c %s "$OUT/traces.tgz")" -gt 15000000 ]; then
    split -b 15000000 "$OUT/traces.tgz" "$OUT/traces.tgz." && rm "$OUT/traces.tgz"
  fi
}

kernels() {
  nvidia-smi --query-gpu=name,clocks.sm,clocks.mem,temperature.gpu,power.draw --format=csv 2>&1
  timeout "${BENCH_SECONDS:-200}" bash scripts/device/kernel-bench.sh run
  echo "kernel-bench: exit $?"
  mv "$OUT/kernel-bench.json" "$OUT/kernel-bench.json.main"
  mv "$OUT/kernel-bench.log" "$OUT/kernel-bench.log.main"
  # The copy kernel at four widths and two sizes, then what CUDA reaches on the same cases.
  timeout "${SWEEP_SECONDS:-90}" bash scripts/device/kernel-bench.sh run --copy-sweep
  echo "copy sweep: exit $?"
  cat "$OUT/kernel-bench.log" "$OUT/kernel-bench.json" > "$OUT/copy-sweep.txt"
  mv "$OUT/kernel-bench.json.main" "$OUT/kernel-bench.json"
  mv "$OUT/kernel-bench.log.main" "$OUT/kernel-bench.log"
  timeout "${REFERENCE_SECONDS:-90}" python3 scripts/device/torch-reference.py > "$OUT/torch-reference.json"
  echo "torch reference: exit $?"
  cat "$OUT/torch-reference.json"
}

python_runs() {
  local dir
  dir=$(mktemp -d)
  timeout "${EAGER_SECONDS:-200}" python3 scripts/device/eager-steps.py "$dir/eager" --gpu h200-sxm 2>&1 \
    | tee "$dir/eager.log"
  echo "eager-steps: exit ${PIPESTATUS[0]}"
  timeout "${MLP_SECONDS:-90}" python3 scripts/device/mlp-1b-memory.py 2>&1 | tee "$dir/mlp-1b-memory.txt"
  echo "mlp-1b-memory: exit ${PIPESTATUS[0]}"
  OUT="$dir/snippet-run" timeout "${SNIPPETS_SECONDS:-300}" bash scripts/device/run-snippets.sh
  echo "snippets: exit $?"
  grep -H "^exit" "$dir"/snippet-run/snippets/*.txt
  (cd "$dir" && tar czf "$OUT/python-runs.tgz" .)
}

case "${1:-}" in
  traces) traces ;;
  kernels) kernels ;;
  python) python_runs 2>&1 | tee "$OUT/python.log" ;;
  *) echo "usage: OUT=folder $0 traces | kernels | python" >&2; exit 2 ;;
esac
ls -lR "$OUT"
