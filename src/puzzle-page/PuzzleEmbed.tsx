import { findPuzzle, puzzleNumber } from '../puzzles/catalog';
import { browserPuzzleDeps } from './browser-deps';
import { GpuNotice } from './PuzzlesPage';
import { PuzzleView } from './PuzzleView';
import { useGpuStatus } from './useGpuStatus';
import './puzzles.css';

/**
 * One puzzle alone, for an iframe: the same view as on the site; a pass publishes the
 * `puzzle-solved` learning event, which the embed page's host bridge sends as a completed
 * statement.
 */
export default function PuzzleEmbed({ id }: { id: string }) {
  const status = useGpuStatus(browserPuzzleDeps);
  const puzzle = findPuzzle(id);
  if (!puzzle) return <p>There is no puzzle “{id}”.</p>;
  return (
    <div className="pz-page pz-embed">
      <GpuNotice status={status} />
      <PuzzleView
        puzzle={puzzle}
        number={puzzleNumber(puzzle)}
        deps={browserPuzzleDeps}
        gpu={status}
      />
    </div>
  );
}
