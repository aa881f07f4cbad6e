// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import SpecTable from './SpecTable';

describe('SpecTable', () => {
  it('renders the catalog with marked kinds, footnotes and a sources list', () => {
    const { container } = render(<SpecTable gpus={['a100-sxm-80gb', 'h100-sxm', 'gtx-1650']} />);
    const root = container.querySelector('[data-widget="spec-table"]');
    expect(root?.getAttribute('data-status')).toBe('done');
    const table = screen.getByRole('table');
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(4);
    const h100 = container.querySelector('tr[data-gpu="h100-sxm"]')!;
    expect(h100.textContent).toContain('16,896');
    expect(h100.textContent).toContain('528');
    const measuredCell = h100.querySelector('td[data-kind="measured"]')!;
    expect(measuredCell.textContent).toMatch(/GB\/s meas\./);
    expect(measuredCell.getAttribute('title')).toMatch(/^Measured\. Source: .*BabelStream/);
    const peak = h100.querySelector('td[data-kind="vendor-peak"]')!;
    expect(peak.getAttribute('title')).toMatch(/^Vendor peak\. Source: NVIDIA H100/);
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers[1]).toBe('SMsvendor peak');
    expect(headers.some((h) => /reachesmeasured/.test(h ?? ''))).toBe(true);
    const sources = container.querySelectorAll('.spec-sources li');
    expect(sources.length).toBeGreaterThan(3);
    expect(
      screen.getByRole('region', { name: /GPU specifications/ }).getAttribute('tabindex'),
    ).toBe('0');
  });

  it('says which GPU names it did not know', () => {
    render(<SpecTable gpus="h100-sxm,quantum-9000" />);
    expect(screen.getByRole('status').textContent).toMatch(/Unknown GPU "quantum-9000"/);
  });
});
