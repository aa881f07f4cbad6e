// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { PresetButtons } from './PresetButtons';

describe('PresetButtons', () => {
  it('names the group, says which preset is on, and picks one', () => {
    const onSmall = vi.fn();
    render(
      <PresetButtons
        className="x-presets"
        label="Tensor shapes"
        lead="Shapes:"
        presets={[
          { key: 's', label: 'Small', title: '1,024 elements', pressed: true, onPick: onSmall },
          { key: 'l', label: 'Large', pressed: false, onPick: () => {} },
        ]}
      />,
    );
    const group = screen.getByRole('group', { name: 'Tensor shapes' });
    expect(group.firstElementChild?.textContent).toBe('Shapes:');
    const small = within(group).getByRole('button', { name: 'Small' });
    expect(small.getAttribute('aria-pressed')).toBe('true');
    expect(small.title).toBe('1,024 elements');
    expect(within(group).getByRole('button', { name: 'Large' }).getAttribute('aria-pressed')).toBe(
      'false',
    );
    fireEvent.click(small);
    expect(onSmall).toHaveBeenCalledOnce();
  });

  it('leaves out the pressed state of action presets, and turns every button off while disabled', () => {
    render(
      <PresetButtons
        className="x-presets"
        label="Presets"
        disabled
        presets={[{ key: 'a', label: 'A', onPick: () => {} }]}
      />,
    );
    const button = screen.getByRole('button', { name: 'A' });
    expect(button.hasAttribute('aria-pressed')).toBe(false);
    expect((button as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByRole('group', { name: 'Presets' }).querySelector('span')).toBeNull();
  });
});
