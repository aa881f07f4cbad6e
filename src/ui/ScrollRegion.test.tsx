// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { ScrollRegion } from './ScrollRegion';
import { keepTableRoles } from './useStackedTable';

/** A table like the kernel lab's: a row heading, hidden and grouped column headings. */
function Results({ stackTable }: { stackTable?: boolean }) {
  return (
    <ScrollRegion className="table-scroll" label="Results" stackTable={stackTable}>
      <table>
        <thead>
          <tr>
            <th scope="col" rowSpan={2}>
              Kernel
            </th>
            <th scope="colgroup" colSpan={2}>
              <span className="visually-hidden">the </span>measured
            </th>
            <th scope="col" rowSpan={2}>
              <span className="visually-hidden">Apply</span>
            </th>
          </tr>
          <tr>
            <th scope="col">
              Time<span className="unit">median</span>
            </th>
            <th scope="col">Check</th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <th scope="row">ReLU</th>
            <td>2 ms</td>
            <td data-label="Matches the CPU">yes</td>
            <td>
              <button type="button">Apply</button>
            </td>
          </tr>
        </tbody>
      </table>
    </ScrollRegion>
  );
}

const labels = () =>
  [...document.querySelectorAll('tbody tr > *')].map((c) => c.getAttribute('data-label'));

describe('ScrollRegion', () => {
  it('is a focusable region named for what it holds', () => {
    render(<Results />);
    expect(screen.getByRole('region', { name: 'Results' }).tabIndex).toBe(0);
  });

  it('labels each body cell with its visible column headings, for the stacked layout', () => {
    render(<Results />);
    // The row heading names its row; a heading with only hidden words gives no label; a label
    // the view wrote itself stays.
    expect(labels()).toEqual([null, 'measured · Time median', 'Matches the CPU', null]);
  });

  it('leaves the cells alone when told not to stack', () => {
    render(<Results stackTable={false} />);
    expect(labels()).toEqual([null, null, 'Matches the CPU', null]);
  });

  it('gives a stacked table its table roles explicitly', () => {
    render(<Results />);
    const table = document.querySelector('table')!;
    keepTableRoles(table);
    const roles = (selector: string) =>
      [...table.querySelectorAll(selector)].map((el) => el.getAttribute('role'));
    expect(table.getAttribute('role')).toBe('table');
    expect(roles('thead, tbody')).toEqual(['rowgroup', 'rowgroup']);
    expect(roles('thead th')).toEqual(Array(5).fill('columnheader'));
    expect(roles('tbody tr > *')).toEqual(['rowheader', 'cell', 'cell', 'cell']);
    expect(screen.getAllByRole('rowheader').map((h) => h.textContent)).toEqual(['ReLU']);
  });
});
