import { otherWays } from './three-ways';

/**
 * The same kernel in CUDA C++ and in WGSL, read only and side by side (stacked on a phone), with
 * what changes between the three; for a puzzle without a declared twin, a line saying so.
 */
export function OtherWays({ tritonId, idBase }: { tritonId: string; idBase: string }) {
  const ways = otherWays(tritonId);
  const headingId = `${idBase}-ways`;
  if (!ways) {
    return (
      <p className="pz-note" data-other-ways="none">
        This kernel has no CUDA C++ and WGSL versions in the course yet; the Triton kernel above is
        the whole story here.
      </p>
    );
  }
  return (
    <section
      className="tk-ways pz-equivalents"
      aria-labelledby={headingId}
      data-other-ways={ways.wgslId}
    >
      <h4 id={headingId}>The same kernel in CUDA C++ and in WGSL (read only)</h4>
      <p className="pz-note">{ways.note}</p>
      <div className="pz-equivalents-grid">
        <figure data-language="cuda">
          <figcaption>CUDA C++</figcaption>
          <pre tabIndex={0}>
            <code>{ways.cuda.trim()}</code>
          </pre>
        </figure>
        <figure data-language="wgsl">
          <figcaption>
            WGSL (the reference solution of the WGSL puzzle <q>{ways.wgslTitle}</q>)
          </figcaption>
          <pre tabIndex={0}>
            <code>{ways.wgsl.trim()}</code>
          </pre>
        </figure>
      </div>
    </section>
  );
}
