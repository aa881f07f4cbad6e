import type { FigureKind } from '../../engine/catalog';

/**
 * Props the lesson check adds to every `<CatalogValue>` at build time, once it has resolved the
 * figure in the catalog: the page renders these and never loads the catalog itself.
 */
export const CATALOG_VALUE_RESOLVED_PROPS = [
  'resolvedText',
  'resolvedKind',
  'resolvedDescription',
] as const;

/** The resolved value: its text with unit, its kind, and "Kind. Source: …" for the tooltip. */
export interface CatalogValueResolvedProps {
  resolvedText: string;
  resolvedKind: FigureKind;
  resolvedDescription: string;
}
