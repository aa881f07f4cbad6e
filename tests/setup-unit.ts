import { afterEach } from 'vitest';

// Component tests opt into jsdom with a `// @vitest-environment jsdom` comment. Their `findBy…`
// and `waitFor` calls wait for a state, not for a time: give them room for a cold module load on
// a busy machine (a lazily loaded block can take seconds to transform the first time), so they
// fail only when the state never comes.
if (typeof document !== 'undefined') {
  const { configure } = await import('@testing-library/react');
  configure({ asyncUtilTimeout: 20_000 });
}

// Clean up the DOM they render so tests do not see each other's output, and the storage and the URL they leave
// (a widget writes its settings to the URL after a short delay: a slow test gets there before it
// ends, and the next test in the file would read them).
afterEach(async () => {
  if (typeof document !== 'undefined') {
    const { cleanup } = await import('@testing-library/react');
    cleanup();
  }
  if (typeof localStorage !== 'undefined') localStorage.clear();
  if (typeof location !== 'undefined' && typeof history !== 'undefined' && location.hash) {
    history.replaceState(null, '', location.pathname + location.search);
  }
});
