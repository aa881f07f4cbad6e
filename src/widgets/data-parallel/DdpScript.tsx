import { memo } from 'react';
import '../../ui/panel.css';
import './ddp-script.css';
import { ScrollRegion } from '../../ui/ScrollRegion';
/** The training script that goes with the simulator, annotated line by line. */

/** One line of the script and what it does (null: no note). */
type ScriptLine = readonly [code: string, note: string | null];

/** The script's lines; the launch command is added from the settings. */
export const DDP_SCRIPT: readonly ScriptLine[] = [
  ['import os, torch', null],
  ['import torch.distributed as dist', null],
  ['from torch.nn.parallel import DistributedDataParallel as DDP', null],
  ['from torch.utils.data import DataLoader, DistributedSampler', null],
  ['', null],
  [
    'local_rank = int(os.environ["LOCAL_RANK"])',
    'torchrun sets LOCAL_RANK (this GPU’s number inside the node), RANK and WORLD_SIZE.',
  ],
  [
    'torch.cuda.set_device(local_rank)',
    'First, before anything touches CUDA: one process, one GPU, and nothing of it lands on GPU 0.',
  ],
  ['device = torch.device("cuda", local_rank)', null],
  [
    'dist.init_process_group("nccl", device_id=device)',
    'Joins the group torchrun started, bound to this GPU: NCCL sets up its communicator here, on the right device.',
  ],
  ['', null],
  ['model = build_model().to(device)', null],
  [
    'model = DDP(model, device_ids=[local_rank])',
    'Copies rank 0’s weights to every process once, then all-reduces gradients in buckets during backward.',
  ],
  ['opt = torch.optim.Adam(model.parameters())', null],
  ['sampler = DistributedSampler(dataset)', 'Gives each rank a different share of the data set.'],
  ['loader = DataLoader(dataset, batch_size=per_gpu_batch, sampler=sampler)', null],
  ['', null],
  ['for epoch in range(epochs):', null],
  [
    '    sampler.set_epoch(epoch)',
    'Reshuffles differently every epoch (otherwise each epoch repeats the same order).',
  ],
  ['    for x, y in loader:', null],
  ['        x, y = x.to(device), y.to(device)', null],
  ['        loss = loss_fn(model(x), y)', null],
  ['        opt.zero_grad()', null],
  [
    '        loss.backward()',
    'Returns once every bucket is all-reduced: each GPU holds the same averaged gradient.',
  ],
  ['        opt.step()', 'Every replica takes the same step, so the weights stay identical.'],
  ['', null],
  ['dist.destroy_process_group()', null],
];

/** The launch command for these settings. */
export function launchCommand(gpusPerNode: number, nodes: number): string {
  if (nodes === 1) return `torchrun --nproc_per_node=${gpusPerNode} train.py`;
  return (
    `torchrun --nnodes=${nodes} --nproc_per_node=${gpusPerNode} \\\n` +
    `    --rdzv_id=job1 --rdzv_backend=c10d --rdzv_endpoint=node0:29500 train.py`
  );
}

/** The script and its launch command, with the notes as a numbered list beside the code. */
export const DdpScript = memo(function DdpScript({
  gpusPerNode,
  nodes,
}: {
  gpusPerNode: number;
  nodes: number;
}) {
  const notes = DDP_SCRIPT.filter(([, note]) => note !== null);
  return (
    <details className="ui-panel dp-panel dp-script">
      <summary>The code: DistributedDataParallel launched with torchrun</summary>
      <ScrollRegion className="dp-code-scroll" label="Code: the training script" stackTable={false}>
        <pre className="dp-code">
          <code>
            {DDP_SCRIPT.map(([code, note], i) => {
              const n = note === null ? 0 : notes.findIndex(([c]) => c === code) + 1;
              return (
                <span key={i} className="dp-code__line">
                  {code}
                  {n > 0 && <span className="dp-code__mark">{`  # (${n})`}</span>}
                  {'\n'}
                </span>
              );
            })}
          </code>
        </pre>
      </ScrollRegion>
      <ol className="dp-code-notes">
        {notes.map(([code, note]) => (
          <li key={code}>
            <code>{code.trim()}</code>: {note}
          </li>
        ))}
      </ol>
      <p>Launch one process per GPU{nodes > 1 ? ', on every node' : ''}:</p>
      <ScrollRegion className="dp-code-scroll" label="Code: the launch command" stackTable={false}>
        <pre className="dp-code">
          <code data-launch>{launchCommand(gpusPerNode, nodes)}</code>
        </pre>
      </ScrollRegion>
    </details>
  );
});
