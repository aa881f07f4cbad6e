#!/usr/bin/env bash
# Runs every test: unit and component tests, WGSL kernels on real WebGPU in Node, and the
# browser tests in headless Chromium with WebGPU. Prints one closing line per suite and a total.
#
# The suites share the machine's cores: the unit tests, the kernel tests and the app's build
# (which the browser tests need) run side by side, then the browser tests. Each suite's output is
# kept and printed whole when it ends, with how long it took, so the log reads suite by suite.
set -uo pipefail
cd "$(dirname "$0")/.."

reports=$(mktemp -d)
trap 'rm -rf "$reports"' EXIT
json() { echo "--reporter=default" "--reporter=json" "--outputFile.json=$reports/$1.json"; }
started=$SECONDS
status=0

# start NAME CMD...: runs CMD in the background, its output kept in $reports/NAME.log.
start() {
  local name=$1; shift
  ( local t0=$SECONDS; "$@" >"$reports/$name.log" 2>&1; echo "$? $((SECONDS - t0))" >"$reports/$name.rc" ) &
}
# finish NAME TITLE: waits for NAME, prints its output and its closing line.
finish() {
  local name=$1 title=$2 rc seconds
  while [ ! -f "$reports/$name.rc" ]; do wait -n 2>/dev/null || true; done
  read -r rc seconds <"$reports/$name.rc"
  echo
  echo "=== $title ==="
  cat "$reports/$name.log"
  if [ "$rc" = 0 ]; then echo "=== $title: ok (${seconds} s) ==="; else echo "=== $title: FAILED (${seconds} s) ==="; status=1; fi
  return "$rc"
}

start unit npx vitest run --project 'unit*' $(json unit)
start gpu bash scripts/with-webgpu.sh vitest run --project gpu $(json gpu)
start build npx vite build --logLevel warn
if finish build "build for the browser tests (vite)"; then
  # The unit and kernel tests may still be running; the browser tests start beside them.
  start browser bash scripts/browser-tests.sh --no-build $(json browser)
fi
finish unit "unit and component tests"
finish gpu "kernel tests on WebGPU (Node)"
[ -f "$reports/build.rc" ] && [ "$(cut -d' ' -f1 "$reports/build.rc")" = 0 ] &&
  finish browser "browser tests (Chromium + WebGPU)"

# One closing line over all suites, from Vitest's JSON reports, naming every skipped test (a
# skipped test's name says why it was skipped, or its suite printed the reason above).
node -e '
  const fs = require("fs"); let p = 0, f = 0, s = 0; const skipped = [];
  for (const n of fs.readdirSync(process.argv[1]).filter((n) => n.endsWith(".json"))) {
    const r = JSON.parse(fs.readFileSync(process.argv[1] + "/" + n, "utf8"));
    p += r.numPassedTests; f += r.numFailedTests; s += r.numPendingTests + (r.numTodoTests || 0);
    for (const file of r.testResults)
      for (const t of file.assertionResults)
        if (["pending", "skipped", "todo"].includes(t.status)) skipped.push(`  skipped: ${t.fullName}`);
  }
  console.log(`\nTests: ${p} passed, ${f} failed` + (s ? `, ${s} skipped` : ""));
  if (skipped.length) console.log(skipped.join("\n"));
' "$reports" || true

echo
echo "Total: $((SECONDS - started)) s"
if [ $status = 0 ]; then echo "All test suites passed."; else echo "Some test suites FAILED (see above)."; fi
exit $status
