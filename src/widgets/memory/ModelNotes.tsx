/** What the memory model counts and what it leaves out, under a disclosure. */
export function ModelNotes() {
  return (
    <details className="memory-notes">
      <summary>What the model counts, and what it leaves out</summary>
      <ul>
        <li>
          The peak is what is alive at the step’s highest moment, found by walking the step layer by
          layer as PyTorch runs it with <code>zero_grad()</code> setting gradients to None: weights
          and optimizer state always, the activations backward has not freed yet, the gradients it
          has made so far, AMP’s weight copies still in use and the short-lived tensors of that
          moment. <code>torch.cuda.max_memory_allocated()</code> on a real run is the check.
        </li>
        <li>
          Activations come from each layer’s shapes. Tensors the layer list does not spell out
          (dropout masks, casts, autograd’s own buffers, a fused kernel’s saved statistics) are not
          counted, nor are in-place operations that save memory.
        </li>
        <li>
          The allocator’s reserve assumes perfectly packed segments. Fragmentation after many steps
          makes a real <code>torch.cuda.memory_reserved()</code> larger.
        </li>
        <li>
          The CUDA context is a fixed estimate of 0.5 GiB; it varies with the GPU, the driver and
          the libraries loaded.
        </li>
        <li>
          Not modeled: several GPUs sharing a model (FSDP, ZeRO), offloading to the CPU, 8-bit
          optimizers, quantized weights, and other processes on the same GPU.
        </li>
      </ul>
    </details>
  );
}
