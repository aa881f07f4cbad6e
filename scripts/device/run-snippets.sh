#!/bin/bash
# Runs every lesson's Python snippet on a machine with a CUDA GPU and PyTorch, and keeps what
# each printed: OUT/snippets/<lesson>-<n>.txt, OUT/env.txt, and the memory snapshot lesson 5's
# code records. The DDP script runs under torchrun with one process.
# Usage (repository root): OUT=/tmp/snippet-run bash scripts/device/run-snippets.sh
set -u
: "${OUT:?set OUT to a folder for the results}"
mkdir -p "$OUT/snippets"
work=$(mktemp -d)
python3 scripts/device/extract-snippets.py "$work" > "$OUT/snippets/index.txt"
python3 -c "import sys, torch; print('python', sys.version.split()[0], 'torch', torch.__version__, 'cuda', torch.version.cuda, torch.cuda.get_device_name(0))" > "$OUT/env.txt" 2>&1
nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv >> "$OUT/env.txt" 2>&1
for f in "$work"/*.py; do
  name=$(basename "$f" .py)
  if grep -q "init_process_group" "$f"; then
    (cd "$work" && timeout 300 torchrun --standalone --nproc_per_node=1 "$name.py") > "$OUT/snippets/$name.txt" 2>&1
  else
    (cd "$work" && timeout 300 python3 "$name.py") > "$OUT/snippets/$name.txt" 2>&1
  fi
  echo "exit $?" >> "$OUT/snippets/$name.txt"
done
cp "$work"/*.pickle "$OUT/" 2>/dev/null || true
