/**
 * A widget's starting state, in three layers: the schema's defaults, then the props written in
 * the lesson, then the settings in the URL (the URL wins). Pure.
 */
import type { FieldMap, StateOf } from './fields';
import { checkState, type WidgetSchema } from './schema';
import { readState } from './pairs';
import { readHashParams } from './url-sync';

/** The starting state, the props-level baseline URL pairs are written against, and notices. */
export interface InitialState<S> {
  state: S;
  /** Defaults overlaid with the lesson's props: what a link with no pairs would show. */
  baseline: S;
  /** Notices from the props, then the URL (query-level ones only when the widget has pairs). */
  notices: string[];
  /** Whether the URL carried any setting for this widget. */
  fromUrl: boolean;
}

/** Works out a widget's starting state from its props and a location hash. Never throws. */
export function initialWidgetState<F extends FieldMap>(
  schema: WidgetSchema<F>,
  props: unknown,
  hash: string,
  prefix: string,
): InitialState<StateOf<F>> {
  const fromProps = checkState(schema, props ?? {});
  const query = readHashParams(hash);
  const fromUrl = readState(schema, query.params, { base: fromProps.state, prefix });
  return {
    state: fromUrl.state,
    baseline: fromProps.state,
    notices: [...fromProps.notices, ...(fromUrl.found ? query.notices : []), ...fromUrl.notices],
    fromUrl: fromUrl.found,
  };
}
