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

const numeric = (extra: string) =>
  `<NumericCheck id="n" question="How long?" scenario={{ "op": "h2d", "link": "pcie4", "bytes": 1073741824, "pinned": true }} field="seconds" ${extra} explanation="It takes {answer}." />\n`;

describe('the build check on question kinds', () => {
  it('computes a numeric answer with the engine and adds it to the compiled lesson', async () => {
    const js = await compileLesson('80-q', numeric('unit="ms" tolerance={0.1}'));
    expect(js).toMatch(/resolvedAnswer: "42\.6\d*"/);
    expect(js).toContain('resolvedAnswerText: "42.6 ms"');
  });

  it('names the file and line of a bad numeric question', async () => {
    const err = await failure(
      '81-q',
      `Fine:\n\n${numeric('unit="ms" tolerance={0.1}')}\n${numeric('unit="GB" tolerance={0.1}').replace('id="n"', 'id="n2"')}\n${numeric('unit="ms" tolerance={2}').replace('id="n"', 'id="n3"')}\n<NumericCheck id="n4" question="?" scenario={{ "op": "h2d", "link": "pcie9", "bytes": 1, "pinned": true }} field="seconds" unit="ms" tolerance={0.1} explanation="{answer}" />\n`,
    );
    expect(err).toMatch(
      /content\/81-q\.mdx:12:1: <NumericCheck>: unit="GB" measures a size, but field "seconds" is a time/,
    );
    expect(err).toMatch(/81-q\.mdx:14:1: <NumericCheck> needs tolerance=/);
    expect(err).toMatch(/81-q\.mdx:16:1: <NumericCheck>: unknown link id "pcie9"/);
    expect(err).not.toMatch(/:10:/);
  });

  it('rejects a repeated id across kinds, short orders, bad lines and unknown experiments', async () => {
    const err = await failure(
      '82-q',
      [
        '<OrderCheck id="o" question="Order?" explanation="Because.">',
        '  <Step>one</Step>',
        '  <Step>two</Step>',
        '</OrderCheck>',
        '',
        '<BugCheck id="o" question="Where?" code={`a = 1\nb = 2`} line={3} explanation="Why." />',
        '',
        '<BugCheck id="b" question="Where?" code={`a = 1\nb = 2`} line={2} lineNotes={{ "9": "x" }} explanation="Why." />',
        '',
        '<PredictCheck id="p" question="Guess?" experiment="nope" explanation="Why.">',
        '  <Choice correct explanation="a">A</Choice>',
        '  <Choice explanation="b">B</Choice>',
        '</PredictCheck>',
        '',
        '<QuickCheck id="m" multiple question="Which?" teaches="Not A Link">',
        '  <Choice explanation="a">A</Choice>',
        '  <Choice explanation="b">B</Choice>',
        '</QuickCheck>',
        '',
      ].join('\n'),
    );
    expect(err).toMatch(/82-q\.mdx:8:1: <OrderCheck> needs at least three <Step>s/);
    expect(err).toMatch(/82-q\.mdx:13:1: <BugCheck> id "o" is used twice/);
    expect(err).toMatch(
      /82-q\.mdx:13:1: <BugCheck> line=\{N\} must be a line of the snippet, 1 to 2/,
    );
    expect(err).toMatch(/82-q\.mdx:16:1: <BugCheck> lineNotes has an entry for "9"/);
    expect(err).toMatch(
      /82-q\.mdx:19:1: <PredictCheck> experiment= must be one of pinned-vs-pageable/,
    );
    expect(err).toMatch(/82-q\.mdx:24:1: <QuickCheck> teaches= must be/);
    expect(err).toMatch(
      /82-q\.mdx:24:1: <QuickCheck multiple> needs at least one <Choice correct>/,
    );
  });

  it('names the line of a choice without an explanation, and a missing question once', async () => {
    const err = await failure(
      '84-q',
      [
        '<PredictCheck id="p" experiment="pinned-vs-pageable" explanation="Why.">',
        '  <Choice correct explanation="a">A</Choice>',
        '',
        '  <Choice>B</Choice>',
        '</PredictCheck>',
        '',
      ].join('\n'),
    );
    expect(err).toMatch(/84-q\.mdx:11:3: <Choice> needs an explanation=/);
    expect(err.match(/<PredictCheck> needs a question=/g)).toHaveLength(1);
    expect(err).toMatch(/84-q\.mdx:8:1: <PredictCheck> needs a question=/);
  });

  it('accepts a well-formed question of every kind', async () => {
    const js = await compileLesson(
      '83-q',
      [
        '<QuickCheck id="m" multiple question="Which?" teaches="why-gpus/recap">',
        '  <Choice correct explanation="a">A</Choice>',
        '  <Choice correct explanation="b">B</Choice>',
        '  <Choice explanation="c">C</Choice>',
        '</QuickCheck>',
        '',
        '<OrderCheck id="o" question="Order?" explanation="Because.">',
        '  <Step>one</Step>',
        '  <Step>two</Step>',
        '  <Step>three</Step>',
        '</OrderCheck>',
        '',
        '<BugCheck id="b" question="Where?" code={`a = 1\nb = 2`} line={2} lineNotes={{ 1: "fine" }} explanation="Why." />',
        '',
        '<PredictCheck id="p" question="Guess?" experiment="pinned-vs-pageable" explanation="Why.">',
        '  <Choice correct explanation="a">A</Choice>',
        '  <Choice explanation="b">B</Choice>',
        '</PredictCheck>',
        '',
      ].join('\n'),
    );
    expect(js).toContain('OrderCheck');
  });
});
