#!/bin/bash
# Runs lesson 13's snippets on a machine with a CUDA GPU, PyTorch and Triton, and keeps what each
# printed, for docs/device-runs.md ("Waiting for a GPU: lesson 13's snippets"):
#   OUT/env.txt                 versions and the GPU
#   OUT/<snippet>.txt           each snippet's output and exit status
#   OUT/see_inductor.txt        includes the generated code to compare with the lesson's quote
#   OUT/softmax-ncu.txt         Nsight Compute's sections for one launch of the softmax (if ncu runs)
# Usage (repository root): OUT=/tmp/lesson13 bash scripts/device/lesson13/run.sh
set -u
: "${OUT:?set OUT to a folder for the results}"
mkdir -p "$OUT"
work=$(mktemp -d)
python3 scripts/device/extract-snippets.py "$work/all" > /dev/null
# Each snippet's first line is "# content/13-kernels.mdx: <title>"; give it its title as a name.
for f in "$work"/all/13-*.py; do
  title=$(head -1 "$f" | sed 's/.*: //')
  cp "$f" "$work/$title"
done
python3 -c "import sys, torch, triton; print('python', sys.version.split()[0], 'torch', torch.__version__, 'triton', triton.__version__, 'cuda', torch.version.cuda, torch.cuda.get_device_name(0))" > "$OUT/env.txt" 2>&1
nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv >> "$OUT/env.txt" 2>&1
for name in row_softmax matmul_autotune relu_squared_op see_inductor; do
  (cd "$work" && timeout 600 python3 "$name.py") > "$OUT/$name.txt" 2>&1
  echo "exit $?" >> "$OUT/$name.txt"
done
(cd "$work" && TORCH_LOGS=output_code timeout 300 python3 relu_squared_op.py) > "$OUT/relu_squared_op-output_code.txt" 2>&1
if command -v ncu > /dev/null; then
  (cd "$work" && ONE_LAUNCH=1 timeout 600 ncu --section SpeedOfLight --section Occupancy \
    --section WarpStateStats -k regex:softmax_kernel -c 1 python3 row_softmax.py) > "$OUT/softmax-ncu.txt" 2>&1
  echo "exit $?" >> "$OUT/softmax-ncu.txt"
else
  echo "ncu not found on PATH" > "$OUT/softmax-ncu.txt"
fi
