// @vitest-environment jsdom
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { numberTextIn, useTypedNumber } from './useTypedNumber';

/** A bare box on the hook, for the tests. */
function Box({ value, onValue }: { value: number; onValue(n: number): void }) {
  const field = useTypedNumber({ value, valid: numberTextIn(1, 100), onValue });
  return (
    <>
      <label htmlFor={field.id}>Count</label>
      <input {...field.inputProps} />
    </>
  );
}

describe('numberTextIn', () => {
  it('takes whole numbers in range, or up to the given decimals', () => {
    const whole = numberTextIn(1, 100);
    expect(['1', ' 42 ', '100'].map(whole)).toEqual([true, true, true]);
    expect(['0', '101', '1.5', '', 'ten', '-3'].map(whole)).toEqual([
      false,
      false,
      false,
      false,
      false,
      false,
    ]);
    const cents = numberTextIn(1, 200, 2);
    expect(['8.49', '8', '200'].map(cents)).toEqual([true, true, true]);
    expect(['8.491', '8.', '.5', '200.01'].map(cents)).toEqual([false, false, false, false]);
  });
});

describe('useTypedNumber', () => {
  it('keeps what is typed, reports only valid numbers and follows a new value', () => {
    const onValue = vi.fn();
    const { rerender } = render(<Box value={10} onValue={onValue} />);
    const box = screen.getByLabelText('Count') as HTMLInputElement;
    fireEvent.change(box, { target: { value: '12' } });
    expect(onValue).toHaveBeenLastCalledWith(12);
    expect(box.getAttribute('aria-invalid')).toBe('false');
    fireEvent.change(box, { target: { value: '1000' } });
    expect(onValue).toHaveBeenCalledTimes(1);
    expect(box.value).toBe('1000');
    expect(box.getAttribute('aria-invalid')).toBe('true');
    rerender(<Box value={20} onValue={onValue} />);
    expect(box.value).toBe('20');
    expect(box.getAttribute('aria-invalid')).toBe('false');
  });
});
