// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { learningEvents, type LearningEvent } from '../../embed/learning-events';
import { ShareToolsContext } from '../share/share-tools';
import { PlaceholderHeightContext } from './placeholder-height';
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
      <WidgetRoot
        widget={{ id: 'race', label: 'CPU vs GPU race' }}
        status={status}
        runSummary={runSummary}
      >
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
      <WidgetRoot widget={{ id: 'demo-plot', label: 'Demo plot' }} status={status}>
        x
      </WidgetRoot>
    );
    const { rerender } = render(view('running'));
    rerender(view('error'));
    rerender(view('running'));
    rerender(view('done'));
    expect(events).toEqual([
      expect.objectContaining({ widgetId: 'demo-plot', summary: 'Demo plot' }),
    ]);
    stop();
  });
});

describe('WidgetRoot embed height', () => {
  const demoPlot = { id: 'demo-plot', label: 'Demo plot' };
  const settings = {
    anchorId: 'widget-demo-plot',
    shareUrl: () => 'https://lab.example/#/lesson/l/widget-demo-plot',
    notices: [],
    dismissNotices: () => undefined,
  };

  /** Opens Share, then "Embed on another site", and reads the height it offers. */
  async function offeredHeight(): Promise<string> {
    fireEvent.click(screen.getByRole('button', { name: /^Share/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Embed on another site' }));
    const height = await screen.findByRole('spinbutton', { name: 'Height (px)' });
    return (height as HTMLInputElement).value;
  }

  it('offers the height its placeholder reserved', async () => {
    render(
      <PlaceholderHeightContext.Provider value={1234}>
        <WidgetRoot widget={demoPlot} status="idle" settings={settings}>
          x
        </WidgetRoot>
      </PlaceholderHeightContext.Provider>,
    );
    expect(await offeredHeight()).toBe('1234');
  });

  it('offers a measured height where no placeholder was reserved', async () => {
    render(
      <WidgetRoot widget={demoPlot} status="idle" settings={settings}>
        x
      </WidgetRoot>,
    );
    // jsdom lays nothing out: a zero-height root falls back to the default of 600 px.
    expect(await offeredHeight()).toBe('600');
  });
});

describe('WidgetRoot Share menu', () => {
  const settings = {
    anchorId: 'widget-demo-plot',
    shareUrl: () => 'https://lab.example/#/lesson/l/widget-demo-plot',
    notices: [],
    dismissNotices: () => undefined,
  };

  it('has one Share button in its header, and none where Share menus are off', () => {
    const widget = { id: 'demo-plot', label: 'Demo plot' };
    const { unmount } = render(
      <WidgetRoot widget={widget} status="idle" settings={settings}>
        x
      </WidgetRoot>,
    );
    const header = document.querySelector('header.widget-header')!;
    const buttons = within(header as HTMLElement).getAllByRole('button');
    expect(buttons.map((b) => b.getAttribute('aria-label'))).toEqual(['Share Demo plot']);
    unmount();
    render(
      <ShareToolsContext.Provider value={false}>
        <WidgetRoot widget={widget} status="idle" settings={settings}>
          x
        </WidgetRoot>
      </ShareToolsContext.Provider>,
    );
    expect(screen.queryByRole('button')).toBeNull();
    // Without a title there is nothing left for the header to hold.
    expect(document.querySelector('header.widget-header')).toBeNull();
  });
});
