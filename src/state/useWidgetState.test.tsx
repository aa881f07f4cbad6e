// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { act, render } from '@testing-library/react';
import { useWidgetState, type WidgetStateHandle, type WidgetStateOptions } from './useWidgetState';
import { fakeUrlEnv, manualTimers, type ManualTimers } from './testing/fake-env';
import { raceLikeSchema } from './testing/example-schemas';
import { defineWidgetSchema, enumField, type SchemaState } from './schema';
import { choicesChanged } from './choices';

type RaceState = SchemaState<typeof raceLikeSchema>;
let handle: WidgetStateHandle<RaceState>;

function Probe({ props, options }: { props: object; options: WidgetStateOptions }) {
  handle = useWidgetState(raceLikeSchema, props, options);
  return <section id={handle.anchorId}>{handle.state.tasks}</section>;
}

function mount(hash: string, props: object = {}, instance?: string) {
  const env = fakeUrlEnv(hash);
  const timers: ManualTimers = manualTimers();
  const view = render(<Probe props={props} options={{ env, timers, instance }} />);
  return { env, timers, view };
}

afterEach(() => {
  window.history.replaceState(null, '', '#');
});

describe('useWidgetState', () => {
  it('starts from the defaults, then the props, then the URL, with their notices', () => {
    const { env } = mount('#/lesson/why-gpus?race.tasks=1000&race.bogus=1', {
      tasks: 16,
      serialPercent: 99,
    });
    expect(handle.state).toEqual({ tasks: 1000, iterations: 2000, serialPercent: 50 });
    expect(handle.notices).toEqual([
      'Serial fraction can be at most 50; using 50.',
      'race.bogus is not a setting of this widget; ignored.',
    ]);
    expect(env.scrolledTo).toEqual([]);
    act(() => handle.dismissNotices());
    expect(handle.notices).toEqual([]);
  });

  it('scrolls to itself when the link names its anchor', () => {
    const { env } = mount('#/lesson/why-gpus/widget-race?race.tasks=5');
    expect(env.scrolledTo).toEqual(['widget-race']);
  });

  it('checks changes and writes them to the URL once, after the delay, against the props', () => {
    const { env, timers } = mount('#/lesson/why-gpus/recap?amdahl.p=90', { tasks: 16 });
    act(() => handle.set({ tasks: 2_000_000 }));
    expect(handle.state.tasks).toBe(1_048_576);
    expect(handle.notices).toEqual([
      'Tasks can be at most 1,048,576; using 1,048,576.',
      '2.1e+9 steps would take too long here; work per task reduced to 381.',
    ]);
    act(() => handle.set({ tasks: '16', iterations: 2000, serialPercent: 5 }));
    expect(handle.state).toEqual({ tasks: 16, iterations: 2000, serialPercent: 5 });
    expect(handle.notices).toEqual([]);
    expect(env.writes).toEqual([]);
    timers.runAll();
    expect(env.writes).toEqual(['#/lesson/why-gpus/recap?amdahl.p=90&race.serial=5']);
  });

  it('builds a share link with the current settings and its anchor', () => {
    mount('#/lesson/why-gpus/recap?amdahl.p=90');
    act(() => handle.set({ tasks: 1000, serialPercent: 5 }));
    expect(handle.shareUrl()).toBe(
      'https://lab.example/gpu/#/lesson/why-gpus/widget-race?race.tasks=1000&race.serial=5',
    );
  });

  it('keeps a second instance apart under its own prefix', () => {
    const { env, timers } = mount('#/lesson/x?race.tasks=7&race-b.tasks=9', {}, 'b');
    expect(handle.prefix).toBe('race-b');
    expect(handle.anchorId).toBe('widget-race-b');
    expect(handle.state.tasks).toBe(9);
    act(() => handle.set({ tasks: 11 }));
    timers.runAll();
    expect(env.hash).toBe('#/lesson/x?race.tasks=7&race-b.tasks=11');
  });

  it('applies a share link opened on the same page, and ignores navigations without one', () => {
    const { env } = mount('#/lesson/why-gpus');
    act(() => handle.set({ tasks: 50 }));
    act(() => env.navigate('#/lesson/why-gpus/amdahls-law'));
    expect(handle.state.tasks).toBe(50);
    act(() => env.navigate('#/lesson/why-gpus/widget-race?race.serial=7&race.q=1'));
    expect(handle.state).toEqual({ tasks: 4096, iterations: 2000, serialPercent: 7 });
    expect(handle.notices).toEqual(['race.q is not a setting of this widget; ignored.']);
  });

  it('checks its settings again when allowed values change, and drops one no longer allowed', () => {
    let allowed = ['h100-sxm', 'a100-sxm-80gb', 'my-machine'];
    const schema = defineWidgetSchema({
      id: 'picker',
      version: 1,
      fields: {
        gpu: enumField({ key: 'gpu', label: 'GPU', default: 'h100-sxm', values: () => allowed }),
      },
    });
    let picked: WidgetStateHandle<SchemaState<typeof schema>> | null = null;
    let renders = 0;
    function Picker({ env, timers }: { env: ReturnType<typeof fakeUrlEnv>; timers: ManualTimers }) {
      picked = useWidgetState(schema, {}, { env, timers });
      renders++;
      return <p>{picked.state.gpu}</p>;
    }
    const env = fakeUrlEnv('#/lesson/measuring?picker.gpu=my-machine');
    const timers = manualTimers();
    render(<Picker env={env} timers={timers} />);
    expect(picked!.state.gpu).toBe('my-machine');
    // A change that leaves the value allowed only renders the lists afresh.
    const before = renders;
    act(() => choicesChanged());
    expect(renders).toBeGreaterThan(before);
    expect(picked!.state.gpu).toBe('my-machine');
    expect(timers.pending()).toBe(0);
    // The learner removes their machine: the widget goes back to its usual GPU and says so.
    allowed = ['h100-sxm', 'a100-sxm-80gb'];
    act(() => choicesChanged());
    expect(picked!.state.gpu).toBe('h100-sxm');
    expect(picked!.notices.join(' ')).toMatch(/my-machine/);
    timers.runAll();
    expect(env.hash).not.toMatch(/picker\.gpu=my-machine/);
  });

  it('writes nothing after unmounting, or once the page shows another lesson', () => {
    const first = mount('#/lesson/why-gpus');
    act(() => handle.set({ tasks: 5 }));
    first.view.unmount();
    expect(first.timers.pending()).toBe(0);
    const second = mount('#/lesson/why-gpus');
    act(() => handle.set({ tasks: 5 }));
    second.env.hash = '#/lesson/inside-a-gpu';
    second.timers.runAll();
    expect(second.env.writes).toEqual([]);
  });

  it('in the browser, replaces the hash in place: no history entry, no hashchange', () => {
    window.history.replaceState(null, '', '#/lesson/why-gpus?amdahl.p=90');
    const timers = manualTimers();
    let hashChanges = 0;
    const count = () => (hashChanges += 1);
    window.addEventListener('hashchange', count);
    render(<Probe props={{}} options={{ timers }} />);
    const entries = window.history.length;
    act(() => handle.set({ tasks: 12 }));
    act(() => handle.set({ tasks: 13 }));
    timers.runAll();
    window.removeEventListener('hashchange', count);
    expect(window.location.hash).toBe('#/lesson/why-gpus?amdahl.p=90&race.tasks=13');
    expect(window.history.length).toBe(entries);
    expect(hashChanges).toBe(0);
    expect(handle.shareUrl()).toBe(
      `${window.location.origin}${window.location.pathname}#/lesson/why-gpus/widget-race?race.tasks=13`,
    );
  });
});
