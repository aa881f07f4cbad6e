import { describe, expect, it } from 'vitest';
import { explanationsIn, pageReferences } from './explanation-references.mjs';

const source = (explanation: string) => `
## A section

<QuickCheck id="q" question="Which?">
  <Choice correct explanation=${JSON.stringify(explanation)}>Right</Choice>
  <Choice explanation="Plain.">Wrong</Choice>
</QuickCheck>
`;

const flagged = (explanation: string) =>
  pageReferences([{ file: 'x.mdx', source: source(explanation) }]).map((p) => p.phrase);

// The course's own explanations are checked by `npm run check:content` (scripts/check-content.mjs),
// beside the quick checks' length bias: parsing every lesson takes seconds.
describe('explanations that point at the page around them', () => {
  it('are found: figures above, the table, a widget that shows, these figures', () => {
    expect(flagged('So the figures above are what the engine predicts.')).toEqual([
      'figures above',
    ]);
    expect(flagged('The streaming rates in the table agree.')).toEqual(['the table']);
    expect(flagged('As the widget shows, the copy dominates.')).toEqual(['As the widget shows']);
    expect(flagged('as the memory simulator shows, it fits')).toEqual([
      'as the memory simulator shows',
    ]);
    expect(flagged('A browser cannot pin memory, so these figures come from the engine.')).toEqual([
      'these figures',
    ]);
    expect(flagged('The numbers shown earlier agree.')).toEqual(['shown earlier']);
    expect(flagged('Scroll up to the plot to see it.')).toEqual(['the plot']);
    expect(flagged('It is the value given below.')).toEqual(['given below']);
  });

  it('leave comparisons and the things a question itself names alone', () => {
    for (const text of [
      'It caps the rate well below the link.',
      'Memory far below reserved means cached blocks.',
      'Above 90 % of the time is spent waiting.',
      'The autograd graph keeps the saved tensors alive.',
      'The outputs of the layer are the next one’s inputs.',
      'Not assigning the result is harmless.',
      'The lanes that took the other side wait.',
    ]) {
      expect(flagged(text), text).toEqual([]);
    }
  });

  it('reads every kind of explanation: a question’s, each choice’s and a bug’s line notes', () => {
    const found = explanationsIn(`
<BugCheck id="b" question="Where?" code="a" line={1} explanation="Line one." lineNotes={{ "2": "See the chart above.", 3: 'Fine.' }} />

<PredictCheck id="p" question="Which?" experiment="x" explanation="Predicted.">
  <Choice correct explanation="Yes.">A</Choice>
</PredictCheck>
`);
    expect(found.map((e) => [e.tag, e.id, e.text])).toEqual([
      ['BugCheck', 'b', 'Line one.'],
      ['BugCheck', 'b', 'See the chart above.'],
      ['BugCheck', 'b', 'Fine.'],
      ['PredictCheck', 'p', 'Predicted.'],
      ['Choice', 'p', 'Yes.'],
    ]);
  });
});
