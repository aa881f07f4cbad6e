// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { PrecisionExplorer } from './PrecisionExplorer';
import { fakeKernelDeps } from './test-deps';

const deps = fakeKernelDeps({ f16: false }).deps;

function input(): HTMLInputElement {
  return screen.getByLabelText('Number') as HTMLInputElement;
}
function type(text: string): void {
  fireEvent.change(input(), { target: { value: text } });
}
/** The stored value shown in a format's row. */
function stored(format: string): string {
  return document.querySelector(`tr[data-format="${format}"] [data-value]`)?.textContent ?? '';
}
function outcome(format: string): string | null {
  return (
    document.querySelector(`tr[data-format="${format}"]`)?.getAttribute('data-outcome') ?? null
  );
}
function bit(index: number): HTMLButtonElement {
  return document.querySelector(`[data-bit-editor] [data-bit="${index}"]`) as HTMLButtonElement;
}

beforeEach(() => {
  window.location.hash = '#/lesson/mixed-precision';
});
afterEach(() => {
  vi.useRealTimers();
  window.history.replaceState(null, '', '#');
});

describe('the formats part', () => {
  it('shows a typed number in every format, exactly', () => {
    render(<PrecisionExplorer kernelDeps={deps} />);
    type('0.1');
    expect(stored('fp16')).toBe('0.0999755859375');
    expect(stored('bf16')).toBe('0.10009765625');
    expect(stored('fp32')).toBe('0.100000001490116119384765625');
    type('65520');
    expect(outcome('fp16')).toBe('overflow');
    expect(stored('fp16')).toBe('inf');
    expect(stored('bf16')).toBe('65536');
    expect(outcome('e4m3')).toBe('overflow');
    expect(stored('e4m3')).toBe('NaN');
    type('1e-9');
    expect(stored('fp16')).toBe('0');
    expect(outcome('fp16')).toBe('underflow');
  });

  it('keeps the last number on show and says what it accepts after bad input', () => {
    render(<PrecisionExplorer kernelDeps={deps} />);
    type('0.5');
    type('0,5');
    expect(input().getAttribute('aria-invalid')).toBe('true');
    const message = document.querySelector('[data-input-error]')?.textContent ?? '';
    expect(message).toMatch(/Use a dot as the decimal mark/);
    expect(message).toMatch(/Still showing 0\.5\./);
    expect(stored('fp16')).toBe('0.5');
    type('');
    expect(document.querySelector('[data-input-error]')?.textContent).toMatch(/Nothing typed yet/);
    expect(document.querySelectorAll('tr[data-format]')).toHaveLength(6);
  });

  it('flips bits of the selected format and decodes the pattern', () => {
    render(<PrecisionExplorer kernelDeps={deps} />);
    type('0.1');
    expect(document.querySelector('[data-hex]')?.textContent).toBe('0x2e66');
    fireEvent.click(bit(15));
    expect(input().value).toBe('-0.0999755859375');
    expect(stored('fp16')).toBe('-0.0999755859375');
    expect(bit(15).getAttribute('aria-pressed')).toBe('true');
    // All-ones exponent with a non-zero mantissa: a NaN pattern stays as clicked.
    fireEvent.click(bit(15));
    for (const i of [14, 12]) fireEvent.click(bit(i));
    expect(document.querySelector('[data-hex]')?.textContent).toBe('0x7e66');
    expect(input().value).toBe('nan');
    expect(document.querySelector('[data-bit-steps]')?.textContent).toMatch(/Value: NaN\./);
  });

  it('moves between bits with the arrow keys, one tab stop for the row', () => {
    render(<PrecisionExplorer kernelDeps={deps} />);
    const tabStops = [...document.querySelectorAll('[data-bit-editor] [data-bit]')].filter(
      (b) => b.getAttribute('tabindex') === '0',
    );
    expect(tabStops).toHaveLength(1);
    bit(15).focus();
    fireEvent.keyDown(bit(15), { key: 'ArrowRight' });
    expect(document.activeElement).toBe(bit(14));
    fireEvent.keyDown(bit(14), { key: 'End' });
    expect(document.activeElement).toBe(bit(0));
    expect(bit(0).getAttribute('tabindex')).toBe('0');
  });

  it('chooses the format of the bit editor', () => {
    render(<PrecisionExplorer kernelDeps={deps} />);
    type('448');
    fireEvent.click(screen.getByRole('radio', { name: /FP8 E4M3/ }));
    expect(document.querySelector('[data-bit-editor]')?.getAttribute('data-bit-editor')).toBe(
      'e4m3',
    );
    expect(document.querySelector('[data-hex]')?.textContent).toBe('0x7e');
    const limits = [...document.querySelectorAll('.precision-limits-list > div')].map(
      (row) => `${row.querySelector('dt')?.textContent}: ${row.querySelector('dd')?.textContent}`,
    );
    expect(limits).toEqual([
      'Largest normal: 448',
      'Smallest normal: 0.015625',
      'Smallest subnormal: 0.001953125',
      'Machine epsilon: 0.125',
    ]);
  });
});

describe('settings in the link', () => {
  it('opens on the number and format a link names, with notices for bad values', () => {
    window.location.hash =
      '#/lesson/mixed-precision?precision.x=65504&precision.format=e4m3&precision.scale=99';
    render(<PrecisionExplorer kernelDeps={deps} />);
    expect(input().value).toBe('65504');
    expect(stored('fp16')).toBe('65504');
    expect(document.querySelector('[data-bit-editor]')?.getAttribute('data-bit-editor')).toBe(
      'e4m3',
    );
    expect(document.querySelector('.widget-notices')?.textContent).toMatch(/at most 24/);
  });

  it('writes the typed number, a special value and the part to the link', () => {
    vi.useFakeTimers();
    render(<PrecisionExplorer kernelDeps={deps} />);
    type('-inf');
    act(() => vi.advanceTimersByTime(400));
    expect(decodeURIComponent(window.location.hash.split('?')[1] ?? '')).toBe(
      'precision.special=-inf',
    );
    type('6.1e-5');
    fireEvent.click(screen.getByRole('radio', { name: 'Autocast' }));
    act(() => vi.advanceTimersByTime(400));
    expect(decodeURIComponent(window.location.hash.split('?')[1] ?? '')).toBe(
      'precision.x=0.000061&precision.part=autocast',
    );
  });
});
