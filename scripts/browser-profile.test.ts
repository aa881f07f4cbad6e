import { describe, expect, it } from 'vitest';
import {
  AXE_SCRIPT,
  categoryOf,
  microsecondsByScript,
  readRecord,
  scriptKey,
  summarise,
  type PageProfile,
} from './browser-profile';

describe('browser profile', () => {
  it('keys frames by script file without its content hash, and code without an address as evaluated', () => {
    expect(scriptKey('render', 'http://127.0.0.1:4173/assets/index-DTsjPyuv.js')).toBe('index.js');
    expect(scriptKey('f', 'http://127.0.0.1:4173/assets/widget-shared-6aQkNp5A.js?v=1')).toBe(
      'widget-shared.js',
    );
    expect(scriptKey('run', AXE_SCRIPT)).toBe(AXE_SCRIPT);
    expect(scriptKey('(program)', '')).toBe('(program)');
    expect(scriptKey('querySelectorAll', '')).toBe('(evaluated)');
    expect(
      [AXE_SCRIPT, 'index.js', '(evaluated)', '(program)', '(garbage collector)', '(idle)'].map(
        categoryOf,
      ),
    ).toEqual(['axe', 'app', 'evaluated', 'native', 'gc', 'idle']);
  });

  it('sums each sample into the script of the frame it landed in', () => {
    const profile = {
      nodes: [
        { id: 1, callFrame: { functionName: '(root)', url: '' } },
        { id: 2, callFrame: { functionName: 'a', url: 'http://x/assets/index-ABCDEFGH.js' } },
        { id: 3, callFrame: { functionName: 'b', url: 'http://x/assets/index-ABCDEFGH.js' } },
        { id: 4, callFrame: { functionName: 'run', url: AXE_SCRIPT } },
        { id: 5, callFrame: { functionName: '(idle)', url: '' } },
      ],
      samples: [2, 3, 4, 4, 5, 2],
      timeDeltas: [100, 200, 300, 400, 500, 600],
    };
    expect(microsecondsByScript(profile)).toEqual({
      'index.js': 900,
      [AXE_SCRIPT]: 700,
      '(idle)': 500,
    });
  });

  it('summarises busy time by category and suite, leaving idle time out', () => {
    const pages: PageProfile[] = [
      {
        test: 'every lesson > why-gpus renders',
        url: 'http://x/#/lesson/why-gpus',
        microsecondsByScript: { [AXE_SCRIPT]: 3e6, 'index.js': 1e6, '(idle)': 9e6 },
      },
      {
        test: 'the race > runs',
        url: 'http://x/#/embed/race',
        microsecondsByScript: {
          'index.js': 2e6,
          '(program)': 2e6,
          '(evaluated)': 1e6,
          '(garbage collector)': 1e6,
        },
      },
    ];
    const lines = summarise(readRecord(pages.map((p) => JSON.stringify(p)).join('\n') + '\n'));
    expect(lines[0]).toBe('2 pages, 10.0 s busy on their main threads');
    expect(lines).toContain('      3.0 s   30 %  axe-core');
    expect(lines).toContain("      3.0 s   30 %  the app's scripts");
    expect(lines).toContain('      2.0 s   20 %  native (style, layout, parsing, rendering)');
    expect(lines).toContain('      3.0 s  index.js');
    // The busier suite first, with its axe share.
    const suites = lines.slice(
      lines.indexOf('The busiest suites (pages, busy seconds, of which axe):') + 1,
    );
    expect(suites).toEqual([
      '    1     6.0 s    0.0 s  the race',
      '    1     4.0 s    3.0 s  every lesson',
    ]);
  });
});
