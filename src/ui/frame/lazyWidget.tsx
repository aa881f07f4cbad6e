import { lazy, Suspense, type ComponentType, type CSSProperties } from 'react';
import { WidgetBoundary } from './WidgetBoundary';

/** Options for a lazily loaded widget. */
export interface LazyWidgetOptions {
  /** Widget id, as in its `data-widget`. */
  id: string;
  /** Human name used in the placeholder and in error messages. */
  label: string;
  /** Height the placeholder reserves, so the text does not jump when the widget arrives. */
  placeholderHeightPx: number;
  /** Height it reserves on narrow screens (600 px and less), where widgets stack taller. */
  narrowPlaceholderHeightPx?: number;
}

/**
 * Wraps a dynamically imported widget: its code loads only when the lesson renders it, a static
 * placeholder of the same height stands in meanwhile, and an error boundary contains failures.
 */
export function lazyWidget<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
  { id, label, placeholderHeightPx, narrowPlaceholderHeightPx }: LazyWidgetOptions,
): ComponentType<P> {
  const Lazy = lazy(load);
  // The stylesheet picks the height for the screen from these (see .widget-placeholder).
  const heights = {
    '--placeholder-height': `${placeholderHeightPx}px`,
    '--placeholder-height-narrow': `${narrowPlaceholderHeightPx ?? placeholderHeightPx}px`,
  } as CSSProperties;
  function LazyWidget(props: P) {
    return (
      <WidgetBoundary id={id} label={label}>
        <Suspense
          fallback={
            <section
              className="widget widget-placeholder"
              data-widget={id}
              data-status="idle"
              aria-label={`${label} (loading)`}
              style={heights}
            >
              <p>Loading {label}…</p>
            </section>
          }
        >
          <Lazy {...props} />
        </Suspense>
      </WidgetBoundary>
    );
  }
  LazyWidget.displayName = `LazyWidget(${id})`;
  return LazyWidget;
}
