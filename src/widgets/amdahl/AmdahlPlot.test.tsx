// @vitest-environment jsdom
import { beforeAll, describe, expect, it } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { amdahlLimit, amdahlSpeedup } from '../../engine/models';
import AmdahlPlot from './AmdahlPlot';
import { DEFAULT_MAX_CORES } from './model';
import { formatSpeedup } from './readout';
import { coreCountStops } from './slider-stops';
import { tableCoreCounts } from './speedup-table';

/** The widget's root section. */
function root(container: HTMLElement): HTMLElement {
  const element = container.querySelector<HTMLElement>('[data-widget="amdahl"]');
  if (!element) throw new Error('no amdahl widget root');
  return element;
}

/** The curve paths drawn for the lesson's fractions (not the learner's own curve). */
function lessonPaths(container: HTMLElement): SVGPathElement[] {
  return [...container.querySelectorAll<SVGPathElement>('path[data-series="default"]')];
}

describe('AmdahlPlot', () => {
  beforeAll(() => {
    // jsdom has no PointerEvent; without one, fired pointer events carry no coordinates.
    if (typeof window.PointerEvent === 'undefined') {
      window.PointerEvent = class extends MouseEvent {} as unknown as typeof PointerEvent;
    }
  });

  it('renders as a done widget with one curve per default fraction plus the learner curve', () => {
    const { container } = render(<AmdahlPlot />);
    expect(root(container).dataset.status).toBe('done');
    const paths = lessonPaths(container);
    expect(paths.map((p) => p.dataset.fraction)).toEqual(['0.5', '0.9', '0.95', '0.99', '0.999']);
    for (const path of paths) expect(path.getAttribute('d')).toMatch(/^M[\d.]+,[\d.]+L/);
    expect(container.querySelectorAll('path[data-series="yours"]')).toHaveLength(1);
    expect(container.querySelectorAll('.amdahl__asymptote')).toHaveLength(6);
  });

  it('draws the fractions a lesson passes', () => {
    const { container } = render(<AmdahlPlot fractions={[0.6, 0.8]} maxCores={1024} />);
    expect(lessonPaths(container).map((p) => p.dataset.fraction)).toEqual(['0.6', '0.8']);
    const marks = [...container.querySelectorAll<SVGGElement>('[data-reference-cores]')];
    expect(marks.map((m) => m.dataset.referenceCores)).toEqual(['24']);
  });

  it('marks the three reference core counts and labels every ceiling', () => {
    const { container } = render(<AmdahlPlot />);
    const marks = [...container.querySelectorAll<SVGGElement>('[data-reference-cores]')];
    expect(marks.map((m) => m.textContent)).toEqual([
      'i9-14900K · 24',
      'A100 · 6,912',
      'H100 SXM · 16,896',
    ]);
    const ceilings = [...container.querySelectorAll('.amdahl__ceiling-label')].map(
      (t) => t.textContent,
    );
    expect(ceilings).toEqual(['2×', '10×', '20×', '100×', '1,000×']);
  });

  it('has an accessible title, labelled sliders and a polite live readout', () => {
    render(<AmdahlPlot />);
    expect(screen.getByRole('img', { name: /Amdahl's law: speedup against number of cores/ }));
    expect(screen.getByLabelText('Your parallel fraction p')).toHaveProperty('type', 'range');
    expect(screen.getByLabelText('Number of cores N')).toHaveProperty('type', 'range');
    const readout = screen.getByTestId('amdahl-readout');
    expect(readout.getAttribute('aria-live')).toBe('polite');
    expect(readout.textContent).toBe(
      'With p = 0.95 and 6,912 cores the speedup is 19.9×, just under the 20× ceiling.',
    );
  });

  it('updates the readout from amdahlSpeedup when the core slider moves', () => {
    render(<AmdahlPlot />);
    const slider = screen.getByLabelText('Number of cores N');
    const stops = coreCountStops(DEFAULT_MAX_CORES);
    fireEvent.change(slider, { target: { value: String(stops.indexOf(256)) } });
    const expected = formatSpeedup(amdahlSpeedup(0.95, 256));
    expect(expected).toBe('18.6');
    const readout = screen.getByTestId('amdahl-readout');
    expect(readout.textContent).toContain(
      `With p = 0.95 and 256 cores the speedup is ${expected}×`,
    );
    expect(slider.getAttribute('aria-valuetext')).toBe('256 cores');

    fireEvent.change(slider, { target: { value: String(stops.indexOf(16896)) } });
    expect(readout.textContent).toContain(`${formatSpeedup(amdahlSpeedup(0.95, 16896))}×`);
    expect(slider.getAttribute('aria-valuetext')).toBe('16,896 cores (H100 SXM CUDA cores)');
  });

  it('moves the learner curve and readout with the p slider and the exact box', () => {
    const { container } = render(<AmdahlPlot />);
    const pSlider = screen.getByLabelText('Your parallel fraction p') as HTMLInputElement;
    const before = container.querySelector('path[data-series="yours"]')?.getAttribute('d');
    fireEvent.change(pSlider, { target: { value: '0' } });
    expect(screen.getByTestId('amdahl-readout').textContent).toMatch(/^With p = 0 and 6,912 cores/);
    expect(container.querySelector('path[data-series="yours"]')?.getAttribute('d')).not.toBe(
      before,
    );

    const exact = screen.getByLabelText('Your parallel fraction p, exact value');
    fireEvent.change(exact, { target: { value: '0.99' } });
    expect(screen.getByTestId('amdahl-readout').textContent).toContain(
      `the speedup is ${formatSpeedup(amdahlSpeedup(0.99, 6912))}×`,
    );
    expect(pSlider.getAttribute('aria-valuetext')).toBe('p = 0.99');

    // Beyond the schema's limit: clamped to the highest p, with a notice; the box keeps the text
    // until it loses focus.
    fireEvent.change(exact, { target: { value: '1.5' } });
    expect(pSlider.getAttribute('aria-valuetext')).toBe('p = 0.999');
    expect(document.querySelector('.widget-notices')?.textContent).toContain(
      'Parallel fraction p can be at most 0.999; using 0.999.',
    );
    expect((exact as HTMLInputElement).value).toBe('1.5');
    fireEvent.blur(exact);
    expect((exact as HTMLInputElement).value).toBe('0.999');

    // Half-typed text leaves p alone.
    fireEvent.change(exact, { target: { value: '' } });
    expect(pSlider.getAttribute('aria-valuetext')).toBe('p = 0.999');
  });

  it('jumps to a real machine with the preset buttons', () => {
    render(<AmdahlPlot />);
    const i9 = screen.getByRole('button', { name: /i9-14900K \(24\)/ });
    fireEvent.click(i9);
    expect(i9.getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByTestId('amdahl-readout').textContent).toContain(
      `and 24 cores the speedup is ${formatSpeedup(amdahlSpeedup(0.95, 24))}×`,
    );
  });

  it('lists correct speedups in the screen-reader table', () => {
    render(<AmdahlPlot />);
    const table = screen.getByRole('table');
    const counts = tableCoreCounts(DEFAULT_MAX_CORES);
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual([
      'Parallel fraction',
      'Ceiling',
      '8 cores',
      '24 cores',
      '64 cores',
      '512 cores',
      '4,096 cores',
      '6,912 cores',
      '16,896 cores',
    ]);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(6);
    const fractions = [0.5, 0.9, 0.95, 0.99, 0.999, 0.95];
    rows.forEach((row, i) => {
      const p = fractions[i]!;
      const cells = within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent);
      expect(cells[0]).toBe(`${Math.round(amdahlLimit(p)).toLocaleString('en-US')}×`);
      expect(cells.slice(1)).toEqual(counts.map((n) => `${formatSpeedup(amdahlSpeedup(p, n))}×`));
    });
    const p99 = within(rows[3]!)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(p99[counts.indexOf(6912) + 1]).toBe('98.6×');
  });

  it('shows a tooltip with every curve at the hovered core count', () => {
    const { container } = render(<AmdahlPlot />);
    const target = screen.getByTestId('amdahl-hover-target');
    expect(screen.queryByTestId('amdahl-tooltip')).toBeNull();
    fireEvent.pointerMove(target, { clientX: 300, clientY: 100 });
    const tooltip = screen.getByTestId('amdahl-tooltip');
    const heading = tooltip.querySelector('.amdahl__tooltip-heading')?.textContent ?? '';
    const match = /^At ([\d,]+) cores?$/.exec(heading);
    expect(match).not.toBeNull();
    const cores = Number(match![1]!.replace(/,/g, ''));
    expect(cores).toBeGreaterThan(1);
    const rows = [...tooltip.querySelectorAll<SVGTextElement>('.amdahl__tooltip-row')];
    expect(rows).toHaveLength(6);
    for (const row of rows) {
      const p = Number(row.dataset.fraction);
      expect(row.textContent).toContain(`${formatSpeedup(amdahlSpeedup(p, cores))}×`);
    }
    fireEvent.pointerLeave(target);
    expect(container.querySelector('[data-testid="amdahl-tooltip"]')).toBeNull();
  });

  it('fails loudly on a fraction with no finite ceiling', () => {
    expect(() => render(<AmdahlPlot fractions={[0.5, 1]} />)).toThrow(RangeError);
  });
});
