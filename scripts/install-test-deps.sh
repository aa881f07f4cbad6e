#!/usr/bin/env bash
# Installs what the tests need: the npm packages (npm ci) and a Chromium for the browser tests
# and for WebGPU in Node (Chromium ships the SwiftShader Vulkan driver both use).
# On Debian/Ubuntu as root it installs Debian's chromium with apt-get; elsewhere it tells you how.
set -euo pipefail
cd "$(dirname "$0")/.."

npm ci --no-audit --no-fund

find_chromium() {
  for c in "${CHROMIUM_PATH:-}" /usr/bin/chromium /usr/bin/chromium-browser; do
    if [ -n "$c" ] && [ -x "$c" ]; then echo "$c"; return 0; fi
  done
  return 1
}

if chromium=$(find_chromium) && [ -f /usr/lib/chromium/vk_swiftshader_icd.json -o -n "${CHROMIUM_PATH:-}" ]; then
  echo "Chromium found: $chromium"
  exit 0
fi

if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
  echo "Installing Debian's chromium (browser tests, and SwiftShader for WebGPU in Node)…"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  echo "Chromium installed: $(find_chromium)"
elif command -v sudo >/dev/null && command -v apt-get >/dev/null; then
  sudo apt-get update -qq
  sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
else
  cat >&2 <<'MSG'
No Chromium found. The browser tests drive a real Chromium with WebGPU. Either:
  - install it (Debian/Ubuntu: `sudo apt-get install chromium`), or
  - point CHROMIUM_PATH at a Chromium or Chrome binary: `CHROMIUM_PATH=/path/to/chrome npm test`.
MSG
  exit 1
fi
