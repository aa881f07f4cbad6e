// @vitest-environment jsdom
import { act, cleanup, render, screen, within } from '@testing-library/react';
import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EmbedRouteTarget } from '../state/route';
import type { HostBridgeOptions } from '../embed/host-bridge';
import { learningEvents, type LearningEvent } from '../embed/learning-events';
import { progressStore } from '../store/progress';
import { EmbedPage } from './EmbedPage';
import { resolveEmbed } from './resolve-target';

let bridgeOptions: HostBridgeOptions[] = [];
const stop = vi.fn();
const startBridge = vi.fn((options: HostBridgeOptions) => {
  bridgeOptions.push(options);
  return { stop, reportHeight: vi.fn() };
});
let events: LearningEvent[] = [];
let unsubscribe: () => void = () => undefined;

beforeEach(() => {
  act(() => progressStore.getState().reset());
  bridgeOptions = [];
  startBridge.mockClear();
  stop.mockClear();
  events = [];
  unsubscribe = learningEvents.subscribe((e) => events.push(e));
});

afterEach(() => {
  unsubscribe();
  cleanup();
  delete document.documentElement.dataset.theme;
});

function show(target: EmbedRouteTarget, query: [string, string][] = []) {
  return render(
    <main>
      <EmbedPage target={target} query={new Map(query)} startBridge={startBridge} />
    </main>,
  );
}

const footerLink = () => screen.getByRole('link', { name: /^GPU Lab/ }) as HTMLAnchorElement;

describe('EmbedPage: not found', () => {
  it('names what was asked for, links to the course, and still reports its height', () => {
    show({ kind: 'widget', id: 'nope' });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Not found');
    expect(document.querySelector('.embed-not-found p')?.textContent).toBe(
      'There is no widget “nope” in GPU Lab. The link may be mistyped, or what it names was renamed.',
    );
    expect(footerLink().getAttribute('href')).toBe(`${location.origin}${location.pathname}#/`);
    expect(footerLink().target).toBe('_blank');
    expect(footerLink().rel).toBe('noopener');
    expect(document.title).toBe('Not found · GPU Lab');
    expect(bridgeOptions[0]?.target).toEqual({ kind: 'widget', id: 'nope', lessonSlug: null });
    expect(bridgeOptions[0]?.measure).toBe(document.querySelector('.embed-page'));
  });

  it('starts no bridge for a malformed embed address', () => {
    show({ kind: 'invalid', path: '/embed/a/b' });
    expect(document.querySelector('.embed-not-found p')?.textContent).toMatch(
      /^There is no embed address “\/embed\/a\/b” in GPU Lab\./,
    );
    expect(startBridge).not.toHaveBeenCalled();
  });
});

describe('EmbedPage: theme and notices', () => {
  it('takes the theme from the link, then from the host, and removes it when gone', () => {
    const { unmount } = show({ kind: 'widget', id: 'nope' }, [['theme', 'dark']]);
    expect(document.documentElement.dataset.theme).toBe('dark');
    act(() => bridgeOptions[0]!.onTheme('light'));
    expect(document.documentElement.dataset.theme).toBe('light');
    unmount();
    expect(document.documentElement.dataset.theme).toBeUndefined();
    expect(stop).toHaveBeenCalledOnce();
  });

  it('follows the reader without a theme, and shows a notice for a bad one', () => {
    show({ kind: 'widget', id: 'nope' }, [['theme', 'purple']]);
    expect(document.documentElement.dataset.theme).toBeUndefined();
    expect(screen.getByRole('status').textContent).toMatch(/“purple” is not light or dark/);
  });

  it('adds the bridge notices once each', () => {
    show({ kind: 'widget', id: 'nope' });
    act(() => {
      bridgeOptions[0]!.onNotice('The learning record store could not be reached.');
      bridgeOptions[0]!.onNotice('The learning record store could not be reached.');
    });
    expect(within(screen.getByRole('status')).getAllByRole('listitem')).toHaveLength(1);
  });

  it('passes the parsed embed options to the bridge, not the widget settings', () => {
    show({ kind: 'widget', id: 'nope' }, [
      ['frame', 'f-1'],
      ['mastery', '0.8'],
      ['nope.tasks', '5'],
    ]);
    expect(bridgeOptions[0]?.params).toMatchObject({ frame: 'f-1', mastery: 0.8, notices: [] });
  });
});

