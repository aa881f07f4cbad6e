import type { ComponentType } from 'react';
import { lazyWidget } from '../ui/frame/lazyWidget';
import type { WidgetEntry } from '../widgets/registry';

/** One lazy component per widget id, made on first use (a new one per render would remount). */
const components = new Map<string, ComponentType<Record<string, unknown>>>();

function lazyComponent(entry: WidgetEntry): ComponentType<Record<string, unknown>> {
  let component = components.get(entry.id);
  if (!component) {
    component = lazyWidget<Record<string, unknown>>(entry.load, {
      id: entry.id,
      label: entry.label,
      placeholderHeightPx: entry.placeholderHeightPx,
      narrowPlaceholderHeightPx: entry.narrowPlaceholderHeightPx,
    });
    components.set(entry.id, component);
  }
  return component;
}

/**
 * One widget alone, exactly as lessons load it: its code in its own chunk, the same placeholder
 * meanwhile, the same error boundary. It has no lesson props; its settings come from the link.
 */
export function WidgetEmbed({ entry }: { entry: WidgetEntry }) {
  const Widget = lazyComponent(entry);
  return <Widget />;
}
