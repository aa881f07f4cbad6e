import { describe, expect, it } from 'vitest';
import {
  checkEmbedHeight,
  EMBED_ALLOW,
  embedPartsFromShareUrl,
  embedScriptSrc,
  embedSnippet,
  embedSrc,
  escapeAttribute,
} from './embed-snippet';

const BASE = 'https://lab.example/gpu/';

describe('embedSnippet', () => {
  it('builds the iframe with the settings, the theme and every required attribute', () => {
    const html = embedSnippet({
      siteBase: BASE,
      path: '/embed/race',
      pairs: [
        ['race.tasks', '1000'],
        ['race.gpus', 'a100-sxm-80gb,h100-sxm'],
      ],
      theme: 'dark',
      heightPx: 640,
      title: 'CPU vs GPU race · GPU Lab',
      withScript: true,
    });
    expect(html).toBe(
      '<iframe src="https://lab.example/gpu/#/embed/race?race.tasks=1000&amp;race.gpus=a100-sxm-80gb,h100-sxm&amp;theme=dark"' +
        ' title="CPU vs GPU race · GPU Lab" width="100%" height="640" style="border: 0" loading="lazy"' +
        ' allow="clipboard-write"></iframe>\n' +
        '<script src="https://lab.example/gpu/embed.js" async></script>',
    );
  });

  it('asks only for the clipboard: WebGPU is no permissions-policy feature', () => {
    // Chromium logs "Unrecognized feature" for a name it does not know (`webgpu` was one); the
    // embed e2e test loads this attribute in a real browser and checks its console.
    expect(EMBED_ALLOW).toBe('clipboard-write');
    const html = embedSnippet({
      siteBase: BASE,
      path: '/embed/race',
      pairs: [],
      theme: null,
      heightPx: 600,
      title: 'Race',
      withScript: false,
    });
    const allow = /\sallow="([^"]*)"/.exec(html)?.[1] ?? '';
    expect(allow.split(';').map((f) => f.trim())).toEqual(['clipboard-write']);
  });

  it('leaves out the script and the theme when not asked for, and clamps the height', () => {
    const html = embedSnippet({
      siteBase: BASE,
      path: '/embed/quiz/cy-why-independent',
      pairs: [],
      theme: null,
      heightPx: 5,
      title: 'Q',
      withScript: false,
    });
    expect(html).not.toContain('<script');
    expect(html).not.toContain('theme=');
    expect(html).toContain('src="https://lab.example/gpu/#/embed/quiz/cy-why-independent"');
    expect(html).toContain('height="100"');
  });

  it('escapes every attribute value, so a hostile title or base cannot break out', () => {
    const html = embedSnippet({
      siteBase: 'https://x.example/a"b<c>/',
      path: '/embed/race',
      pairs: [['race.note', '"><script>alert(1)</script>']],
      theme: null,
      heightPx: 300,
      title: `Tom's "race" <b>&</b>`,
      withScript: true,
    });
    expect(html).toContain('title="Tom&#39;s &quot;race&quot; &lt;b&gt;&amp;&lt;/b&gt;"');
    expect(html).not.toMatch(/<script>alert/);
    expect(html).not.toContain('a"b');
    // Exactly two tags open: the iframe and the resizer script.
    expect(html.match(/</g)).toHaveLength(4);
  });
});

describe('pieces of the snippet', () => {
  it('escapeAttribute covers & " \' < >', () => {
    expect(escapeAttribute(`&"'<>`)).toBe('&amp;&quot;&#39;&lt;&gt;');
  });

  it('embedSrc percent-encodes settings values', () => {
    expect(
      embedSrc({ siteBase: BASE, path: '/embed/x', pairs: [['x.a', 'a b&c']], theme: 'light' }),
    ).toBe(`${BASE}#/embed/x?x.a=a%20b%26c&theme=light`);
  });

  it('embedScriptSrc resolves beside the page, also from index.html, and survives a bad base', () => {
    expect(embedScriptSrc('https://h.example/site/index.html')).toBe(
      'https://h.example/site/embed.js',
    );
    expect(embedScriptSrc(BASE)).toBe(`${BASE}embed.js`);
    expect(embedScriptSrc('not a url/')).toBe('not a url/embed.js');
  });

  it('checkEmbedHeight accepts whole pixels within the limits only', () => {
    expect(checkEmbedHeight('640')).toBe(640);
    expect(checkEmbedHeight(' 100 ')).toBe(100);
    for (const bad of ['', '99', '10001', '6.5', '-300', '1e3', 'tall']) {
      expect(checkEmbedHeight(bad)).toBeNull();
    }
  });

  it('embedPartsFromShareUrl drops search and hash and renames an instance prefix', () => {
    expect(
      embedPartsFromShareUrl(
        'https://h.example/p/?fetch=secret#/lesson/why-gpus/widget-race-b?race-b.tasks=9&amdahl.p=1',
        'race-b',
        'race',
      ),
    ).toEqual({ siteBase: 'https://h.example/p/', pairs: [['race.tasks', '9']] });
    expect(embedPartsFromShareUrl('https://h.example/p/', 'race', 'race')).toEqual({
      siteBase: 'https://h.example/p/',
      pairs: [],
    });
  });
});
