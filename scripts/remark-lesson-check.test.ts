import { compile } from '@mdx-js/mdx';
import { VFile } from 'vfile';
import { describe, expect, it } from 'vitest';
import { mdxOptions } from './mdx-options';

const header = '---\ntitle: T\norder: 1\nreadingMinutes: 1\nobjectives: [a, b, c]\n---\n\n';

const compileLesson = async (name: string, body: string) =>
  String(
    await compile(new VFile({ path: `content/${name}.mdx`, value: header + body }), mdxOptions),
  );

const failure = (name: string, body: string) =>
  compileLesson(name, body).then(
    () => '',
    (e: Error) => e.message,
  );

describe('the lesson check on <CatalogValue>', () => {
  it('puts the catalog’s text, kind and source into the compiled lesson', async () => {
    const js = await compileLesson(
      '90-cv',
      'An A100 reads <CatalogValue of="a100-sxm-80gb" figure="memoryBytesPerSecond" /> and a\nCPU <CatalogValue of="i9-14900k" figure="fp32FlopsPerSecond" unit="GFLOP/s" digits={0} />.\n',
    );
    expect(js).toContain('resolvedText: "2,039\u00a0GB/s"');
    expect(js).toContain('resolvedKind: "vendor-peak"');
    expect(js).toMatch(/resolvedDescription: "Vendor peak\. Source: NVIDIA A100/);
    expect(js).toContain('resolvedText: "2,560\u00a0GFLOP/s"');
    expect(js).toContain('resolvedKind: "estimate"');
  });

  it('fails the build at the line of an unknown id, path or unit, saying what exists', async () => {
    const err = await failure(
      '91-cv',
      'Fine: <CatalogValue of="pcie4" figure="latencySeconds" />.\n\nBad id: <CatalogValue of="a100" figure="memoryBytes" />.\n\nBad path:\n<CatalogValue of="h100-sxm" figure="memoryBandwidth" />\n\n<CatalogValue of="h100-sxm" figure="memoryBytes" unit="GB/s" />\n',
    );
    expect(err).toMatch(
      /content\/91-cv\.mdx:10:9: <CatalogValue>: unknown catalog id "a100": GPUs a100-sxm-40gb/,
    );
    expect(err).toMatch(
      /91-cv\.mdx:13:1: <CatalogValue>: gpu "h100-sxm" has no figure "memoryBandwidth": its figures are sms, /,
    );
    expect(err).toMatch(
      /91-cv\.mdx:15:1: <CatalogValue>: h100-sxm memoryBytes: unit="GB\/s" does not fit/,
    );
    expect(err).not.toMatch(/:8:/);
  });

  it('rejects missing and unknown props, and values written by hand', async () => {
    const err = await failure(
      '92-cv',
      '<CatalogValue figure="sms" />\n\n<CatalogValue of="t4" figure="sms" colour="red" />\n\n<CatalogValue of="t4" figure="sms" resolvedText="40" />\n\n<CatalogValue of={"t4"} figure="sms" />\n',
    );
    expect(err).toMatch(/:8:1: <CatalogValue> needs of="..."/);
    expect(err).toMatch(/:10:1: <CatalogValue> has no prop colour=/);
    expect(err).toMatch(/:12:1: <CatalogValue> has no prop resolvedText=/);
    expect(err).toMatch(/:14:1: <CatalogValue> of= must be a plain, non-empty string/);
  });
});

describe('the lesson check on quick-check choices', () => {
  it('rejects two choices with the same text (a learner could not tell them apart)', async () => {
    const err = await failure(
      '89-qc',
      '<QuickCheck id="q" question="Q?">\n  <Choice correct explanation="a">Same `x`</Choice>\n  <Choice explanation="b">Same `x`</Choice>\n</QuickCheck>\n',
    );
    expect(err).toMatch(/89-qc\.mdx:8:1: <QuickCheck> has two choices with the same text "Same x"/);
  });
});
