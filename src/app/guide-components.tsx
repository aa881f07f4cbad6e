/**
 * What the guides (content/guides/*.mdx) render with: every lesson component, plus guide-only
 * components under the `guide` namespace (`<guide.WidgetStateTable />`). A namespace keeps them
 * out of the lesson tag list, so lessons cannot place them, while the lesson check (which only
 * looks at capitalised tags) still validates everything else in a guide.
 */
import { use } from 'react';
import { ColumnHeads } from '../ui/ColumnHeads';
import type { MDXComponents } from 'mdx/types';
import { lessonComponents } from '../lessons/components';
import { allowedValues, formatFieldValue, type Field } from '../state/fields';
import type { AnyWidgetSchema } from '../state/schema';
import { loadWidgetSchemas, WIDGETS } from '../widgets/registry';
import { ScrollRegion } from '../ui/ScrollRegion';
import { LmsPackageBuilder } from './LmsPackageBuilder';
import './guide.css';

/** How many allowed values a row lists before it says how many more there are. */
const MAX_LISTED_VALUES = 6;

/** One URL key of one widget, as the authors' guide lists it. */
export interface WidgetKeyRow {
  /** The key as a link writes it, with its widget prefix: `race.tasks`. */
  urlKey: string;
  label: string;
  /** What values it takes, in words: "integer 1 – 100000", "one of a, b, c". */
  accepts: string;
  /** The default as a link would write it. */
  defaultText: string;
}

/** One widget with its tag, embed path and URL keys. */
export interface WidgetStateRows {
  tag: string;
  id: string;
  label: string;
  keys: WidgetKeyRow[];
}

function listValues(values: readonly string[]): string {
  const shown = values.slice(0, MAX_LISTED_VALUES).join(', ');
  const more = values.length - MAX_LISTED_VALUES;
  return more > 0 ? `${shown}, … (${values.length} in all)` : shown;
}

/** What a field accepts, in words. */
export function describeField(field: Field): string {
  switch (field.kind) {
    case 'integer':
      return `whole number ${field.min} to ${field.max}`;
    case 'number':
      return field.decimals === undefined
        ? `number ${field.min} to ${field.max}`
        : `number ${field.min} to ${field.max}, ${field.decimals} decimals`;
    case 'boolean':
      return 'true or false';
    case 'enum':
      return `one of ${listValues(allowedValues(field))}`;
    case 'enum-list': {
      const least = field.minLength ?? 0;
      return `${least} to ${field.maxLength} of ${listValues(allowedValues(field))}, comma-separated`;
    }
  }
}

/** The rows of one schema. */
function keysOf(schema: AnyWidgetSchema): WidgetKeyRow[] {
  return Object.values(schema.fields).map((field) => ({
    urlKey: `${schema.id}.${field.key}`,
    label: field.label,
    accepts: describeField(field),
    defaultText: formatFieldValue(field, field.default),
  }));
}

/**
 * Every registered widget with its state keys, read from the real registry and schemas, in the
 * registry's order. Throws when a widget has no schema: that is a registry bug the guide's test
 * reports.
 */
export function widgetStateRows(
  widgets: readonly { tag: string; id: string; label: string }[],
  schemas: readonly AnyWidgetSchema[],
): WidgetStateRows[] {
  return widgets.map((w) => {
    const schema = schemas.find((s) => s.id === w.id);
    if (!schema) throw new Error(`widget ${w.id} has no state schema (see its widget.ts)`);
    return { tag: w.tag, id: w.id, label: w.label, keys: keysOf(schema) };
  });
}

/** Every widget's schema, loaded once, when the first guide table asks (a guide page waits). */
let schemas: Promise<AnyWidgetSchema[]> | null = null;

/** The table of widgets and their link keys, generated from the registry and schemas. */
export function WidgetStateTable() {
  schemas ??= loadWidgetSchemas();
  const rows = widgetStateRows(WIDGETS, use(schemas));
  return (
    <ScrollRegion className="table-scroll" label="Widgets and their keys">
      <table className="guide-widget-table">
        <ColumnHeads names={['Widget', 'URL key', 'Accepts', 'Default']} />
        <tbody>
          {rows.flatMap((w) => {
            const head = (
              <th scope="rowgroup" rowSpan={Math.max(1, w.keys.length)}>
                <code>{`<${w.tag} />`}</code>
                <br />
                {w.label}
                <br />
                <code>#/embed/{w.id}</code>
              </th>
            );
            if (w.keys.length === 0) {
              return [
                <tr key={w.id} data-widget-key={`${w.id}.`}>
                  {head}
                  <td colSpan={3}>No settings: its link only scrolls to it.</td>
                </tr>,
              ];
            }
            return w.keys.map((k, i) => (
              <tr key={k.urlKey} data-widget-key={k.urlKey}>
                {i === 0 ? head : null}
                <td>
                  <code>{k.urlKey}</code>
                  <br />
                  {k.label}
                </td>
                <td>{k.accepts}</td>
                <td>
                  <code>{k.defaultText === '' ? '(empty)' : k.defaultText}</code>
                </td>
              </tr>
            ));
          })}
        </tbody>
      </table>
    </ScrollRegion>
  );
}

/** Components only the guides may use, under `guide.` in their MDX. */
export const guideOnlyComponents = { WidgetStateTable, LmsPackageBuilder };

/**
 * The components map given to every guide: the lessons' map plus the `guide` namespace. MDX
 * reads `guide.WidgetStateTable` from this object at run time, but its type treats every key as
 * an element override (the JSX element list here has a string index), so the namespace needs a
 * cast through unknown.
 */
export const guideComponents = {
  ...lessonComponents,
  guide: guideOnlyComponents,
} as unknown as MDXComponents;
