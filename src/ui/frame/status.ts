/** The lifecycle every widget reports through its root element's `data-status`. */
export type WidgetStatus = 'idle' | 'running' | 'done' | 'error';
