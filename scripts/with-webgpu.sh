#!/usr/bin/env bash
# Runs a command with Chromium's SwiftShader Vulkan driver visible to Dawn (the `webgpu` npm
# package), so WGSL kernels run on real WebGPU in Node on machines without a GPU. The variables
# must be set before Node starts: the Vulkan loader reads them once.
set -euo pipefail
icd=${VK_ICD_FILENAMES:-/usr/lib/chromium/vk_swiftshader_icd.json}
if [ -f "$icd" ]; then
  export VK_ICD_FILENAMES="$icd"
  export LD_LIBRARY_PATH="/usr/lib/chromium${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
else
  echo "note: $icd not found; WebGPU in Node will use whatever Vulkan driver this machine has" >&2
fi
export XDG_RUNTIME_DIR=${XDG_RUNTIME_DIR:-/tmp}
exec npx "$@"
