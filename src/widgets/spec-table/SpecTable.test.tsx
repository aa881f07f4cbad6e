// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { GPU_IDS } from '../../engine/catalog';
import SpecTable from './SpecTable';
import { buildSpecTable } from './model';

const notices = () => document.querySelector('.widget-notices')?.textContent ?? '';
/** The GPUs of the rows shown, in order (the two tables show the same rows). */
const shownRows = () => {
  const rows = (part: string) =>
    [...document.querySelectorAll<HTMLElement>(`table[data-part="${part}"] tr[data-gpu]`)].map(
      (r) => r.dataset.gpu,
    );
  expect(rows('memory')).toEqual(rows('compute'));
  return rows('compute');
};
const box = (id: string) => {
  const input = document.querySelector<HTMLInputElement>(`.spec-picker input[value="${id}"]`);
  if (!input) throw new Error(`no checkbox for ${id}`);
  return input;
};

/** Runs the debounced URL write and returns the hash's query, decoded. */
function flushUrl(): string {
  act(() => vi.advanceTimersByTime(400));
  return decodeURIComponent(window.location.hash.split('?')[1] ?? '');
}

describe('SpecTable', () => {
  it('renders the catalog in two tables, with marked kinds, footnotes and a sources list', () => {
    const { container } = render(<SpecTable gpus={['a100-sxm-80gb', 'h100-sxm', 'gtx-1650']} />);
    const root = container.querySelector('[data-widget="spec-table"]');
    expect(root?.getAttribute('data-status')).toBe('done');
    // Compute and memory each in a table of their own, narrow enough for a laptop's width.
    const compute = screen.getByRole('table', { name: 'Cores, clock and arithmetic peaks' });
    const memory = screen.getByRole('table', { name: 'Memory, bandwidth and host link' });
    expect(within(compute).getAllByRole('row')).toHaveLength(4);
    expect(within(memory).getAllByRole('row')).toHaveLength(4);
    const h100 = compute.querySelector('tr[data-gpu="h100-sxm"]')!;
    expect(h100.textContent).toContain('16,896');
    expect(h100.textContent).toContain('528');
    const measuredCell = memory.querySelector('tr[data-gpu="h100-sxm"] td[data-kind="measured"]')!;
    expect(measuredCell.textContent).toMatch(/GB\/s meas\./);
    expect(measuredCell.getAttribute('title')).toMatch(/^Measured\. Source: .*BabelStream/);
    const peak = h100.querySelector('td[data-kind="vendor-peak"]')!;
    expect(peak.getAttribute('title')).toMatch(/^Vendor peak\. Source: NVIDIA H100/);
    const heads = (table: HTMLElement) =>
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent);
    expect(heads(compute)).toEqual([
      'GPU',
      'SMs',
      'FP32 cores',
      'Tensor cores',
      'Boost clock',
      'FP32',
      'TF32 (tensor)',
      'FP16 / BF16 (tensor)',
      'FP8 (tensor)',
    ]);
    expect(heads(memory).some((h) => /reachesmeasured/.test(h ?? ''))).toBe(true);
    expect(heads(memory)).toHaveLength(6);
    // Footnotes number the sources in order of first use, and every listed source is used.
    const sources = [...container.querySelectorAll('.spec-sources li')].map((li) => li.textContent);
    expect(sources).toEqual(buildSpecTable(['a100-sxm-80gb', 'h100-sxm', 'gtx-1650']).sources);
    expect(new Set(sources).size).toBe(sources.length);
    const used = [...container.querySelectorAll('.spec-source-mark')].map((m) =>
      Number(m.textContent?.replace('source ', '')),
    );
    expect([...new Set(used)]).toEqual(sources.map((_, i) => i + 1));
    // Each table is a focusable region named by its caption (it scrolls before its rows stack).
    for (const name of ['Cores, clock and arithmetic peaks', 'Memory, bandwidth and host link'])
      expect(screen.getByRole('region', { name }).getAttribute('tabindex')).toBe('0');
    expect(screen.getByRole('heading', { name: /GPU specifications/ }).tagName).toBe('H3');
  });

  it('shows a value’s note when it is tapped, where a touch screen cannot hover', () => {
    const { container } = render(<SpecTable gpus={['h100-sxm']} />);
    const note = () => container.querySelector('[data-tap-note]')?.textContent;
    expect(note()).toBe('Hover over or tap a value for its source and note.');
    fireEvent.click(container.querySelector('td[data-kind="measured"]')!);
    expect(note()).toMatch(/^[\d,.]+ GB\/s meas\.: Measured\. Source: .*BabelStream/);
    expect(container.querySelector('[data-tap-note]')?.getAttribute('aria-live')).toBe('polite');
  });

  it('says which GPU names it did not know', () => {
    render(<SpecTable gpus="h100-sxm,quantum-9000" />);
    expect(notices()).toContain('GPUs shown: "quantum-9000" is not one of the choices; left out.');
    expect(shownRows()).toEqual(['h100-sxm']);
  });

  it('lets the learner choose the GPUs with a labelled group of checkboxes', () => {
    const { container } = render(<SpecTable />);
    const group = screen.getByRole('group', { name: 'GPUs in the table' });
    const boxes = within(group).getAllByRole('checkbox');
    expect(boxes.map((b) => (b as HTMLInputElement).value)).toEqual([...GPU_IDS]);
    expect(boxes.every((b) => (b as HTMLInputElement).checked)).toBe(true);
    expect(within(group).getByRole('checkbox', { name: 'NVIDIA GeForce GTX 1650' })).toBe(
      box('gtx-1650'),
    );

    for (const id of GPU_IDS) if (id !== 'gtx-1650') fireEvent.click(box(id));
    expect(shownRows()).toEqual(['gtx-1650']);
    expect(box('gtx-1650').disabled).toBe(true);
    expect(box('h100-sxm').disabled).toBe(false);
    expect(group.textContent).toContain(`1 of ${GPU_IDS.length} shown; at least one stays`);
    expect(container.querySelector('.spec-hint')?.textContent).toMatch(/^1 GPU × 13 figures/);

    // The sources are those of the GPU shown, and every footnote points into them.
    const expected = buildSpecTable(['gtx-1650']).sources;
    const listed = [...container.querySelectorAll('.spec-sources li')].map((li) => li.textContent);
    expect(listed).toEqual(expected);
    const marks = [...container.querySelectorAll('.spec-source-mark')].map((m) =>
      Number(m.textContent?.replace('source ', '')),
    );
    expect([...new Set(marks)]).toEqual(expected.map((_, i) => i + 1));

    fireEvent.click(box('a100-sxm-80gb'));
    expect(shownRows()).toEqual(['a100-sxm-80gb', 'gtx-1650']);
    fireEvent.click(screen.getByRole('button', { name: 'Show all' }));
    expect(shownRows()).toEqual([...GPU_IDS]);
  });
});

