import type { ComponentType } from 'react';
import { WidgetPlacementContext } from '../state/widget-placement';
import { lazyWidget } from '../ui/frame/lazyWidget';
import type { WidgetEntry } from '../widgets/registry';
import { lessonOfWidget } from './widget-lesson';

/** One lazy component per widget id, made on first use (a new one per render would remount). */
const components = new Map<string, ComponentType<Record<string, unknown>>>();

function lazyComponent(entry: WidgetEntry): ComponentType<Record<string, unknown>> {
  let component = components.get(entry.id);
  if (!component) {
    component = lazyWidget<Record<string, unknown>>(entry.load, entry);
    components.set(entry.id, component);
  }
  return component;
}

/**
 * One widget alone, exactly as lessons load it: its code in its own chunk, the same placeholder
 * meanwhile, the same error boundary. It has no lesson props; its settings come from the link,
 * and its Share link leads into the lesson that places it.
 */
export function WidgetEmbed({ entry }: { entry: WidgetEntry }) {
  const Widget = lazyComponent(entry);
  return (
    <WidgetPlacementContext.Provider value={lessonOfWidget}>
      <Widget />
    </WidgetPlacementContext.Provider>
  );
}
