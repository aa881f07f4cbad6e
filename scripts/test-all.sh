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

reports=$(mktemp -d)
json() { echo "--reporter=default" "--reporter=json" "--outputFile.json=$reports/$1.json"; }

run "unit and component tests" npx vitest run --project unit $(json unit)
run "kernel tests on WebGPU (Node)" bash scripts/with-webgpu.sh vitest run --project gpu $(json gpu)
run "browser tests (Chromium + WebGPU)" bash scripts/browser-tests.sh $(json browser)

# One closing line over all suites, from Vitest's JSON reports.
node -e '
  const fs = require("fs"); let p = 0, f = 0, s = 0;
  for (const n of fs.readdirSync(process.argv[1])) {
    const r = JSON.parse(fs.readFileSync(process.argv[1] + "/" + n, "utf8"));
    p += r.numPassedTests; f += r.numFailedTests; s += r.numPendingTests + (r.numTodoTests || 0);
  }
  console.log(`\nTests: ${p} passed, ${f} failed` + (s ? `, ${s} skipped` : ""));
' "$reports" || true
rm -rf "$reports"

echo
if [ $status = 0 ]; then echo "All test suites passed."; else echo "Some test suites FAILED (see above)."; fi
exit $status
