import lessonsByTag from 'virtual:widget-lessons';
import { findWidget } from '../widgets/registry';

/**
 * The slug of the first lesson that places this widget (by its `data-widget` id, or an
 * instance prefix such as `race-b`), or null when no lesson does or the id is unknown.
 */
export function lessonOfWidget(
  id: string,
  byTag: Readonly<Record<string, string>> = lessonsByTag,
): string | null {
  const widget = findWidget(id) ?? findWidget(id.replace(/-[a-z0-9]{1,16}$/, ''));
  if (!widget || !Object.prototype.hasOwnProperty.call(byTag, widget.tag)) return null;
  return byTag[widget.tag] ?? null;
}
