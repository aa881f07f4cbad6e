// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import { App } from './App';
import { progressStore } from '../store/progress';
import { lessons } from '../lessons/registry';

async function go(hash: string) {
  await act(async () => {
    window.location.hash = hash;
    window.dispatchEvent(new HashChangeEvent('hashchange'));
  });
}

afterEach(() => {
  progressStore.getState().reset();
  window.location.hash = '';
});

describe('App', () => {
  it('lists every lesson in course order on the home page', async () => {
    await go('#/');
    render(<App />);
    const cards = document.querySelectorAll('[data-lesson]');
    expect(Array.from(cards).map((c) => c.getAttribute('data-lesson'))).toEqual(
      lessons.map((l) => l.slug),
    );
    expect(cards[0]?.textContent).toMatch(/\d+ min read/);
    expect(screen.getByText(/0 of \d+ lessons completed/)).toBeTruthy();
  });

  it('opens a lesson: objectives, content, a table of contents, and a visit recorded', async () => {
    await go('#/lesson/why-gpus');
    render(<App />);
    expect(screen.getByRole('heading', { level: 1, name: 'Why GPUs' })).toBeTruthy();
    expect(screen.getByText('After this lesson you can')).toBeTruthy();
    await waitFor(() => expect(document.querySelectorAll('.toc a').length).toBeGreaterThan(4), {
      timeout: 10_000,
    });
    expect(progressStore.getState().visited['why-gpus']).toBeDefined();
    expect(document.title).toBe('Why GPUs · GPU Lab');
  });

  it('shows a not-found page for an unknown lesson and for an unknown path', async () => {
    await go('#/lesson/nope');
    const { unmount } = render(<App />);
    expect(screen.getByRole('heading', { name: 'Page not found' })).toBeTruthy();
    expect(screen.getByText('/lesson/nope')).toBeTruthy();
    unmount();
    await go('#/somewhere/else');
    render(<App />);
    expect(screen.getByText('/somewhere/else')).toBeTruthy();
  });

  it('shows the notice about set-aside progress and lets the learner dismiss it', async () => {
    progressStore.setState({ notice: 'Your saved progress could not be read.' });
    await go('#/');
    render(<App />);
    const notice = screen.getByRole('alert');
    expect(notice.textContent).toMatch(/could not be read/);
    await act(async () => screen.getByRole('button', { name: 'Dismiss' }).click());
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
