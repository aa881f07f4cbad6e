import { findEquivalent } from '../triton/puzzles/equivalents';

/**
 * The WGSL puzzle's solution as a PyTorch user would write it, in Triton and in CUDA C++, read
 * only and side by side, behind its own fold. Nothing for a puzzle without an equivalent.
 */
export function Equivalents({ puzzleId }: { puzzleId: string }) {
  const e = findEquivalent(puzzleId);
  if (!e) return null;
  return (
    <details className="pz-solution pz-equivalents" data-equivalents="">
      <summary>The same kernel in Triton and in CUDA C++</summary>
      <p className="pz-note">{e.note}</p>
      <div className="pz-equivalents-grid">
        <figure data-language="triton">
          <figcaption>Triton (Python)</figcaption>
          <pre tabIndex={0}>
            <code>{e.triton.trim()}</code>
          </pre>
        </figure>
        <figure data-language="cuda">
          <figcaption>CUDA C++</figcaption>
          <pre tabIndex={0}>
            <code>{e.cudaEquivalent.trim()}</code>
          </pre>
        </figure>
      </div>
    </details>
  );
}
