// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { COPY_DONE, COPY_FAILED, ShareControl } from './ShareControl';
import { ShareToolsContext } from './share-tools';
import { WidgetNotices } from './WidgetNotices';

const URL_1 = 'https://lab.example/gpu/#/lesson/why-gpus/widget-race?race.tasks=1000';

function setClipboard(writeText: ((text: string) => Promise<void>) | undefined) {
  Object.defineProperty(navigator, 'clipboard', {
    configurable: true,
    value: writeText ? { writeText } : undefined,
  });
}

function setExecCommand(result: boolean | 'throw') {
  const execCommand = vi.fn(() => {
    if (result === 'throw') throw new Error('no');
    return result;
  });
  Object.defineProperty(document, 'execCommand', { configurable: true, value: execCommand });
  return execCommand;
}

afterEach(() => {
  setClipboard(undefined);
  Reflect.deleteProperty(document, 'execCommand');
});

function open(getUrl = () => URL_1) {
  render(<ShareControl getUrl={getUrl} widgetLabel="CPU vs GPU race" />);
  const button = screen.getByRole('button', { name: 'Share CPU vs GPU race' });
  fireEvent.click(button);
  return button;
}

describe('ShareControl', () => {
  it('is a labelled, collapsed button until pressed, then shows the link selected', () => {
    const getUrl = vi.fn(() => URL_1);
    render(<ShareControl getUrl={getUrl} widgetLabel="CPU vs GPU race" />);
    const button = screen.getByRole('button', { name: 'Share CPU vs GPU race' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByText(/keeps the settings, not measurements/)).toBeNull();
    expect(getUrl).not.toHaveBeenCalled();

    fireEvent.click(button);
    const field = screen.getByRole('textbox', {
      name: 'Link to these settings',
    }) as HTMLInputElement;
    expect(button.getAttribute('aria-expanded')).toBe('true');
    const panel = field.closest('[role=group]');
    expect(button.getAttribute('aria-controls')).toBe(panel?.id);
    expect(getUrl).toHaveBeenCalledOnce();
    expect(field.value).toBe(URL_1);
    expect(field.readOnly).toBe(true);
    expect(document.activeElement).toBe(field);
    expect([field.selectionStart, field.selectionEnd]).toEqual([0, URL_1.length]);
    // The panel the button controls says what the link carries.
    expect(panel?.textContent).toMatch(/keeps the settings, not measurements/);
  });

  it('copies with the clipboard API and says so in a live region', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    setClipboard(writeText);
    open();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Copy link' })));
    expect(writeText).toHaveBeenCalledWith(URL_1);
    const status = screen.getByRole('status');
    expect(status.getAttribute('aria-live')).toBe('polite');
    expect(status.textContent).toBe(COPY_DONE);
  });

  it('falls back to select-and-copy when the clipboard API refuses', async () => {
    setClipboard(() => Promise.reject(new Error('denied')));
    const execCommand = setExecCommand(true);
    open();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Copy link' })));
    expect(execCommand).toHaveBeenCalledWith('copy');
    expect(screen.getByRole('status').textContent).toBe(COPY_DONE);
  });

  it('tells the reader to copy by hand when nothing works', async () => {
    setExecCommand('throw');
    open();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Copy link' })));
    expect(screen.getByRole('status').textContent).toBe(COPY_FAILED);
  });

  it('closes on Escape and returns focus to the Share button', () => {
    const button = open();
    fireEvent.keyDown(screen.getByRole('textbox'), { key: 'Escape' });
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(button);
  });

  it('is not there at all where Share menus are off (an embed, the knowledge check)', () => {
    const getUrl = vi.fn(() => URL_1);
    render(
      <ShareToolsContext.Provider value={false}>
        <ShareControl getUrl={getUrl} widgetLabel="CPU vs GPU race" />
      </ShareToolsContext.Provider>,
    );
    expect(screen.queryByRole('button')).toBeNull();
    expect(getUrl).not.toHaveBeenCalled();
  });

  it('builds a fresh link each time it opens', () => {
    let n = 0;
    const button = open(() => `${URL_1}&n=${++n}`);
    fireEvent.click(button);
    fireEvent.click(button);
    expect((screen.getByRole('textbox') as HTMLInputElement).value).toBe(`${URL_1}&n=2`);
  });
});

describe('WidgetNotices', () => {
  it('lists notices as plain text, never as HTML, and dismisses them', () => {
    const onDismiss = vi.fn();
    const hostile = 'GPU: "<img src=x onerror=alert(1)>" is not one of the choices.';
    render(
      <WidgetNotices
        notices={[hostile, 'Tasks can be at most 5; using 5.']}
        onDismiss={onDismiss}
      />,
    );
    const items = screen.getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([
      hostile,
      'Tasks can be at most 5; using 5.',
    ]);
    expect(document.querySelector('img')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss these notes' }));
    expect(onDismiss).toHaveBeenCalledOnce();
  });

  it('keeps an empty live region when there is nothing to say', () => {
    render(<WidgetNotices notices={[]} />);
    expect(screen.getByRole('status').textContent).toBe('');
    expect(screen.queryByRole('button')).toBeNull();
  });
});
