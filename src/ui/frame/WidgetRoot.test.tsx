// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import { learningEvents, type LearningEvent } from '../../embed/learning-events';
import { WidgetRoot } from './WidgetRoot';
import type { WidgetStatus } from './status';

afterEach(cleanup);

function record() {
  const events: LearningEvent[] = [];
  const stop = learningEvents.subscribe((e) => events.push(e));
  return { events, stop };
}

describe('WidgetRoot run events', () => {
  it('publishes one widget-run when a run goes from running to done, with the summary', () => {
    const { events, stop } = record();
    const view = (status: WidgetStatus, runSummary?: string) => (
      <WidgetRoot id="race" status={status} label="CPU vs GPU race" runSummary={runSummary}>
        x
      </WidgetRoot>
    );
    const { rerender } = render(view('idle'));
    rerender(view('done', 'never ran'));
    expect(events).toEqual([]);
    rerender(view('running', 'GPU 2× faster'));
    rerender(view('running', 'GPU 3.1× faster than 8 CPU workers'));
    rerender(view('done', 'GPU 3.1× faster than 8 CPU workers'));
    rerender(view('done', 'GPU 3.1× faster than 8 CPU workers'));
    expect(events).toEqual([
      {
        kind: 'widget-run',
        widgetId: 'race',
        widgetLabel: 'CPU vs GPU race',
        summary: 'GPU 3.1× faster than 8 CPU workers',
      },
    ]);
    stop();
  });

  it('uses the label without a summary, and publishes nothing for a failed run', () => {
    const { events, stop } = record();
    const view = (status: WidgetStatus) => (
      <WidgetRoot id="crossover" status={status} label="Crossover plot">
        x
      </WidgetRoot>
    );
    const { rerender } = render(view('running'));
    rerender(view('error'));
    rerender(view('running'));
    rerender(view('done'));
    expect(events).toEqual([
      expect.objectContaining({ widgetId: 'crossover', summary: 'Crossover plot' }),
    ]);
    stop();
  });
});
