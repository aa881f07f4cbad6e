#!/usr/bin/env bash
# Installs what the tests need: the npm packages (npm ci) and a Chromium for the browser tests
# and for WebGPU in Node (Chromium ships the SwiftShader Vulkan driver both use), with Chromium's
# headless shell beside it when apt has it (the browser tests prefer it: same engine, less CPU).
# On Debian/Ubuntu as root it installs Debian's packages with apt-get; elsewhere it tells you how.
set -euo pipefail
cd "$(dirname "$0")/.."

npm ci --no-audit --no-fund

find_chromium() {
  for c in "${CHROMIUM_PATH:-}" /usr/bin/chromium /usr/bin/chromium-browser; do
    if [ -n "$c" ] && [ -x "$c" ]; then echo "$c"; return 0; fi
  done
  return 1
}

# The headless shell: optional. Without it the browser tests run on the full chromium, slower.
install_headless_shell() {
  [ -x /usr/lib/chromium/chromium-headless-shell ] && return 0
  [ -n "${CHROMIUM_PATH:-}" ] && return 0
  command -v apt-get >/dev/null || return 0
  local sudo=""
  [ "$(id -u)" = 0 ] || { command -v sudo >/dev/null && sudo=sudo; } || return 0
  $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium-headless-shell >/dev/null 2>&1 ||
    { $sudo apt-get update -qq && $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium-headless-shell >/dev/null 2>&1; } ||
    echo "chromium-headless-shell could not be installed; the browser tests use the full chromium (slower)."
  [ -x /usr/lib/chromium/chromium-headless-shell ] && echo "Chromium headless shell installed."
  return 0
}

if chromium=$(find_chromium) && [ -f /usr/lib/chromium/vk_swiftshader_icd.json -o -n "${CHROMIUM_PATH:-}" ]; then
  echo "Chromium found: $chromium"
  install_headless_shell
  exit 0
fi

if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
  echo "Installing Debian's chromium (browser tests, and SwiftShader for WebGPU in Node)…"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  echo "Chromium installed: $(find_chromium)"
  install_headless_shell
elif command -v sudo >/dev/null && command -v apt-get >/dev/null; then
  sudo apt-get update -qq
  sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  install_headless_shell
else
  cat >&2 <<'MSG'
No Chromium found. The browser tests drive a real Chromium with WebGPU. Either:
  - install it (Debian/Ubuntu: `sudo apt-get install chromium`), or
  - point CHROMIUM_PATH at a Chromium or Chrome binary: `CHROMIUM_PATH=/path/to/chrome npm test`.
MSG
  exit 1
fi
