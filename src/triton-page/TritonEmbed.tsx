import { browserTritonDeps } from './browser-deps';
import { TritonPuzzleOnly } from './TritonPage';
import '../puzzle-page/puzzles.css';

/**
 * One Triton puzzle alone, for an iframe (`#/embed/triton/<id>`): the same view as on the site;
 * a pass publishes the `puzzle-solved` learning event (language `triton`), which the embed
 * page's host bridge sends as a completed statement.
 */
export default function TritonEmbed({ id }: { id: string }) {
  return (
    <div className="pz-page pz-embed">
      <TritonPuzzleOnly id={id} deps={browserTritonDeps} />
    </div>
  );
}