describe('EmbedPage: a widget', () => {
  it('loads the widget alone, titled, with its lesson in the footer', async () => {
    show({ kind: 'widget', id: 'amdahl' }, [['amdahl.cores', '64']]);
    const resolved = resolveEmbed({ kind: 'widget', id: 'amdahl' });
    if (!resolved.found) throw new Error('the amdahl widget should be in the registry');
    expect(document.title).toBe("Amdahl's law plot · GPU Lab");
    expect(footerLink().textContent).toContain(`GPU Lab · ${resolved.home.title}`);
    expect(footerLink().getAttribute('href')).toMatch(/#\/lesson\/[a-z-]+\/widget-amdahl$/);
    const region = await screen.findByRole('region', { name: "Amdahl's law plot" });
    expect(region.getAttribute('data-widget')).toBe('amdahl');
    expect(within(region).queryByRole('button', { name: /^Share/ })).toBeNull();
    expect(bridgeOptions[0]?.target).toEqual({
      kind: 'widget',
      id: 'amdahl',
      lessonSlug: resolved.lessonSlug,
    });
  });
});

describe('EmbedPage: questions (real questions-only modules)', () => {
  it('shows one question alone and publishes its answer', async () => {
    show({ kind: 'quiz', id: 'cy-why-independent' });
    const question = await screen.findByRole('group', { name: /dense layer's outputs/ });
    const visible = [...document.querySelectorAll<HTMLElement>('[data-quick-check]')].filter(
      (q) => !q.hidden,
    );
    expect(visible.map((q) => q.dataset.quickCheck)).toEqual(['cy-why-independent']);
    // No Share menu inside an embed (the host did not ask for tools=1).
    expect(screen.queryByRole('button', { name: /^Share/ })).toBeNull();
    expect(footerLink().getAttribute('href')).toMatch(/#\/lesson\/why-gpus\/check-yourself$/);
    const first = within(question).getAllByRole('radio')[0]!;
    act(() => first.click());
    act(() => within(question.closest('form')!).getByRole('button', { name: 'Check' }).click());
    expect(events).toEqual([
      expect.objectContaining({ kind: 'answered', questionId: 'cy-why-independent' }),
    ]);
  });

  it('shows a lesson check with a live score and reports each completed set of answers', async () => {
    show({ kind: 'check', slug: 'why-gpus' });
    const resolved = resolveEmbed({ kind: 'check', slug: 'why-gpus' });
    if (!resolved.found || resolved.kind !== 'check') throw new Error('why-gpus has a check');
    const ids = resolved.questionIds;
    await screen.findByRole('group', { name: /dense layer's outputs/ });
    const visible = [...document.querySelectorAll<HTMLElement>('[data-quick-check]')]
      .filter((q) => !q.hidden)
      .map((q) => q.dataset.quickCheck);
    expect(visible).toEqual(ids);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Check yourself: Why GPUs');
    const score = () => document.querySelector('[data-check-score]')!.textContent;
    const n = ids.length;
    expect(score()).toBe(`Your score: 0 of ${n} right on the first try (${n} not answered yet).`);
    expect(document.querySelector('.embed-score-note')?.textContent).toBe(
      'The score counts each question’s first answer: answering again lets you learn from it, but does not change the score.',
    );

    act(() => ids.forEach((id, i) => progressStore.getState().answerQuickCheck(id, 'x', i > 0)));
    expect(score()).toBe(`Your score: ${n - 1} of ${n} right on the first try.`);
    const completed = () => events.filter((e) => e.kind === 'check-completed');
    expect(completed()).toEqual([
      {
        kind: 'check-completed',
        lessonSlug: 'why-gpus',
        lessonTitle: 'Why GPUs',
        correct: n - 1,
        firstCorrect: n - 1,
        bestCorrect: n - 1,
        total: n,
        attempts: 1,
      },
    ]);
    // A retry puts the latest answers at n of n; the first answers' score stays.
    act(() => progressStore.getState().answerQuickCheck(ids[0]!, 'y', true));
    expect(score()).toBe(`Your score: ${n - 1} of ${n} right on the first try (${n} right now).`);
    expect(completed()).toHaveLength(2);
    expect(completed()[1]).toMatchObject({
      correct: n,
      firstCorrect: n - 1,
      bestCorrect: n,
      attempts: 2,
    });
    expect(bridgeOptions[0]?.target).toEqual({
      kind: 'check',
      id: 'why-gpus',
      lessonSlug: 'why-gpus',
    });
  });

  it('scores by the policy the link names, and shows Share menus when it asks for tools', async () => {
    show({ kind: 'check', slug: 'why-gpus' }, [
      ['attempts', 'best'],
      ['tools', '1'],
    ]);
    await screen.findByRole('group', { name: /dense layer's outputs/ });
    expect(document.querySelector('[data-check-score]')!.textContent).toMatch(/right at best/);
    expect(document.querySelector('.embed-score-note')?.textContent).toBe(
      'The score counts each question’s best answer.',
    );
    // One Share menu per question, inside it, named by its question.
    const shares = screen.getAllByRole('button', { name: /^Share/ });
    expect(
      shares.map((b) => b.closest<HTMLElement>('[data-quick-check]')?.dataset.quickCheck),
    ).toEqual(['cy-why-independent', 'cy-why-h100-matmul', 'cy-why-crossover']);
    expect(shares[0]?.getAttribute('aria-label')).toMatch(
      /^Share this question: What property of a dense layer's outputs/,
    );
  });

  it('has no accessibility violations, with a notice shown', async () => {
    show({ kind: 'check', slug: 'why-gpus' }, [['theme', 'purple']]);
    await screen.findByRole('group', { name: /dense layer's outputs/ });
    const result = await axe.run(document.body, {
      rules: { 'color-contrast': { enabled: false } },
    });
    expect(result.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  });

  it('says so when the questions cannot be loaded', async () => {
    render(
      <main>
        <EmbedPage
          target={{ kind: 'check', slug: 'why-gpus' }}
          query={new Map()}
          startBridge={startBridge}
          loadQuestions={() => Promise.reject(new Error('offline'))}
        />
      </main>,
    );
    expect((await screen.findByRole('alert')).textContent).toMatch(/could not be loaded: offline/);
  });
});
