import { afterEach } from 'vitest';

// Component tests opt into jsdom with a `// @vitest-environment jsdom` comment; clean up the DOM
// they render so tests do not see each other's output.
afterEach(async () => {
  if (typeof document !== 'undefined') {
    const { cleanup } = await import('@testing-library/react');
    cleanup();
  }
  if (typeof localStorage !== 'undefined') localStorage.clear();
});
