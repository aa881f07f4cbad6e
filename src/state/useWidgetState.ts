import { useCallback, useContext, useEffect, useRef, useState } from 'react';
import type { FieldMap, StateOf } from './fields';
import { checkState, type Checked, type WidgetSchema } from './schema';
import { readState, serializeState, widgetPrefix } from './pairs';
import { initialWidgetState } from './layers';
import {
  browserTimers,
  browserUrlEnv,
  createDebouncer,
  lessonSlugOf,
  readHashParams,
  shareLink,
  sectionOf,
  URL_WRITE_DELAY_MS,
  widgetAnchorId,
  writeWidgetPairs,
  type Timers,
  type UrlEnv,
} from './url-sync';
import { WidgetPlacementContext } from './widget-placement';
import { onChoicesChanged } from './choices';

/** A change to some settings; values are checked through the schema (form text is fine). */
export type SettingsPatch<S> = { [K in keyof S]?: S[K] | string };

/** Options of useWidgetState. */
export interface WidgetStateOptions {
  /**
   * Name of this instance when a widget appears twice on a page (lowercase letters and digits,
   * up to 16): its URL prefix and anchor become `<id>-<instance>` (`race-b.tasks`, `widget-race-b`).
   * Leave it out for the first (or only) instance.
   */
  instance?: string;
  /** URL access (the browser's by default; a fake in tests). */
  env?: UrlEnv;
  /** Timers for the debounced URL write (the browser's by default). */
  timers?: Timers;
  /** Delay of the URL write after the last change, in milliseconds. */
  writeDelayMs?: number;
}

/** What useWidgetState gives a widget. */
export interface WidgetStateHandle<S> {
  /** The current, always valid, settings. */
  state: S;
  /** Applies a change (checked through the schema) and updates the URL, debounced. */
  set(patch: SettingsPatch<S>): void;
  /** Notices to show in the widget: what was clamped, replaced or ignored, and why. */
  notices: readonly string[];
  /** Clears the notices. */
  dismissNotices(): void;
  /** This widget's share link with its current settings (not measurements). */
  shareUrl(): string;
  /** URL prefix of this instance (`race`, `race-b`). */
  prefix: string;
  /** Element id the widget's root must carry so its share link scrolls to it (`widget-race`). */
  anchorId: string;
}

/**
 * A widget's settings, from the schema's defaults, then the lesson's `props` (read once, on
 * mount), then the URL: the URL wins. Changes go through the schema and into the URL (only the
 * settings that differ from the props, debounced, without history entries). A later navigation
 * to a hash that carries this widget's settings (an opened share link) applies them.
 */
export function useWidgetState<F extends FieldMap>(
  schema: WidgetSchema<F>,
  props?: unknown,
  options: WidgetStateOptions = {},
): WidgetStateHandle<StateOf<F>> {
  type S = StateOf<F>;
  const [setup] = useState(() => {
    const env = options.env ?? browserUrlEnv;
    const prefix = widgetPrefix(schema.id, options.instance);
    const hash = env.readHash();
    return {
      env,
      prefix,
      slug: lessonSlugOf(hash),
      writer: createDebouncer(
        options.writeDelayMs ?? URL_WRITE_DELAY_MS,
        options.timers ?? browserTimers,
      ),
      initial: initialWidgetState(schema, props, hash, prefix),
    };
  });
  const { env, prefix, slug, writer, initial } = setup;
  const [state, setState] = useState<S>(initial.state);
  const [notices, setNotices] = useState<readonly string[]>(initial.notices);
  const latest = useRef<S>(initial.state);
  const anchorId = widgetAnchorId(prefix);
  const lessonOf = useContext(WidgetPlacementContext);

  // Opened through this widget's share link: scroll to it once it is on the page.
  useEffect(() => {
    if (sectionOf(env.readHash()) === anchorId) env.scrollToId(anchorId);
  }, [env, anchorId]);

  // A navigation to a hash with this widget's settings (a share link opened here) applies them.
  useEffect(() => {
    return env.onHashChange(() => {
      const query = readHashParams(env.readHash());
      const read = readState(schema, query.params, { base: initial.baseline, prefix });
      if (!read.found) return;
      writer.cancel();
      latest.current = read.state;
      setState(read.state);
      setNotices([...query.notices, ...read.notices]);
    });
  }, [env, schema, initial, prefix, writer]);

  // Shows checked settings with their notices and writes them into the URL, debounced (only
  // while the page still shows this widget's lesson).
  const adopt = useCallback(
    (checked: Checked<S>) => {
      latest.current = checked.state;
      setState(checked.state);
      setNotices(checked.notices);
      const pairs = serializeState(schema, checked.state, { baseline: initial.baseline, prefix });
      writer.schedule(() => {
        if (lessonSlugOf(env.readHash()) === slug) writeWidgetPairs(env, prefix, pairs);
      });
    },
    [schema, initial, prefix, writer, env, slug],
  );

  // Allowed values changed (the learner's machine entered or removed): render the lists afresh,
  // and replace a value that is no longer allowed, with its notice.
  const [, setChoicesEpoch] = useState(0);
  useEffect(() => {
    return onChoicesChanged(() => {
      setChoicesEpoch((n) => n + 1);
      const checked = checkState(schema, latest.current);
      if (JSON.stringify(checked.state) === JSON.stringify(latest.current)) return;
      adopt(checked);
    });
  }, [schema, adopt]);

  // Nothing is written after the widget is gone (the page may show another lesson by then).
  useEffect(() => () => writer.cancel(), [writer]);

  const set = useCallback(
    (patch: SettingsPatch<S>) => adopt(checkState(schema, patch, latest.current)),
    [schema, adopt],
  );

  const dismissNotices = useCallback(() => setNotices([]), []);

  const shareUrl = useCallback(() => {
    const pairs = serializeState(schema, latest.current, { baseline: initial.baseline, prefix });
    return shareLink(env.pageUrl(), env.readHash(), prefix, pairs, lessonOf);
  }, [schema, initial, prefix, env, lessonOf]);

  return { state, set, notices, dismissNotices, shareUrl, prefix, anchorId };
}
