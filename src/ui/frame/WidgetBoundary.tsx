import { Component, type ErrorInfo, type ReactNode } from 'react';

/** Props of the error boundary around one widget. */
export interface WidgetBoundaryProps {
  id: string;
  label: string;
  children: ReactNode;
}

interface BoundaryState {
  error: Error | null;
}

/**
 * Catches anything a widget throws (render, lazy load, effects surfaced by React) and shows a
 * message in its place, so one failing widget never blanks the lesson. "Try again" remounts it.
 */
export class WidgetBoundary extends Component<WidgetBoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: null };

  static getDerivedStateFromError(error: unknown): BoundaryState {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    // Kept in the console for whoever debugs; the learner sees the message below.
    console.warn(`[widget ${this.props.id}] failed:`, error.message, info.componentStack ?? '');
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    return (
      <section
        className="widget widget-failed"
        data-widget={this.props.id}
        data-status="error"
        aria-label={this.props.label}
      >
        <div role="alert">
          <p>
            <strong>{this.props.label} could not be shown.</strong> The rest of the lesson still
            works.
          </p>
          <p className="widget-error-detail">{error.message}</p>
          <button type="button" onClick={() => this.setState({ error: null })}>
            Try again
          </button>
        </div>
      </section>
    );
  }
}
