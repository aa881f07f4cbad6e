/**
 * What a widget declares about itself, in one data-only file of its folder (`widget.ts`): the
 * tag lessons write, who it is (its `face.ts`: `data-widget` id, name, title, root class), the
 * heights its placeholder reserves, and how its settings schema and its code load. The registry
 * lists these; every other list (the lessons' tags, the components map, the embed targets, the
 * schemas the tests fuzz) is derived from it, so adding a widget is one folder and one line.
 */
import type { ComponentType } from 'react';
import type { AnyWidgetSchema } from '../state/schema';
import type { WidgetFace } from '../ui/frame/WidgetRoot';

/** One widget as lessons and embeds place it, known before its code loads. */
export interface WidgetDeclaration<
  Tag extends string = string,
  Id extends string = string,
> extends WidgetFace {
  /** The MDX tag (`<Race />`). */
  tag: Tag;
  /** The `data-widget` id: also its schema's id and its URL prefix (`race.tasks=…`). */
  id: Id;
  /** Human name, for the placeholder, error messages, embeds and the region's accessible name. */
  label: string;
  /** Height reserved while its code loads, so the text does not jump (measured at 1280 px). */
  placeholderHeightPx: number;
  /** The same at phone width (measured at 375 px), where the widget stacks taller. */
  narrowPlaceholderHeightPx: number;
  /**
   * Loads its settings schema (what its link carries), apart from its view: the guides and the
   * tests read every schema without loading a widget, and the app's first load carries none.
   */
  loadSchema: () => Promise<AnyWidgetSchema>;
  // Each widget has its own props; the components map passes what the lesson wrote.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  load: () => Promise<{ default: ComponentType<any> }>;
}

/**
 * Declares a widget. Its schema is the widget's own `defineWidgetSchema` result, whose id must
 * be the widget's id (the registry test checks it).
 */
export function defineWidget<const Tag extends string, const Id extends string>(
  declaration: Omit<WidgetDeclaration<Tag, Id>, 'loadSchema'> & {
    loadSchema: () => Promise<object>;
  },
): WidgetDeclaration<Tag, Id> {
  return declaration as WidgetDeclaration<Tag, Id>;
}
