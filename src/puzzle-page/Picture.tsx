import type { PictureGrid, PictureRow, PuzzlePicture } from '../puzzles/types';

const CELL = 34;
const LABEL = 78;
const GAP = 10;

/** A row of cells with its label on the left; cells from `ghostFrom` drawn dashed. */
function RowCells({ row, y }: { row: PictureRow; y: number }) {
  return (
    <g>
      <text
        x={LABEL - 8}
        y={y + CELL / 2}
        className="pz-pic-label"
        textAnchor="end"
        dominantBaseline="middle"
      >
        {row.label}
      </text>
      {row.cells.map((text, i) => {
        const ghost = row.ghostFrom !== undefined && i >= row.ghostFrom;
        const x = LABEL + i * CELL;
        return (
          <g key={i}>
            <rect
              x={x}
              y={y}
              width={CELL}
              height={CELL}
              className={ghost ? 'pz-pic-ghost' : 'pz-pic-cell'}
            />
            <text
              x={x + CELL / 2}
              y={y + CELL / 2}
              textAnchor="middle"
              dominantBaseline="middle"
              className="pz-pic-text"
            >
              {text}
            </text>
          </g>
        );
      })}
    </g>
  );
}

/** A matrix with its label above. */
function Grid({ grid, x, y, cell }: { grid: PictureGrid; x: number; y: number; cell: number }) {
  const cells = [];
  for (let r = 0; r < grid.rows; r++) {
    for (let c = 0; c < grid.cols; c++) {
      cells.push(
        <g key={`${r}-${c}`}>
          <rect
            x={x + c * cell}
            y={y + 18 + r * cell}
            width={cell}
            height={cell}
            className={grid.shade?.(r, c) ? 'pz-pic-shade' : 'pz-pic-cell'}
          />
          <text
            x={x + c * cell + cell / 2}
            y={y + 18 + r * cell + cell / 2}
            textAnchor="middle"
            dominantBaseline="middle"
            className="pz-pic-text"
          >
            {grid.cell(r, c)}
          </text>
        </g>,
      );
    }
  }
  return (
    <g>
      <text x={x} y={y + 10} className="pz-pic-label">
        {grid.label}
      </text>
      {cells}
    </g>
  );
}

/** A puzzle's picture as SVG, described to screen readers by its caption. */
export function Picture({ picture }: { picture: PuzzlePicture }) {
  if (picture.kind === 'rows') {
    const widest = Math.max(...picture.rows.map((r) => r.cells.length));
    const width = LABEL + widest * CELL + 4;
    const height = picture.rows.length * (CELL + GAP);
    return (
      <figure className="pz-picture">
        <svg
          viewBox={`0 0 ${width} ${height}`}
          width={width}
          role="img"
          aria-label={picture.caption}
        >
          {picture.rows.map((row, i) => (
            <RowCells key={row.label} row={row} y={i * (CELL + GAP)} />
          ))}
        </svg>
        <figcaption>{picture.caption}</figcaption>
      </figure>
    );
  }
  const cell = 24;
  const placed: Array<{ grid: PictureGrid; x: number }> = [];
  let x = 0;
  const operatorAt: number[] = [];
  picture.grids.forEach((grid, i) => {
    placed.push({ grid, x });
    x += Math.max(grid.cols * cell, grid.label.length * 7);
    if (i < picture.operators.length) {
      operatorAt.push(x + 8);
      x += 24 + picture.operators[i]!.length * 7;
    }
  });
  const height = 18 + Math.max(...picture.grids.map((g) => g.rows * cell)) + 4;
  return (
    <figure className="pz-picture">
      <svg viewBox={`0 0 ${x + 4} ${height}`} width={x + 4} role="img" aria-label={picture.caption}>
        {placed.map(({ grid, x: gx }) => (
          <Grid key={grid.label} grid={grid} x={gx} y={0} cell={cell} />
        ))}
        {operatorAt.map((ox, i) => (
          <text key={i} x={ox} y={18 + cell} className="pz-pic-op" dominantBaseline="middle">
            {picture.operators[i]}
          </text>
        ))}
      </svg>
      <figcaption>{picture.caption}</figcaption>
    </figure>
  );
}
