import { lazy, Suspense, type ComponentType } from 'react';
import { WidgetBoundary } from './WidgetBoundary';

/** Options for a lazily loaded widget. */
export interface LazyWidgetOptions {
  /** Widget id, as in its `data-widget`. */
  id: string;
  /** Human name used in the placeholder and in error messages. */
  label: string;
  /** Height the placeholder reserves, so the text does not jump when the widget arrives. */
  placeholderHeightPx: number;
}

/**
 * Wraps a dynamically imported widget: its code loads only when the lesson renders it, a static
 * placeholder of the same height stands in meanwhile, and an error boundary contains failures.
 */
export function lazyWidget<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
  { id, label, placeholderHeightPx }: LazyWidgetOptions,
): ComponentType<P> {
  const Lazy = lazy(load);
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
              style={{ minHeight: placeholderHeightPx }}
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
