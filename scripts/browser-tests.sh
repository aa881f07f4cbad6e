#!/usr/bin/env bash
# Builds the app and runs the end-to-end tests in headless Chromium with real WebGPU
# (software SwiftShader on machines without a GPU). The test setup serves dist/ itself.
# `--no-build` skips the build (scripts/test-all.sh builds while other suites run); any other
# arguments go to Vitest.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ "${1:-}" = --no-build ]; then shift; else npx vite build --logLevel warn; fi
exec npx vitest run --config tests/e2e/vitest.e2e.config.ts "$@"
