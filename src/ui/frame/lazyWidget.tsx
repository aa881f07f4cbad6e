import {
  lazy,
  Suspense,
  useContext,
  useEffect,
  useState,
  type ComponentType,
  type CSSProperties,
} from 'react';
import { WidgetBoundary } from './WidgetBoundary';
import { TextPaintContext } from './text-paint';
import { WIDGET_CODE_REQUESTED_MARK } from './marks';
import { PlaceholderHeightContext } from './placeholder-height';

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
  const Lazy = lazy(() => {
    // For `npm run -s bench:page`: when the first widget's code was asked for.
    globalThis.performance?.mark?.(WIDGET_CODE_REQUESTED_MARK);
    // The learner's own machine joins the GPU lists before any widget reads its settings (a
    // link may name it), so its store loads with the widget's code, never on the first paint.
    return Promise.all([load(), import('../../store/my-machine')]).then(([widget]) => widget);
  });
  // The stylesheet picks the height for the screen from these (see .widget-placeholder).
  const heights = {
    '--placeholder-height': `${placeholderHeightPx}px`,
    '--placeholder-height-narrow': `${narrowPlaceholderHeightPx ?? placeholderHeightPx}px`,
  } as CSSProperties;
  const placeholder = (
    <section
      className="widget widget-placeholder"
      data-widget={id}
      data-status="idle"
      aria-label={`${label} (loading)`}
      style={heights}
    >
      <p>Loading {label}…</p>
    </section>
  );
  function LazyWidget(props: P) {
    // The widget's code is requested only after the page's text has painted (on a lesson, as
    // Element Timing reports it; elsewhere, after a frame), so the text always comes first;
    // the placeholder holds the widget's place meanwhile.
    const painted = useTextPainted();
    return (
      <WidgetBoundary id={id} label={label}>
        {painted ? (
          <Suspense fallback={placeholder}>
            <PlaceholderHeightContext.Provider value={placeholderHeightPx}>
              <Lazy {...props} />
            </PlaceholderHeightContext.Provider>
          </Suspense>
        ) : (
          placeholder
        )}
      </WidgetBoundary>
    );
  }
  LazyWidget.displayName = `LazyWidget(${id})`;
  return LazyWidget;
}

/** False until the page's text (from TextPaintContext) has painted, or a frame has where none is given. */
function useTextPainted(): boolean {
  const textPainted = useContext(TextPaintContext);
  const [reported, setReported] = useState(false);
  useEffect(() => {
    if (!textPainted) return;
    let live = true;
    void textPainted.then(() => live && setReported(true));
    return () => {
      live = false;
    };
  }, [textPainted]);
  const afterFrame = useAfterFirstPaint();
  return textPainted ? reported : afterFrame;
}

/**
 * False until the browser has painted once since the component mounted (a timer started from an
 * animation frame runs after that frame's paint); true from then on. Without animation frames
 * (some test environments) a timer alone decides.
 */
export function useAfterFirstPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    if (painted) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const done = () => setPainted(true);
    if (typeof requestAnimationFrame !== 'function') {
      timer = setTimeout(done, 0);
      return () => clearTimeout(timer);
    }
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(done, 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [painted]);
  return painted;
}
