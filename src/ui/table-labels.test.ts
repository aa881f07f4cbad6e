import { describe, expect, it } from 'vitest';
import { bodyCellLabels, cellColumns, columnLabels } from './table-labels';

const cell = (colSpan = 1, rowSpan = 1) => ({ colSpan, rowSpan });
const head = (text: string, colSpan = 1, rowSpan = 1) => ({ text, colSpan, rowSpan });

describe('the labels of a stacked table’s cells', () => {
  it('places cells after the columns a cell from a row above still spans', () => {
    // A | B C      (A spans two rows, B two columns)
    //   | D E
    expect(
      cellColumns([
        [cell(1, 2), cell(2)],
        [cell(), cell()],
      ]),
    ).toEqual([
      [0, 1],
      [1, 2],
    ]);
    // A row-spanning cell in the middle column.
    expect(
      cellColumns([
        [cell(), cell(1, 3), cell()],
        [cell(), cell()],
        [cell(), cell()],
      ]),
    ).toEqual([
      [0, 1, 2],
      [0, 2],
      [0, 2],
    ]);
  });

  it('joins a group heading and the heading under it, each once', () => {
    // The kernel lab's head: Kernel and Size over two rows, then two groups of columns.
    const labels = columnLabels([
      [head('Kernel', 1, 2), head('Size', 1, 2), head('measured this GPU', 2), head('modeled', 2)],
      [head('Time'), head('Check'), head('Time'), head('Limit')],
    ]);
    expect(labels).toEqual([
      'Kernel',
      'Size',
      'measured this GPU · Time',
      'measured this GPU · Check',
      'modeled · Time',
      'modeled · Limit',
    ]);
  });

  it('collapses white space and leaves a column with no visible heading unlabelled', () => {
    expect(columnLabels([[head('  Peak\n  after '), head(''), head('Fits?')]])).toEqual([
      'Peak after',
      '',
      'Fits?',
    ]);
  });

  it('gives a body cell its first column’s label, past a row header spanning rows', () => {
    const labels = ['GPU', 'Time', 'Bandwidth', 'Limit'];
    expect(
      bodyCellLabels(labels, [
        [cell(1, 2), cell(), cell(2)],
        [cell(), cell(), cell()],
      ]),
    ).toEqual([
      ['GPU', 'Time', 'Bandwidth'],
      ['Time', 'Bandwidth', 'Limit'],
    ]);
    // More cells than headings: no label rather than a wrong one.
    expect(bodyCellLabels(['A'], [[cell(), cell()]])).toEqual([['A', '']]);
  });
});
