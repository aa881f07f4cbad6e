/** Performance marks the app sets for its benchmarks (read by scripts/bench-page.ts). */

/** Set each time a widget's code is requested (the first one tells when widget code began). */
export const WIDGET_CODE_REQUESTED_MARK = 'gpu-lab:widget-code-requested';
