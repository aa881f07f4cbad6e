/**
 * The layer table as Markdown, the way docs/architecture.md shows it (the layer test checks that
 * the page holds exactly this table, so the picture cannot drift from the rules).
 */
import { LAYERS } from './layers.mjs';

/** The rows of the layers table, top layer first, as docs/architecture.md shows them. */
export function layerTableMarkdown(): string {
  const rows = [...LAYERS].reverse().map((layer) => {
    const folder = layer.path === 'src' ? '`src/*.ts(x)`' : `\`${layer.path}/\``;
    const may =
      layer.mayImport.length > 0 ? layer.mayImport.map((n) => `\`${n}\``).join(', ') : '—';
    const faces = layer.faces
      ? ` Others import it only through ${layer.faces.map((f) => `\`${f.replace(`${layer.path}/`, '')}\``).join(', ')}.`
      : '';
    const runs = layer.runs === 'pure' ? ' Pure.' : layer.runs === 'no-react' ? ' No React.' : '';
    return `| \`${layer.name}\` | ${folder} | ${layer.what}.${runs}${faces} | ${may} |`;
  });
  return ['| layer | folder | what it holds | may import |', '|---|---|---|---|', ...rows].join(
    '\n',
  );
}
