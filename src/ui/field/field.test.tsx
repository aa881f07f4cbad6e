// @vitest-environment jsdom
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { booleanField, enumField, integerField, numberField } from '../../state/schema';
import {
  CheckSetting,
  correctionText,
  fieldHelp,
  fieldLabel,
  NumberSetting,
  RadioSetting,
  SelectSetting,
  SliderSetting,
  sliderScale,
} from './index';

const tasks = integerField({
  key: 'n',
  label: 'Tasks',
  help: 'Independent tasks in the batch',
  scale: 'log',
  min: 1,
  max: 1_048_576,
  default: 64,
});
const host = numberField({
  key: 'host-us',
  label: 'Host time per op (µs)',
  formLabel: 'Host time per eager op',
  unit: 'µs',
  default: 8.49,
  min: 1,
  max: 200,
  decimals: 2,
});

describe('what a form writes for a field', () => {
  it('reads the label, form label, unit and help from the field', () => {
    expect(fieldLabel(tasks)).toBe('Tasks');
    expect(fieldLabel(host)).toBe('Host time per eager op (µs)');
    expect(fieldHelp(tasks)).toBe('Independent tasks in the batch (log scale)');
    expect(fieldHelp(host)).toBeNull();
    expect(correctionText({ min: 1, max: 1_048_576, decimals: 0 }, 32, 'the profile')).toBe(
      'Type a whole number from 1 to 1,048,576; the profile keeps 32 until then.',
    );
    expect(correctionText({ min: 1, max: 200, decimals: 2 }, 8.49, 'the profile')).toBe(
      'Type a number from 1 to 200 with at most 2 decimals; the profile keeps 8.49 until then.',
    );
  });

  it('puts values on a linear slider as they are, and on a log slider by ratios', () => {
    const linear = sliderScale({ min: 0, max: 50 });
    expect([linear.min, linear.max, linear.toSlider(7), linear.fromSlider(7)]).toEqual([
      0, 50, 7, 7,
    ]);
    const log = sliderScale(tasks, 'log');
    expect([log.min, log.max]).toEqual([0, 1000]);
    expect(log.toSlider(1)).toBe(0);
    expect(log.toSlider(1024)).toBe(500);
    expect(log.toSlider(1_048_576)).toBe(1000);
    expect(log.fromSlider(500)).toBe(1024);
    const fromTwo = sliderScale({ min: 2, max: 2048 }, 'log');
    expect([fromTwo.fromSlider(0), fromTwo.fromSlider(1000)]).toEqual([2, 2048]);
  });
});

describe('the setting controls', () => {
  it('a clamped number box: label, limits and help from the field; typed text goes out as it is', () => {
    const onValue = vi.fn();
    render(<NumberSetting field={tasks} id="t" value={16} onValue={onValue} />);
    const box = screen.getByLabelText('Tasks') as HTMLInputElement;
    expect([box.type, box.min, box.max, box.value]).toEqual(['number', '1', '1048576', '16']);
    expect(document.getElementById(box.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Independent tasks in the batch (log scale)',
    );
    fireEvent.change(box, { target: { value: '' } });
    expect(onValue).not.toHaveBeenCalled();
    fireEvent.change(box, { target: { value: '9999999' } });
    expect(onValue).toHaveBeenCalledWith('9999999');
  });

  it('a checked number box keeps invalid text, says what to type, and sends only valid numbers', () => {
    const onValue = vi.fn();
    render(
      <NumberSetting
        field={host}
        entry="check"
        keeper="the profile"
        value={8.49}
        onValue={onValue}
      />,
    );
    const box = screen.getByLabelText('Host time per eager op (µs)') as HTMLInputElement;
    fireEvent.change(box, { target: { value: '0' } });
    expect(box.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('status').textContent).toBe(
      'Type a number from 1 to 200 with at most 2 decimals; the profile keeps 8.49 until then.',
    );
    expect(onValue).not.toHaveBeenCalled();
    fireEvent.change(box, { target: { value: '12.5' } });
    expect(onValue).toHaveBeenCalledWith(12.5);
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('a select, a checkbox and radios named by their fields', () => {
    const onSelect = vi.fn();
    const onCheck = vi.fn();
    const onRadio = vi.fn();
    const rows = enumField({
      key: 'rows',
      label: 'Rows shown',
      formLabel: 'Rows',
      default: '10',
      values: ['10', 'all'],
    });
    const fused = booleanField({ key: 'fused', label: 'Fused optimizer', default: false });
    const mode = enumField({ key: 'mode', label: 'Step', default: 'a', values: ['a', 'b'] });
    render(
      <>
        <SelectSetting field={rows} value="10" text={(r) => `top ${r}`} onValue={onSelect} />
        <CheckSetting field={fused} value={false} onValue={onCheck} after=" (fused=True)" />
        <RadioSetting
          field={mode}
          id="m"
          value="a"
          onValue={onRadio}
          options={[
            { value: 'a', text: 'First' },
            { value: 'b', text: 'Second' },
          ]}
        />
      </>,
    );
    const select = screen.getByLabelText('Rows') as HTMLSelectElement;
    expect([...select.options].map((o) => o.textContent)).toEqual(['top 10', 'top all']);
    fireEvent.change(select, { target: { value: 'all' } });
    expect(onSelect).toHaveBeenCalledWith('all');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Fused optimizer (fused=True)' }));
    expect(onCheck).toHaveBeenCalledWith(true);
    expect(screen.getByRole('radiogroup', { name: 'Step' }).textContent).toBe(' First Second');
    fireEvent.click(screen.getByRole('radio', { name: 'Second' }));
    expect(onRadio).toHaveBeenCalledWith('b');
  });

  it('a slider on the field’s scale beside a box for exact values, named by the help line', () => {
    const onValue = vi.fn();
    render(<SliderSetting field={tasks} id="s" value={1024} onValue={onValue} />);
    const slider = screen.getByRole('slider', {
      name: 'Tasks: Independent tasks in the batch (log scale)',
    }) as HTMLInputElement;
    expect([slider.min, slider.max, slider.value]).toEqual(['0', '1000', '500']);
    fireEvent.change(slider, { target: { value: '1000' } });
    expect(onValue).toHaveBeenCalledWith(1_048_576);
    expect((screen.getByLabelText('Tasks') as HTMLInputElement).value).toBe('1024');
  });
});
