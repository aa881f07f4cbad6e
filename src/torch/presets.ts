/** Lines a console can run before the learner types anything, by preset name. */

/** Named groups of starting lines. */
export const PRESETS: Readonly<Record<string, readonly string[]>> = {
  /** Checking for a GPU and choosing a device, as lesson 3 teaches. */
  devices: [
    'import torch',
    'torch.cuda.is_available()',
    'torch.cuda.device_count()',
    'torch.cuda.get_device_name(0)',
    'device = torch.device("cuda" if torch.cuda.is_available() else "cpu")',
    'device',
  ],
  /** The three tensors of the transfer simulator, on the host. */
  tensors: [
    'import torch',
    'batch = torch.randn(32, 3, 224, 224)',
    'weight = torch.randn(512, 512)',
    'bias = torch.randn(512)',
  ],
  /** Allocated against reserved memory, and what empty_cache() gives back. */
  memory: [
    'import torch',
    'x = torch.randn(1024, 1024, device="cuda")',
    'torch.cuda.memory_allocated()',
    'torch.cuda.memory_reserved()',
    'del x',
    'torch.cuda.memory_allocated()',
    'torch.cuda.memory_reserved()',
    'torch.cuda.empty_cache()',
    'torch.cuda.memory_reserved()',
  ],
  /**
   * Lesson 5: a tensor in the large pool and one in the small pool, allocated against reserved
   * memory, what del frees and empty_cache() returns, and the allocator's own summary table.
   */
  'gpu-memory': [
    'import torch',
    'x = torch.randn(1024, 1024, device="cuda")  # 4 MiB: large pool, a 20 MiB segment',
    'b = torch.zeros(256, device="cuda")  # 1 KiB: small pool, a 2 MiB segment',
    'torch.cuda.memory_allocated(), torch.cuda.memory_reserved()',
    'del x',
    'torch.cuda.memory_allocated(), torch.cuda.memory_reserved()',
    'torch.cuda.max_memory_allocated()',
    'torch.cuda.empty_cache()  # returns the whole free 20 MiB segment, keeps the 2 MiB one',
    'torch.cuda.memory_allocated(), torch.cuda.memory_reserved()',
    'print(torch.cuda.memory_summary(abbreviated=True))',
  ],
  /**
   * Lesson 9: the mixed-device error from a batch that never moved, and why `x.to("cuda")` on
   * its own line does not move it.
   */
  pitfalls: [
    'import torch',
    'model = torch.nn.Linear(4, 2).to("cuda")',
    'x = torch.randn(8, 4)',
    'y = model(x)',
    'x.to("cuda")',
    'x.device',
    'x = x.to("cuda")',
    'model(x).device',
  ],
  /** Only the import. */
  import: ['import torch'],
};

/** The preset names. */
export const PRESET_NAMES: readonly string[] = Object.keys(PRESETS);

/** The lines of a preset, or null when the name is unknown. */
export function presetLines(name: string): readonly string[] | null {
  return Object.prototype.hasOwnProperty.call(PRESETS, name) ? (PRESETS[name] ?? null) : null;
}
