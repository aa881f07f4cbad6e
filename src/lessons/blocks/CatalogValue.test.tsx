// @vitest-environment jsdom
import { evaluate } from '@mdx-js/mdx';
import { fireEvent, render, screen } from '@testing-library/react';
import axe from 'axe-core';
import * as runtime from 'react/jsx-runtime';
import { VFile } from 'vfile';
import { describe, expect, it } from 'vitest';
import { mdxOptions } from '../../../scripts/mdx-options';
import { CatalogValue } from './CatalogValue';
import { tooltipPlacement } from './Tooltip';

/** Compiles MDX through the lesson pipeline (which resolves catalog values) and renders it. */
async function renderLessonText(body: string) {
  const value = `---\ntitle: T\norder: 1\nreadingMinutes: 1\nobjectives: [a, b, c]\n---\n\n${body}\n`;
  const { default: Content } = await evaluate(new VFile({ path: 'content/t.mdx', value }), {
    remarkPlugins: mdxOptions.remarkPlugins,
    ...runtime,
    baseUrl: import.meta.url,
  });
  return render(<Content components={{ CatalogValue }} />);
}

const valueEl = (text: RegExp) =>
  screen.getAllByText(text).find((el) => el.classList.contains('catalog-value')) as HTMLElement;

describe('CatalogValue in a lesson', () => {
  it('shows the catalog number with its unit, and its kind and source as the description', async () => {
    await renderLessonText(
      'An A100 80 GB streams <CatalogValue of="a100-sxm-80gb" figure="achievableMemoryBytesPerSecond" /> of its <CatalogValue of="a100-sxm-80gb" figure="memoryBytesPerSecond" />.',
    );
    const measured = valueEl(/1,536/);
    expect(measured.firstChild?.textContent).toBe('1,536\u00a0GB/s');
    expect(measured.dataset.kind).toBe('measured');
    const tip = document.getElementById(measured.getAttribute('aria-describedby')!)!;
    expect(tip.getAttribute('role')).toBe('tooltip');
    expect(tip.textContent).toMatch(
      /^Course catalog: Measured\. Source: .*Note: datasheet 2039 GB\/s/,
    );
    expect(valueEl(/2,039/).dataset.kind).toBe('vendor-peak');
  });

  it('marks an estimate in the text, for eyes and for screen readers', async () => {
    await renderLessonText(
      'The i9 peaks at <CatalogValue of="i9-14900k" figure="fp32FlopsPerSecond" />.',
    );
    const el = valueEl(/2\.56/);
    expect(el.dataset.kind).toBe('estimate');
    expect(el.querySelector('.catalog-value-est')?.textContent).toBe('est. (an estimate)');
    expect(el.querySelector('.catalog-value-est [aria-hidden="true"]')?.textContent).toBe('est.');
  });

  it('opens its tooltip on focus and hover, and closes it on Escape, blur and mouse out', async () => {
    await renderLessonText(
      'Launch: <CatalogValue of="h100-sxm" figure="launchOverheadSeconds" />.',
    );
    const el = valueEl(/5/);
    const tip = document.getElementById(el.getAttribute('aria-describedby')!)!;
    expect(el.tabIndex).toBe(0);
    expect(tip.hidden).toBe(true);
    fireEvent.focus(el);
    expect(tip.hidden).toBe(false);
    fireEvent.keyDown(el, { key: 'Escape' });
    expect(tip.hidden).toBe(true);
    fireEvent.mouseEnter(el);
    expect(tip.hidden).toBe(false);
    fireEvent.mouseLeave(el);
    expect(tip.hidden).toBe(true);
    fireEvent.focus(el);
    fireEvent.blur(el);
    expect(tip.hidden).toBe(true);
    fireEvent.focus(el);
    fireEvent.scroll(window);
    expect(tip.hidden).toBe(true);
  });

  it('has no accessibility violations, tooltip open or closed', async () => {
    const { container } = await renderLessonText(
      'Peak <CatalogValue of="t4" figure="memoryBytesPerSecond" />, estimate <CatalogValue of="pcie4" figure="latencySeconds" />.',
    );
    const run = async () =>
      (await axe.run(container, { rules: { 'color-contrast': { enabled: false } } })).violations;
    expect(await run()).toEqual([]);
    fireEvent.focus(valueEl(/320/));
    expect(await run()).toEqual([]);
  });
});

describe('tooltipPlacement', () => {
  const tip = { width: 200, height: 60 };
  it('puts the tooltip above the value when it fits, else below', () => {
    expect(tooltipPlacement({ left: 50, top: 300, bottom: 320 }, tip, 1000)).toEqual({
      position: 'fixed',
      top: 234,
      left: 50,
    });
    expect(tooltipPlacement({ left: 50, top: 40, bottom: 60 }, tip, 1000)).toMatchObject({
      top: 66,
    });
  });

  it('keeps the tooltip inside the window on both sides', () => {
    expect(tooltipPlacement({ left: 900, top: 300, bottom: 320 }, tip, 1000).left).toBe(794);
    expect(tooltipPlacement({ left: -30, top: 300, bottom: 320 }, tip, 1000).left).toBe(6);
  });
});

describe('CatalogValue outside the lesson build', () => {
  it('says it was not resolved instead of inventing a number', () => {
    render(<CatalogValue of="a100-sxm-80gb" figure="memoryBytes" />);
    expect(screen.getByText(/not resolved/).textContent).toBe(
      '[catalog value a100-sxm-80gb / memoryBytes not resolved]',
    );
  });
});
