#!/usr/bin/env bash
# Runs every test: unit and component tests, WGSL kernels on real WebGPU in Node, and the
# browser tests in headless Chromium with WebGPU. Prints one closing line per suite and a total.
set -uo pipefail
cd "$(dirname "$0")/.."

status=0
run() {
  local name=$1; shift
  echo
  echo "=== $name ==="
  if "$@"; then echo "=== $name: ok ==="; else echo "=== $name: FAILED ==="; status=1; fi
}

run "unit and component tests" npx vitest run --project unit
run "kernel tests on WebGPU (Node)" bash scripts/with-webgpu.sh vitest run --project gpu
run "browser tests (Chromium + WebGPU)" bash scripts/browser-tests.sh

echo
if [ $status = 0 ]; then echo "All test suites passed."; else echo "Some test suites FAILED (see above)."; fi
exit $status
