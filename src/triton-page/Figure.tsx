/**
 * A Triton puzzle's figure: a small drawing of how its launch cuts the data into blocks (a row
 * of elements in blocks with the masked lanes past the end dashed; rows, one per program; or a
 * grid of tiles with one program's tile shaded), captioned with the puzzle's own description of
 * its picture. The same classes as the WGSL puzzles' pictures, so both themes apply.
 */
import type { TritonPuzzle } from '../triton/puzzles/types';

const CELL = 26;
const LEFT = 70;

/** Which drawing suits a launch: by the grid it writes. */
export function figureKind(puzzle: TritonPuzzle): 'row' | 'rows' | 'tiles' {
  const grid = puzzle.launch.grid;
  if (/cdiv\([^)]*\).*cdiv\(/.test(grid) || /BLOCK_M/.test(grid)) return 'tiles';
  if (/\brows\b/.test(grid)) return 'rows';
  return 'row';
}

function Cell({ x, y, kind, text }: { x: number; y: number; kind: string; text?: string }) {
  return (
    <g>
      <rect x={x} y={y} width={CELL} height={CELL} className={`pz-pic-${kind}`} />
      {text ? (
        <text
          x={x + CELL / 2}
          y={y + CELL / 2}
          textAnchor="middle"
          dominantBaseline="middle"
          className="pz-pic-text"
        >
          {text}
        </text>
      ) : null}
    </g>
  );
}

/** Ten elements in blocks of four: programs 0, 1, 2, the last two lanes masked off. */
function RowDrawing() {
  const cells = [];
  for (let i = 0; i < 12; i++) {
    const kind = i >= 10 ? 'ghost' : Math.floor(i / 4) % 2 === 0 ? 'shade' : 'cell';
    cells.push(
      <Cell key={i} x={LEFT + i * CELL} y={20} kind={kind} text={i < 10 ? String(i) : ''} />,
    );
  }
  return (
    <svg viewBox={`0 0 ${LEFT + 12 * CELL + 10} 80`} aria-hidden="true">
      <text
        x={LEFT - 8}
        y={20 + CELL / 2}
        textAnchor="end"
        dominantBaseline="middle"
        className="pz-pic-label"
      >
        offsets
      </text>
      {cells}
      {[0, 1, 2].map((p) => (
        <text
          key={p}
          x={LEFT + p * 4 * CELL + 2 * CELL}
          y={14}
          textAnchor="middle"
          className="pz-pic-label"
        >
          pid {p}
        </text>
      ))}
      <text x={LEFT + 10 * CELL} y={20 + CELL + 18} className="pz-pic-label">
        masked
      </text>
    </svg>
  );
}

/** Three rows, one program each, walked in blocks; the end of each row dashed. */
function RowsDrawing() {
  const rows = [];
  for (let r = 0; r < 3; r++) {
    const y = 8 + r * (CELL + 6);
    rows.push(
      <g key={r}>
        <text
          x={LEFT - 8}
          y={y + CELL / 2}
          textAnchor="end"
          dominantBaseline="middle"
          className="pz-pic-label"
        >
          pid {r}
        </text>
        {Array.from({ length: 12 }, (_, i) => (
          <Cell
            key={i}
            x={LEFT + i * CELL}
            y={y}
            kind={i >= 10 ? 'ghost' : r === 1 ? 'shade' : 'cell'}
          />
        ))}
      </g>,
    );
  }
  return (
    <svg viewBox={`0 0 ${LEFT + 12 * CELL + 10} ${8 + 3 * (CELL + 6)}`} aria-hidden="true">
      {rows}
    </svg>
  );
}

/** A 4 × 4 grid of tiles, program (1, 2)'s tile shaded, the last column and row past the end. */
function TilesDrawing() {
  const cells = [];
  for (let r = 0; r < 4; r++) {
    for (let c = 0; c < 4; c++) {
      const kind = r === 1 && c === 2 ? 'shade' : r === 3 || c === 3 ? 'ghost' : 'cell';
      cells.push(
        <Cell key={`${r}-${c}`} x={LEFT + c * CELL * 1.5} y={8 + r * CELL * 1.5} kind={kind} />,
      );
    }
  }
  return (
    <svg viewBox={`0 0 ${LEFT + 6 * CELL + 10} ${8 + 6 * CELL}`} aria-hidden="true">
      <text
        x={LEFT - 8}
        y={8 + 1.5 * CELL + CELL / 2}
        textAnchor="end"
        dominantBaseline="middle"
        className="pz-pic-label"
      >
        pid (1, 2)
      </text>
      {cells}
    </svg>
  );
}

/** The figure with its description as the caption (the caption is what a screen reader reads). */
export function TritonFigure({ puzzle }: { puzzle: TritonPuzzle }) {
  const kind = figureKind(puzzle);
  return (
    <figure className="pz-picture" data-figure={kind}>
      {kind === 'row' ? <RowDrawing /> : kind === 'rows' ? <RowsDrawing /> : <TilesDrawing />}
      <figcaption>{puzzle.figure}</figcaption>
    </figure>
  );
}
