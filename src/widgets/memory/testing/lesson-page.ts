import { afterEach, beforeEach, vi } from 'vitest';

/**
 * Puts each test of the enclosing `describe` on the memory lesson's page, with animation frames
 * run at once (jsdom has none to wait for), and leaves the page as it found it: real timers,
 * real globals, no hash.
 */
export function onMemoryLessonPage(): void {
  beforeEach(() => {
    window.location.hash = '#/lesson/gpu-memory';
    vi.stubGlobal('requestAnimationFrame', (run: FrameRequestCallback) => {
      run(0);
      return 0;
    });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    window.history.replaceState(null, '', '#');
  });
}
