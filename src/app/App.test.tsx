// @vitest-environment jsdom
import { buildManifest } from '../../scripts/lesson-manifest-plugin';
import { afterEach, describe, expect, it } from 'vitest';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import { App } from './App';
import { progressStore } from '../store/progress';
import { findLesson, lessons } from '../lessons/registry';

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
    // The home page's code loads on its own route.
    await screen.findByRole('progressbar', { name: 'Course progress' });
    const cards = document.querySelectorAll('[data-lesson]');
    expect(Array.from(cards).map((c) => c.getAttribute('data-lesson'))).toEqual(
      lessons.map((l) => l.slug),
    );
    expect(Array.from(cards).map((c) => c.querySelector('.lesson-meta span')?.textContent)).toEqual(
      lessons.map((l) => `${l.readingMinutes} min read`),
    );
    expect(document.querySelector('.course-progress')?.textContent).toBe(
      ` ${0} of ${lessons.length} lessons completed`,
    );
  });

  it('counts and marks the lessons the learner has visited and completed', async () => {
    progressStore.getState().markVisited('why-gpus');
    progressStore.getState().markVisited('inside-a-gpu');
    progressStore.getState().setCompleted('why-gpus', true);
    await go('#/');
    render(<App />);
    await screen.findByRole('progressbar', { name: 'Course progress' });
    expect(document.querySelector('.course-progress')?.textContent).toBe(
      ` 1 of ${lessons.length} lessons completed`,
    );
    expect(
      (screen.getByRole('progressbar', { name: 'Course progress' }) as HTMLProgressElement).value,
    ).toBe(1);
    const badge = (slug: string) =>
      document.querySelector(`[data-lesson="${slug}"] [data-progress]`)?.textContent;
    expect([badge('why-gpus'), badge('inside-a-gpu'), badge('measuring')]).toEqual([
      '✓ Completed',
      'Started',
      'Not started',
    ]);
  });

  it('opens a lesson: objectives, content, a table of contents, and a visit recorded', async () => {
    await go('#/lesson/why-gpus');
    render(<App />);
    const article = screen.getByRole('article', { name: 'Why GPUs' });
    // The objectives come with the lesson's own chunk (its frontmatter), not the manifest.
    const objectives = await within(article).findByRole('region', {
      name: 'After this lesson you can',
    });
    const expected = buildManifest('content').find((l) => l.slug === 'why-gpus')?.objectives;
    expect(expected?.length).toBeGreaterThanOrEqual(3);
    expect(
      within(objectives)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(expected);
    expect(findLesson('why-gpus')).not.toHaveProperty('objectives');
    // The table of contents lists the lesson's own section headings, once they have rendered.
    await waitFor(() => expect(document.querySelectorAll('.toc a').length).toBeGreaterThan(0));
    const headings = [...document.querySelectorAll('.lesson-body :is(h2, h3)[id]')];
    const links = [...document.querySelectorAll<HTMLAnchorElement>('.toc a')];
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual(
      headings.map((h) => [h.textContent, `#/lesson/why-gpus/${h.id}`]),
    );
    expect(progressStore.getState().visited['why-gpus']).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(progressStore.getState().visited['inside-a-gpu']).toBeUndefined();
    expect(document.title).toBe('Why GPUs · GPU Lab');
  });

  it('shows a not-found page for an unknown lesson and for an unknown path', async () => {
    await go('#/lesson/nope');
    const { unmount } = render(<App />);
    const notFound = () => screen.getByRole('heading', { level: 1 }).parentElement;
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Page not found');
    expect(notFound()?.querySelector('code')?.textContent).toBe('/lesson/nope');
    unmount();
    await go('#/somewhere/else');
    render(<App />);
    expect(notFound()?.querySelector('code')?.textContent).toBe('/somewhere/else');
  });

  it('lists the guides at #/guide, and on a route change focuses the new page’s heading', async () => {
    await go('#/nowhere');
    render(<App />);
    // A page load leaves focus alone.
    expect(document.activeElement).toBe(document.body);
    await go('#/guide');
    const heading = await screen.findByRole('heading', { level: 1, name: 'Guides' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(screen.getByRole('link', { name: 'Guide for instructors' }).getAttribute('href')).toBe(
      '#/guide/instructors',
    );
    expect(document.title).toBe('Guides · GPU Lab');
    // The header, with its menu, is on every page but an embed.
    expect(screen.getByRole('button', { name: 'Lessons' }).closest('header')?.className).toBe(
      'site-header',
    );
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
