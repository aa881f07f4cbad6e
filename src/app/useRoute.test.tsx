// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import { useRoute } from './useRoute';
import { App } from './App';

async function go(hash: string) {
  await act(async () => {
    window.history.pushState(null, '', hash);
    window.dispatchEvent(new HashChangeEvent('hashchange'));
  });
}

function RouteProbe() {
  const route = useRoute();
  return <output>{JSON.stringify(route.page === 'lesson' ? [...route.query] : route.page)}</output>;
}

afterEach(() => {
  window.history.replaceState(null, '', '#');
});

describe('useRoute', () => {
  it('follows hashchange, query included', async () => {
    await go('#/lesson/why-gpus');
    render(<RouteProbe />);
    expect(screen.getByRole('status').textContent).toBe('[]');
    await go('#/lesson/why-gpus?race.tasks=5');
    expect(screen.getByRole('status').textContent).toBe('[["race.tasks","5"]]');
  });

  it('does not remount the lesson page when only the query or section changes', async () => {
    await go('#/lesson/why-gpus');
    render(<App />);
    const heading = screen.getByRole('heading', { level: 1, name: 'Why GPUs' });
    await waitFor(() => expect(document.querySelector('.lesson-body h2')).toBeTruthy());
    const article = document.querySelector('article.lesson');
    await go('#/lesson/why-gpus?race.tasks=5');
    await go('#/lesson/why-gpus/widget-race?race.tasks=6');
    expect(screen.getByRole('heading', { level: 1, name: 'Why GPUs' })).toBe(heading);
    expect(document.querySelector('article.lesson')).toBe(article);
    expect(document.querySelector('.loading')).toBeNull();
  });
});
