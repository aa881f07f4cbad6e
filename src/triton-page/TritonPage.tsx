import { useEffect } from 'react';
import { puzzlesHref, tritonHref } from '../state/route';
import { tritonMarkId, usePuzzleProgress } from '../store/puzzle-progress';
import { findTritonPuzzle, TRITON_PUZZLES } from '../triton/puzzles/index';
import { browserTritonDeps } from './browser-deps';
import type { TritonBackend } from './controller';
import type { TritonPageDeps } from './deps';
import { TritonView } from './TritonView';
import { describeTritonBackend, useTritonBackend } from './useBackend';
import '../puzzle-page/puzzles.css';

/** The line on what runs the kernels. */
export function BackendNotice({ backend }: { backend: TritonBackend | null }) {
  return (
    <p
      className={`pz-gpu pz-gpu-${backend === null ? 'checking' : backend.kind === 'webgpu' ? 'ready' : 'none'}`}
      data-backend={backend?.kind ?? 'checking'}
      role="status"
    >
      {describeTritonBackend(backend)}
    </p>
  );
}

/** The list of Triton puzzles, in order, with solved marks. */
function TritonList() {
  const solved = usePuzzleProgress((s) => s.solved);
  const isSolved = (id: string) => Boolean(solved[tritonMarkId(id)]);
  const count = TRITON_PUZZLES.filter((p) => isSolved(p.id)).length;
  return (
    <>
      <h1>Triton puzzles</h1>
      <p>
        Write GPU kernels the way PyTorch users do: in Triton, one program per block of data. Each
        kernel runs in this browser, compiled to WGSL on your WebGPU device when there is one and on
        Triton’s semantics in an interpreter otherwise, and is checked against a CPU reference at
        awkward sizes with random data. From a vector add to a causal flash-attention forward; every
        puzzle has hints that open one at a time and a reference solution. The{' '}
        <a href={puzzlesHref()}>WGSL puzzles</a> teach the thread-level model underneath.
      </p>
      <p data-solved-count={count}>
        {count} of {TRITON_PUZZLES.length} solved.
      </p>
      <ol className="pz-list">
        {TRITON_PUZZLES.map((p) => (
          <li key={p.id} data-puzzle-item={p.id} data-solved={isSolved(p.id) ? 'yes' : 'no'}>
            <a href={tritonHref(p.id)}>{p.title}</a> <span className="pz-idea">{p.idea}</span>
            {isSolved(p.id) ? <span className="badge badge-completed"> ✓ Solved</span> : null}
          </li>
        ))}
      </ol>
    </>
  );
}

/** Links to a puzzle's neighbours and back to the list. */
function TritonNav({ index }: { index: number }) {
  const previous = TRITON_PUZZLES[index - 1];
  const next = TRITON_PUZZLES[index + 1];
  return (
    <nav className="pz-nav" aria-label="Triton puzzles">
      <a href={tritonHref()}>All Triton puzzles</a>
      {previous ? <a href={tritonHref(previous.id)}>← {previous.title}</a> : null}
      {next ? <a href={tritonHref(next.id)}>{next.title} →</a> : null}
    </nav>
  );
}

/** One puzzle with what runs it, for the page and for an embed. */
export function TritonPuzzleOnly({ id, deps }: { id: string; deps: TritonPageDeps }) {
  const backend = useTritonBackend(deps);
  const puzzle = findTritonPuzzle(id);
  if (!puzzle) return <p>There is no Triton puzzle “{id}”.</p>;
  return (
    <>
      <BackendNotice backend={backend} />
      <TritonView
        key={puzzle.id}
        puzzle={puzzle}
        number={TRITON_PUZZLES.indexOf(puzzle) + 1}
        deps={deps}
        backend={backend}
      />
    </>
  );
}

/** `#/triton` and `#/triton/<id>`. */
export function TritonPage({
  id,
  deps = browserTritonDeps,
}: {
  id: string | null;
  deps?: TritonPageDeps;
}) {
  const backend = useTritonBackend(deps);
  const puzzle = id === null ? undefined : findTritonPuzzle(id);
  useEffect(() => {
    document.title = puzzle
      ? `${puzzle.title} · Triton puzzles · GPU Lab`
      : 'Triton puzzles · GPU Lab';
  }, [puzzle]);
  return (
    <div className="page pz-page">
      {id === null ? <TritonList /> : null}
      {id !== null && !puzzle ? (
        <>
          <h1>No such puzzle</h1>
          <p>
            There is no Triton puzzle “{id}”. <a href={tritonHref()}>See every Triton puzzle</a>.
          </p>
        </>
      ) : null}
      {puzzle ? (
        <>
          <TritonNav index={TRITON_PUZZLES.indexOf(puzzle)} />
          <BackendNotice backend={backend} />
          <TritonView
            key={puzzle.id}
            puzzle={puzzle}
            number={TRITON_PUZZLES.indexOf(puzzle) + 1}
            deps={deps}
            backend={backend}
          />
          <TritonNav index={TRITON_PUZZLES.indexOf(puzzle)} />
        </>
      ) : null}
    </div>
  );
}
