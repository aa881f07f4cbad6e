// @vitest-environment jsdom
/**
 * public/embed.js (the host script, plain JS) loaded into a jsdom page with GPU Lab iframes.
 */
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

const HERE = dirname(fileURLToPath(import.meta.url));
const SOURCE = readFileSync(resolve(HERE, '../../public/embed.js'), 'utf8');
const LAB = 'https://lab.example';

/** Runs the script as a classic script would (it is plain JS without exports). */
function load() {
  new Function(SOURCE)();
}

function frame(attributes: Record<string, string>): HTMLIFrameElement {
  const element = document.createElement('iframe');
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  document.body.append(element);
  return element;
}

function post(data: unknown, source: Window | null, origin = LAB) {
  window.dispatchEvent(new MessageEvent('message', { data, origin, source }));
}

const statement = { id: 's1', verb: { id: 'http://adlnet.gov/expapi/verbs/answered' } };

describe('embed.js', () => {
  beforeAll(() => {
    load();
    load(); // included twice: must still act once
  });

  let a: HTMLIFrameElement;
  let b: HTMLIFrameElement;
  let other: HTMLIFrameElement;
  beforeEach(() => {
    document.body.replaceChildren();
    a = frame({ src: `${LAB}/#/embed/race?race.tasks=10` });
    b = frame({ src: `${LAB}/course/`, 'data-gpu-lab': '', width: '640' });
    other = frame({ src: 'https://video.example/player' });
  });

  it('is small, and uses no eval or inline HTML', () => {
    expect(new TextEncoder().encode(SOURCE).length).toBeLessThanOrEqual(4096);
    expect(SOURCE).not.toMatch(/\beval\(|new Function|innerHTML|setTimeout\(['"]/);
  });

  it('makes GPU Lab iframes full width unless they have a width, and also those added later', async () => {
    // The frames above were added after load: the MutationObserver styles them.
    await vi.waitFor(() => expect(a.style.width).toBe('100%'));
    expect(b.style.width).toBe('');
    expect(other.style.width).toBe('');
  });

  it('resizes only the iframe that sent the message, clamped to 1..100000 px', () => {
    post(
      { type: 'gpulab:ready', version: 1, frame: null, embed: {}, height: 480.5 },
      a.contentWindow,
    );
    expect(a.style.height).toBe('481px');
    expect(b.style.height).toBe('');
    post({ type: 'gpulab:resize', version: 1, frame: null, height: 300 }, b.contentWindow);
    expect(b.style.height).toBe('300px');
    expect(a.style.height).toBe('481px');
    post({ type: 'gpulab:resize', version: 1, height: 1e9 }, a.contentWindow);
    expect(a.style.height).toBe('100000px');
    post({ type: 'gpulab:resize', version: 1, height: -20 }, a.contentWindow);
    expect(a.style.height).toBe('1px');
  });

  it('re-dispatches statements as a bubbling gpulab:statement event on the iframe', () => {
    const seen: { target: EventTarget | null; detail: unknown }[] = [];
    const listener = (event: Event) =>
      seen.push({ target: event.target, detail: (event as CustomEvent).detail });
    document.addEventListener('gpulab:statement', listener);
    post({ type: 'gpulab:statement', version: 1, frame: 'f', statement }, b.contentWindow);
    document.removeEventListener('gpulab:statement', listener);
    expect(seen).toEqual([{ target: b, detail: statement }]);
  });

  it('ignores messages from other sources, other origins and of the wrong shape', () => {
    const seen: unknown[] = [];
    const listener = (event: Event) => seen.push(event);
    document.addEventListener('gpulab:statement', listener);
    const resize = { type: 'gpulab:resize', version: 1, height: 222 };
    post(resize, window); // the page itself, not an iframe
    post(resize, null);
    post(resize, other.contentWindow); // an iframe that is not GPU Lab
    post(resize, a.contentWindow, 'https://evil.example'); // right window, wrong origin
    post({ ...resize, version: 2 }, a.contentWindow);
    post({ ...resize, height: '222' }, a.contentWindow);
    post({ ...resize, height: Number.NaN }, a.contentWindow);
    post({ type: 'other:resize', version: 1, height: 222 }, a.contentWindow);
    post('gpulab:resize', a.contentWindow);
    post(null, a.contentWindow);
    post({ type: 'gpulab:statement', version: 1, statement: [statement] }, a.contentWindow);
    post({ type: 'gpulab:statement', version: 1, statement: 'x' }, a.contentWindow);
    post({ type: 'gpulab:statement', version: 1, statement }, window);
    document.removeEventListener('gpulab:statement', listener);
    expect(seen).toEqual([]);
    for (const element of [a, b, other]) expect(element.style.height).toBe('');
  });

  it('acts once per message although it was included twice', () => {
    let count = 0;
    const listener = () => count++;
    document.addEventListener('gpulab:statement', listener);
    post({ type: 'gpulab:statement', version: 1, statement }, a.contentWindow);
    document.removeEventListener('gpulab:statement', listener);
    expect(count).toBe(1);
  });
});
