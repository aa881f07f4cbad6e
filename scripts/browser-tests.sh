#!/usr/bin/env bash
# Builds the app and runs the end-to-end tests in headless Chromium with real WebGPU
# (software SwiftShader on machines without a GPU). The test setup serves dist/ itself.
set -euo pipefail
cd "$(dirname "$0")/.."
npx vite build --logLevel warn
exec npx vitest run --config tests/e2e/vitest.e2e.config.ts "$@"
