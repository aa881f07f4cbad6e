#!/bin/bash
# Every device check the course has, in one call to a GPU machine (docs/device-runs.md):
# the traces for the trace reader's check (issue 21), then the kernel benchmark (issue 23),
# one after the other so neither times the other's work. Prepare here first:
#
#   bash scripts/device/kernel-bench.sh prepare
#
# then run, with tmp/node-bench carried:  OUT=$OUT bash scripts/device/session.sh
# What comes back fits the device tool's limits (at most 8 files): traces.log, traces.tgz (the
# gzipped traces and expected.json; the plain files are the same bytes, unzipped here),
# env.txt, kernel-bench.json, kernel-bench.log and docs-runs/kernel-bench-<adapter>-<date>.json.
set -uo pipefail
: "${OUT:?set OUT to a folder for the results}"
here=$(cd "$(dirname "$0")/../.." && pwd)
cd "$here"
mkdir -p "$OUT"
traces=$(mktemp -d)
timeout "${TRACES_SECONDS:-180}" env PYTHONUNBUFFERED=1 \
  python3 scripts/device/record-traces.py "$traces" --long 2>&1 | tee "$OUT/traces.log"
echo "record-traces: exit ${PIPESTATUS[0]}" | tee -a "$OUT/traces.log"
(cd "$traces" && ls -l && tar czf "$OUT/traces.tgz" ./*.gz expected.json) 2>&1 | tee -a "$OUT/traces.log"
# One file comes back only under 16 MiB: split a larger archive (cat traces.tgz.* joins it).
if [ "$(stat -c %s "$OUT/traces.tgz")" -gt 15000000 ]; then
  split -b 15000000 "$OUT/traces.tgz" "$OUT/traces.tgz." && rm "$OUT/traces.tgz"
fi
# nvidia-smi's view between the two, then the benchmark
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem,temperature.gpu,power.draw --format=csv 2>&1 \
  | tee -a "$OUT/traces.log"
timeout "${BENCH_SECONDS:-270}" bash scripts/device/kernel-bench.sh run
echo "kernel-bench: exit $?"
ls -lR "$OUT"
