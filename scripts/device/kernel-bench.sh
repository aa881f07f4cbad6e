#!/bin/bash
# The kernel benchmark (src/bench/node-bench.ts) on a GPU machine's Vulkan driver, in two steps.
#
#   bash scripts/device/kernel-bench.sh prepare
#     Here, with node_modules installed: bundles the bench into tmp/node-bench/ (vite build
#     --ssr), puts the `webgpu` package's entry and dist/linux-x64 beside it, an xz copy of
#     this machine's Node (for a GPU machine without Node), and the Vulkan loader and GL vendor
#     libraries found here (for one without them). tmp/ is ignored by git: carry tmp/node-bench.
#
#   OUT=/some/folder bash scripts/device/kernel-bench.sh run [--repetitions N]
#     On the GPU machine (or here, on SwiftShader): runs the bundle, keeps the report as
#     $OUT/kernel-bench.json, the progress log as $OUT/kernel-bench.log, the environment as
#     $OUT/env.txt, and, for a hardware adapter only, the named report under $OUT/docs-runs/
#     (kernel-bench-<adapter>-<date>.json, to copy into docs/runs/). A software fallback's
#     report is never written there. Exit status: the bench's.
set -euo pipefail
here=$(cd "$(dirname "$0")/../.." && pwd)
bundle="$here/tmp/node-bench"

prepare() {
  cd "$here"
  rm -rf "$bundle"
  npx vite build --ssr src/bench/node-bench.ts --outDir tmp/node-bench --emptyOutDir --logLevel warn
  local pkg="$bundle/node_modules/webgpu"
  mkdir -p "$pkg/dist" "$bundle/lib" "$bundle/bin"
  cp node_modules/webgpu/package.json node_modules/webgpu/index.js "$pkg/"
  cp -r node_modules/webgpu/dist/linux-x64 "$pkg/dist/"
  # xz, not gzip: 24 against 35 MB, so the bundle and the working tree fit a call's 64 MiB.
  if [ -f "$here/tmp/node.xz" ] && [ "$here/tmp/node.xz" -nt "$(command -v node)" ]; then
    cp "$here/tmp/node.xz" "$bundle/bin/node.xz"
  else
    xz -9 -T2 -c "$(command -v node)" > "$bundle/bin/node.xz" && cp "$bundle/bin/node.xz" "$here/tmp/node.xz"
  fi
  # The Vulkan loader (Chromium's copy when the system has none) and the GL vendor libraries
  # (glvnd) the NVIDIA ICD loads: used on the GPU machine only if its own are missing.
  local lib
  for lib in libvulkan.so.1 libGLdispatch.so.0 libGLX.so.0 libEGL.so.1 libGL.so.1 libGLESv2.so.2 libOpenGL.so.0; do
    local found
    found=$(ldconfig -p | awk -v l="$lib" '$1 == l { print $NF; exit }')
    [ -z "$found" ] && [ -f "/usr/lib/chromium/$lib" ] && found="/usr/lib/chromium/$lib"
    if [ -n "$found" ]; then cp -L "$found" "$bundle/lib/$lib"; fi
  done
  du -sh "$bundle"
  ls "$bundle/lib"
}

run() {
  : "${OUT:?set OUT to a folder for the results}"
  mkdir -p "$OUT"
  [ -f "$bundle/node-bench.js" ] || { echo "no $bundle/node-bench.js: run '$0 prepare' first" >&2; exit 2; }
  local node_bin
  node_bin=$(command -v node || true)
  if [ -z "$node_bin" ]; then
    # xz may be missing there; Python's lzma module reads the same file.
    if command -v xz > /dev/null; then
      xz -dc "$bundle/bin/node.xz" > "$bundle/bin/node"
    else
      python3 -c 'import lzma, shutil, sys; shutil.copyfileobj(lzma.open(sys.argv[1]), open(sys.argv[2], "wb"))' \
        "$bundle/bin/node.xz" "$bundle/bin/node"
    fi
    chmod +x "$bundle/bin/node"
    node_bin="$bundle/bin/node"
  fi
  # Bring the loader and glvnd only where the machine lacks them.
  if ! ldconfig -p | grep -q 'libvulkan.so.1'; then
    export LD_LIBRARY_PATH="$bundle/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
  fi
  # The driver's own folder, where the machine mounts it there (the ICD's library lives in it).
  if [ -d /usr/local/nvidia/lib64 ]; then
    export LD_LIBRARY_PATH="${LD_LIBRARY_PATH:+$LD_LIBRARY_PATH:}/usr/local/nvidia/lib64"
  fi
  # The NVIDIA ICD: the driver's manifest if installed, else one naming its library.
  if [ -z "${VK_DRIVER_FILES:-}${VK_ICD_FILENAMES:-}" ] && command -v nvidia-smi > /dev/null; then
    local icd
    for icd in /usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json \
      /usr/share/vulkan/icd.d/nvidia_icd.json /etc/vulkan/icd.d/nvidia_icd.json \
      /usr/share/vulkan/icd.d/nvidia_icd.x86_64.json; do
      [ -f "$icd" ] && export VK_DRIVER_FILES="$icd" && break
    done
    if [ -z "${VK_DRIVER_FILES:-}" ]; then
      printf '{"file_format_version":"1.0.1","ICD":{"library_path":"libGLX_nvidia.so.0","api_version":"1.3"}}\n' \
        > "$bundle/nvidia_icd.json"
      export VK_DRIVER_FILES="$bundle/nvidia_icd.json"
    fi
  fi
  {
    echo "date: $(date -u +%FT%TZ)"
    echo "node: $node_bin $("$node_bin" --version)"
    echo "VK_DRIVER_FILES=${VK_DRIVER_FILES:-} VK_ICD_FILENAMES=${VK_ICD_FILENAMES:-}"
    echo "LD_LIBRARY_PATH=${LD_LIBRARY_PATH:-}"
    nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.max.sm --format=csv 2>&1 || true
  } > "$OUT/env.txt"
  local status=0
  (cd "$bundle" && "$node_bin" node-bench.js --out "$OUT/docs-runs" "$@") \
    > "$OUT/kernel-bench.json" 2> "$OUT/kernel-bench.log" || status=$?
  tail -n 30 "$OUT/kernel-bench.log"
  return "$status"
}

case "${1:-}" in
  prepare) prepare ;;
  run) shift; run "$@" ;;
  *) echo "usage: $0 prepare | OUT=folder $0 run [--repetitions N]" >&2; exit 2 ;;
esac
