import { describe, expect, it } from 'vitest';
import {
  createDebouncer,
  readHashParams,
  sectionOf,
  shareLink,
  widgetAnchorId,
  withWidgetPairs,
  writeWidgetPairs,
} from './url-sync';
import { initialWidgetState } from './layers';
import { NO_LESSONS } from './widget-placement';
import { fakeUrlEnv, manualTimers } from './testing/fake-env';
import { raceLikeSchema } from './testing/example-schemas';

describe('withWidgetPairs', () => {
  it("replaces one widget's pairs, keeping the path and the other widgets' pairs", () => {
    const hash = '#/lesson/why-gpus/recap?amdahl.p=90&race.tasks=5&race.bogus=1&race-b.tasks=7';
    expect(withWidgetPairs(hash, 'race', [['race.serial', '5']])).toBe(
      '#/lesson/why-gpus/recap?amdahl.p=90&race-b.tasks=7&race.serial=5',
    );
    expect(withWidgetPairs(hash, 'race', [])).toBe(
      '#/lesson/why-gpus/recap?amdahl.p=90&race-b.tasks=7',
    );
    expect(withWidgetPairs('', 'race', [['race.tasks', '1']])).toBe('#/?race.tasks=1');
  });
});

describe('writeWidgetPairs', () => {
  it('writes through replaceHash only when the hash changes', () => {
    const env = fakeUrlEnv('#/lesson/why-gpus?race.tasks=5');
    writeWidgetPairs(env, 'race', [['race.tasks', '5']]);
    expect(env.writes).toEqual([]);
    writeWidgetPairs(env, 'race', [['race.tasks', '6']]);
    expect(env.writes).toEqual(['#/lesson/why-gpus?race.tasks=6']);
  });
});

describe('createDebouncer', () => {
  it('runs only the last task, once the timer fires', () => {
    const timers = manualTimers();
    const debouncer = createDebouncer(300, timers);
    const ran: number[] = [];
    debouncer.schedule(() => ran.push(1));
    debouncer.schedule(() => ran.push(2));
    expect(ran).toEqual([]);
    expect(timers.pending()).toBe(1);
    timers.runAll();
    expect(ran).toEqual([2]);
    debouncer.schedule(() => ran.push(3));
    debouncer.cancel();
    timers.runAll();
    debouncer.schedule(() => ran.push(4));
    debouncer.flush();
    expect(ran).toEqual([2, 4]);
    expect(timers.pending()).toBe(0);
  });
});

describe('shareLink', () => {
  it('points at the widget anchor of the current lesson, with only its pairs', () => {
    expect(
      shareLink(
        'https://lab.example/gpu/',
        '#/lesson/why-gpus/recap?amdahl.p=9',
        'race',
        [
          ['race.tasks', '1000'],
          ['race.gpus', 'a100-sxm-80gb,h100-sxm'],
        ],
        NO_LESSONS,
      ),
    ).toBe(
      'https://lab.example/gpu/#/lesson/why-gpus/widget-race?race.tasks=1000&race.gpus=a100-sxm-80gb,h100-sxm',
    );
    expect(shareLink('https://x/', '#/lesson/why-gpus', 'race-b', [], NO_LESSONS)).toBe(
      'https://x/#/lesson/why-gpus/widget-race-b',
    );
    expect(shareLink('https://x/', '', 'race', [['race.tasks', '1']], NO_LESSONS)).toBe(
      'https://x/#/?race.tasks=1',
    );
  });

  it('leads an embedded widget into the lesson that places it, without the page search', () => {
    const lessonOf = (prefix: string) => (prefix === 'race' ? 'why-gpus' : null);
    expect(
      shareLink(
        'https://lab.example/gpu/index.html?endpoint=https%3A%2F%2Flrs&fetch=x',
        '#/embed/race?race.tasks=1000&theme=dark&frame=f1',
        'race',
        [['race.tasks', '1000']],
        lessonOf,
      ),
    ).toBe('https://lab.example/gpu/index.html#/lesson/why-gpus/widget-race?race.tasks=1000');
    expect(shareLink('https://x/', '#/embed/orphan', 'orphan', [['orphan.a', '1']], lessonOf)).toBe(
      'https://x/#/',
    );
  });

  it('names the anchor so the route reads it as the section', () => {
    expect(widgetAnchorId('race-b')).toBe('widget-race-b');
    expect(sectionOf('#/lesson/why-gpus/widget-race-b?race-b.tasks=1')).toBe('widget-race-b');
    expect(sectionOf('#/')).toBeNull();
  });
});

describe('initialWidgetState', () => {
  it('reads an embed path like a lesson, and its embed options raise no notices', () => {
    const init = initialWidgetState(
      raceLikeSchema,
      {},
      '#/embed/race?theme=dark&frame=abc&mastery=0.8&actor=%7B%7D&race.tasks=1000',
      'race',
    );
    expect(init.state.tasks).toBe(1000);
    expect(init.notices).toEqual([]);
  });

  it("writes an embedded widget's pairs in place, keeping the embed options", () => {
    expect(
      withWidgetPairs('#/embed/race?theme=dark&race.tasks=5', 'race', [['race.tasks', '9']]),
    ).toBe('#/embed/race?theme=dark&race.tasks=9');
  });

  it('lays the props over the defaults and the URL over the props (the URL wins)', () => {
    const init = initialWidgetState(
      raceLikeSchema,
      { tasks: 16, serialPercent: 5, children: 'ignored' },
      '#/lesson/why-gpus?race.tasks=1000&race.bogus=1',
      'race',
    );
    expect(init.baseline).toEqual({ tasks: 16, iterations: 2000, serialPercent: 5 });
    expect(init.state).toEqual({ tasks: 1000, iterations: 2000, serialPercent: 5 });
    expect(init.fromUrl).toBe(true);
    expect(init.notices).toEqual(['race.bogus is not a setting of this widget; ignored.']);
  });

  it('gathers notices from props, the query and the URL settings, in that order', () => {
    const init = initialWidgetState(
      raceLikeSchema,
      { tasks: -1 },
      '#/lesson/x?race.serial=99&race.work=%zz',
      'race',
    );
    expect(init.notices).toEqual([
      'Tasks must be at least 1; using 1.',
      'One setting in the link could not be read; it was ignored.',
      'Serial fraction can be at most 50; using 50.',
    ]);
    expect(readHashParams('#/lesson/x?a=%zz').notices).toHaveLength(1);
    expect(initialWidgetState(raceLikeSchema, undefined, '#/x?a=%zz', 'race').notices).toEqual([]);
  });
});
