// @vitest-environment jsdom
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { listZooNetworks } from '../engine/models';
import {
  networkField,
  PRINT_NETWORK,
  seqField,
  stepModeField,
  stepPrecisionField,
} from '../network-step';
import { NetworkSetting, PrecisionSetting, SequenceSetting, StepModeSetting } from './step-fields';

describe('the shared step fields', () => {
  it('offers every network the field allows, the zoo by name, and reports the choice', () => {
    const onChange = vi.fn();
    render(
      <NetworkSetting
        field={networkField([PRINT_NETWORK])}
        id="net"
        value="resnet50"
        onValue={onChange}
      />,
    );
    const select = screen.getByLabelText('Network') as HTMLSelectElement;
    expect([...select.options].map((o) => o.value)).toEqual([
      ...listZooNetworks().map((n) => n.id),
      'print',
    ]);
    expect(select.options[0]?.textContent).toBe(listZooNetworks()[0]?.name);
    expect(select.options[select.options.length - 1]?.textContent).toBe('Paste print(model)');
    fireEvent.change(select, { target: { value: 'gpt2-124m' } });
    expect(onChange).toHaveBeenCalledWith('gpt2-124m');
  });

  it('marks the precisions the GPU lacks, or offers only the given ones', () => {
    const field = stepPrecisionField();
    const { unmount } = render(
      <PrecisionSetting
        field={field}
        id="p"
        value="fp32"
        onValue={() => {}}
        lacking={['tf32', 'amp-bf16']}
      />,
    );
    const labels = () =>
      [...(screen.getByLabelText('Precision') as HTMLSelectElement).options].map(
        (o) => o.textContent,
      );
    expect(labels()).toEqual([
      'fp32',
      'TF32 (not on this GPU)',
      'AMP fp16 (autocast)',
      'AMP bf16 (autocast) (not on this GPU)',
    ]);
    unmount();
    render(
      <PrecisionSetting
        field={field}
        id="p"
        value="fp32"
        onValue={() => {}}
        choices={['fp32', 'amp-fp16']}
      />,
    );
    expect(labels()).toEqual(['fp32', 'AMP fp16 (autocast)']);
  });

  it('switches the step mode in a group the field names', () => {
    const onMode = vi.fn();
    render(<StepModeSetting field={stepModeField()} id="mode" value="train" onValue={onMode} />);
    expect(screen.getByRole('radiogroup', { name: 'Step' })).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'Training step' })).toHaveProperty('checked', true);
    fireEvent.click(screen.getByLabelText('Inference'));
    expect(onMode).toHaveBeenCalledWith('inference');
  });

  it('names the sequence for the network and limits it to the network’s positions', () => {
    const { unmount } = render(
      <SequenceSetting
        field={seqField()}
        id="seq"
        network="lstm-2x1024"
        value={100}
        onValue={() => {}}
      />,
    );
    const steps = screen.getByLabelText('Time steps');
    expect(steps.getAttribute('max')).toBe(String(seqField().max));
    expect(steps.getAttribute('min')).toBe('1');
    unmount();
    render(
      <SequenceSetting
        field={seqField()}
        id="seq"
        network="gpt2-124m"
        phase="decode"
        value={64}
        hintFor={(max) => `at most ${max}`}
        onValue={() => {}}
      />,
    );
    const cached = screen.getByLabelText('Cached positions');
    expect(cached.getAttribute('max')).toBe('1024');
    expect(document.getElementById(cached.getAttribute('aria-describedby')!)?.textContent).toBe(
      'at most 1024',
    );
  });
});