describe('SpecTable settings in the link', () => {
  beforeEach(() => {
    window.location.hash = '#/lesson/inside-a-gpu';
  });
  afterEach(() => {
    vi.useRealTimers();
    window.history.replaceState(null, '', '#');
  });

  it('shows the GPUs the URL names at mount, over the lesson’s props', () => {
    window.location.hash = '#/lesson/inside-a-gpu?spec-table.gpus=h100-sxm,gtx-1650';
    render(<SpecTable gpus={['a100-sxm-80gb']} />);
    expect(shownRows()).toEqual(['h100-sxm', 'gtx-1650']);
    expect(box('h100-sxm').checked).toBe(true);
    expect(box('a100-sxm-80gb').checked).toBe(false);
    expect(notices()).toBe('');
  });

  it('writes the chosen GPUs to the URL, and nothing once all are shown again', () => {
    vi.useFakeTimers();
    render(<SpecTable />);
    fireEvent.click(box('h100-sxm'));
    fireEvent.click(box('apple-m2'));
    const rest = GPU_IDS.filter((id) => id !== 'h100-sxm' && id !== 'apple-m2');
    expect(flushUrl()).toBe(`spec-table.gpus=${rest.join(',')}`);
    expect(window.location.hash.startsWith('#/lesson/inside-a-gpu?')).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Show all' }));
    expect(flushUrl()).toBe('');
  });

  it('falls back to the whole catalog on a hostile list, with notices', () => {
    window.location.hash =
      '#/lesson/inside-a-gpu?spec-table.gpus=%3Cscript%3Ealert(1)%3C%2Fscript%3E,,&spec-table.rows=9';
    const { container } = render(<SpecTable />);
    const text = notices();
    expect(text).toContain('GPUs shown: "<script>alert(1)</scrip…" is not one of the choices');
    expect(text).toContain('GPUs shown needs at least 1; using a100-sxm-40gb');
    expect(text).toContain('spec-table.rows is not a setting of this widget; ignored.');
    expect(container.querySelector('script')).toBeNull();
    expect(shownRows()).toEqual([...GPU_IDS]);
    fireEvent.click(box('rtx-4090'));
    expect(shownRows()).not.toContain('rtx-4090');
  });

  it('shares a link to the table with the chosen GPUs', () => {
    const { container } = render(<SpecTable gpus={['h100-sxm']} />);
    fireEvent.click(box('gtx-1650'));
    fireEvent.click(screen.getByRole('button', { name: /^Share/ }));
    const link = decodeURIComponent(
      (screen.getByLabelText('Link to these settings') as HTMLInputElement).value,
    );
    const [path, query] = link.split('?');
    expect(path).toMatch(/#\/lesson\/inside-a-gpu\/widget-spec-table$/);
    expect(query).toBe('spec-table.gpus=h100-sxm,gtx-1650');
    expect(container.querySelector('[data-widget="spec-table"]')?.id).toBe('widget-spec-table');
  });
});
