// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import * as d3 from 'd3';
import { plotLayout } from './layout';
import { PlotFrame } from './PlotFrame';

const layout = plotLayout(
  400,
  { top: 10, right: 10, bottom: 40, left: 50 },
  { aspect: 0.5, minHeightPx: 200, maxHeightPx: 300, minInnerWidthPx: 50 },
);
const x = d3.scaleLinear().domain([0, 10]).range([0, layout.innerWidthPx]);
const y = d3.scaleLog().domain([1, 1000]).range([layout.innerHeightPx, 0]);
const xFormat = (v: number) => `${v} s`;
const yFormat = (v: number) => `${v}×`;

describe('PlotFrame', () => {
  it('names the chart by its title and description, and draws both axes with d3', () => {
    const { container } = render(
      <PlotFrame
        layout={layout}
        name={{ idPrefix: 'p', title: 'Speedup', description: 'Against time.' }}
        className="my-chart"
        x={{ scale: x, ticks: [0, 5, 10], format: xFormat, title: 'Time' }}
        y={{ scale: y, ticks: [1, 10, 100, 1000], format: yFormat, title: 'Speedup' }}
      >
        <circle data-testid="mark" cx={1} cy={2} r={3} />
      </PlotFrame>,
    );
    const svg = screen.getByRole('img', { name: 'Speedup Against time.' });
    expect(svg.getAttribute('class')).toBe('plot-frame my-chart');
    expect([svg.getAttribute('width'), svg.getAttribute('height')]).toEqual(['400', '200']);
    const xTicks = container.querySelectorAll('.plot-frame__axis--x .tick text');
    expect([...xTicks].map((t) => t.textContent)).toEqual(['0 s', '5 s', '10 s']);
    const yTicks = container.querySelectorAll('.plot-frame__axis--y .tick text');
    expect([...yTicks].map((t) => t.textContent)).toEqual(['1×', '10×', '100×', '1000×']);
    expect(container.querySelectorAll('.plot-frame__grid line')).toHaveLength(4);
    const titles = [...container.querySelectorAll('.plot-frame__axis-title')];
    expect(titles.map((t) => t.textContent)).toEqual(['Time', 'Speedup']);
    // Marks are drawn inside the plot area, over the frame.
    expect(screen.getByTestId('mark').parentElement?.getAttribute('transform')).toBe(
      'translate(50,10)',
    );
  });

  it('takes an aria-label instead, and can draw labels without marks or axis lines', () => {
    const { container } = render(
      <PlotFrame
        layout={layout}
        name={{ label: 'Bandwidth against size' }}
        grid={false}
        x={{ scale: x, ticks: [0, 10], format: xFormat, tickSizePx: 0, line: false }}
        y={{ scale: y, ticks: [1, 1000], format: yFormat }}
      />,
    );
    const svg = container.querySelector('svg')!;
    expect([svg.getAttribute('role'), svg.getAttribute('aria-label')]).toEqual([
      'img',
      'Bandwidth against size',
    ]);
    expect(container.querySelector('title')).toBeNull();
    expect(container.querySelector('.plot-frame__grid')).toBeNull();
    expect(container.querySelector('.plot-frame__axis--x .domain')).toBeNull();
    expect(container.querySelector('.plot-frame__axis--y .domain')).not.toBeNull();
    expect(container.querySelector('.plot-frame__axis--x .tick line')?.getAttribute('y2')).toBe(
      '0',
    );
    expect(container.querySelectorAll('.plot-frame__axis-title')).toHaveLength(0);
  });
});
