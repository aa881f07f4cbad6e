import { Component, type ReactNode } from 'react';

/** Last line of defence for a lesson's content: shows a message instead of a blank page. */
export class LessonBoundary extends Component<{ children: ReactNode }, { error: Error | null }> {
  override state: { error: Error | null } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <div role="alert" className="notice">
        <p>Part of this lesson failed to render: {this.state.error.message}</p>
        <p>
          <a href="#/">Back to the course home</a>
        </p>
      </div>
    );
  }
}
