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
          What each layer keeps comes from its shapes and from what PyTorch’s autograd saves for it:
          under autocast a 16-bit cast of a product’s fp32 input, fp32 inputs and statistics for
          norms, one-byte dropout masks, int64 pooling indices. A tensor two layers keep (a ReLU’s
          output that the next convolution reads) counts once, as it does on the GPU. Checked
          against eager PyTorch steps measured on an H200 (an MLP, ResNet-50, BERT-base): within 5
          %.
        </li>
        <li>
          A loss head’s logits are held by the model’s output, and cross-entropy keeps
          log-probabilities and, under autocast, an fp32 copy of them; its backward makes an fp32
          gradient the same size. That is PyTorch’s own <code>F.cross_entropy</code>; a library that
          upcasts the logits first (Hugging Face’s causal-LM loss) holds a little more.
        </li>
        <li>
          cuBLAS keeps a workspace per thread (forward, and autograd’s backward thread): 32 MiB each
          on Hopper, 8 MiB before it, plus 1 MiB for cuBLASLt. cuDNN’s convolution workspaces come
          and go inside each call and are not counted.
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
