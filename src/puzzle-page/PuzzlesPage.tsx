import { useEffect } from 'react';
import { findPuzzle, PUZZLES, puzzleNumber } from '../puzzles/catalog';
import { puzzlesHref } from '../state/route';
import { usePuzzleProgress } from '../store/puzzle-progress';
import { browserPuzzleDeps } from './browser-deps';
import type { PuzzleControllerDeps } from './controller';
import { describeGpuStatus, type GpuStatus } from './gpu-status';
import { PuzzleView } from './PuzzleView';
import { useGpuStatus } from './useGpuStatus';
import './puzzles.css';

/** The line on the GPU every puzzle page starts with. */
export function GpuNotice({ status }: { status: GpuStatus }) {
  return (
    <p
      className={`pz-gpu pz-gpu-${status.kind}`}
      data-gpu={status.kind}
      data-fallback={status.kind === 'ready' ? String(status.fallback) : ''}
      role="status"
    >
      {describeGpuStatus(status)}
    </p>
  );
}

/** The list of puzzles, in order, with solved marks. */
function PuzzleList() {
  const solved = usePuzzleProgress((s) => s.solved);
  const count = PUZZLES.filter((p) => solved[p.id]).length;
  return (
    <>
      <h1>WGSL puzzles</h1>
      <p>
        Write small compute kernels in WGSL, WebGPU’s shading language, and check them on this
        machine’s GPU against a CPU reference at awkward sizes. Each puzzle builds on the ones
        before: from one thread per element to a tiled matrix product. Every puzzle has hints that
        open one at a time and a reference solution to study.
      </p>
      <p data-solved-count={count}>
        {count} of {PUZZLES.length} solved.
      </p>
      <ol className="pz-list">
        {PUZZLES.map((p) => (
          <li key={p.id} data-puzzle-item={p.id} data-solved={solved[p.id] ? 'yes' : 'no'}>
            <a href={puzzlesHref(p.id)}>{p.title}</a> <span className="pz-idea">{p.idea}</span>
            {solved[p.id] ? <span className="badge badge-completed"> ✓ Solved</span> : null}
          </li>
        ))}
      </ol>
    </>
  );
}

/** Links to the neighbours of a puzzle and back to the list. */
function PuzzleNav({ index }: { index: number }) {
  const previous = PUZZLES[index - 1];
  const next = PUZZLES[index + 1];
  return (
    <nav className="pz-nav" aria-label="Puzzles">
      <a href={puzzlesHref()}>All puzzles</a>
      {previous ? <a href={puzzlesHref(previous.id)}>← {previous.title}</a> : null}
      {next ? <a href={puzzlesHref(next.id)}>{next.title} →</a> : null}
    </nav>
  );
}

/** `#/puzzles` and `#/puzzles/<id>`. */
export function PuzzlesPage({
  id,
  deps = browserPuzzleDeps,
}: {
  id: string | null;
  deps?: PuzzleControllerDeps;
}) {
  const status = useGpuStatus(deps);
  const puzzle = id === null ? undefined : findPuzzle(id);
  useEffect(() => {
    document.title = puzzle ? `${puzzle.title} · WGSL puzzles · GPU Lab` : 'WGSL puzzles · GPU Lab';
  }, [puzzle]);
  return (
    <div className="page pz-page">
      <GpuNotice status={status} />
      {id === null ? <PuzzleList /> : null}
      {id !== null && !puzzle ? (
        <>
          <h1>No such puzzle</h1>
          <p>
            There is no puzzle “{id}”. <a href={puzzlesHref()}>See every puzzle</a>.
          </p>
        </>
      ) : null}
      {puzzle ? (
        <>
          <PuzzleNav index={PUZZLES.indexOf(puzzle)} />
          <PuzzleView
            key={puzzle.id}
            puzzle={puzzle}
            number={puzzleNumber(puzzle)}
            deps={deps}
            gpu={status}
          />
          <PuzzleNav index={PUZZLES.indexOf(puzzle)} />
        </>
      ) : null}
    </div>
  );
}
