/** How a catalog figure is described to people: its kind and where it comes from. Pure. */
import type { Figure, FigureKind } from '../engine/catalog';

const KIND_TEXT: Record<FigureKind, string> = {
  'vendor-peak': 'Vendor peak',
  measured: 'Measured',
  estimate: 'Estimate',
};

/** A catalog figure's kind and source in one line, for a tooltip: "Vendor peak. Source: …". */
export function figureTitle(figure: Figure): string {
  return `${KIND_TEXT[figure.kind]}. Source: ${figure.source}${figure.note ? `. Note: ${figure.note}` : ''}`;
}
