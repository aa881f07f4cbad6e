// @vitest-environment jsdom
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { listZooNetworks } from '../engine/models';
import { CountInput, NetworkSelect, PrecisionSelect, StepModeRadios } from './step-fields';

describe('the shared step fields', () => {
  it('offers every zoo network, then the extra options, and reports the choice', () => {
    const onChange = vi.fn();
    render(
      <NetworkSelect
        id="net"
        value="resnet50"
        onChange={onChange}
        extraOptions={<option value="custom">Mine</option>}
      />,
    );
    const select = screen.getByLabelText('Network') as HTMLSelectElement;
    const values = [...select.options].map((o) => o.value);
    expect(values).toEqual([...listZooNetworks().map((n) => n.id), 'custom']);
    fireEvent.change(select, { target: { value: 'gpt2-124m' } });
    expect(onChange).toHaveBeenCalledWith('gpt2-124m');
  });

  it('marks the precisions the GPU lacks, or offers only the given ones', () => {
    const { unmount } = render(
      <PrecisionSelect id="p" value="fp32" onChange={() => {}} lacking={['tf32', 'amp-bf16']} />,
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
      <PrecisionSelect id="p" value="fp32" onChange={() => {}} choices={['fp32', 'amp-fp16']} />,
    );
    expect(labels()).toEqual(['fp32', 'AMP fp16 (autocast)']);
  });

  it('switches the step mode, and ignores a cleared number box', () => {
    const onMode = vi.fn();
    const onValue = vi.fn();
    render(
      <>
        <StepModeRadios name="mode" value="train" onChange={onMode} />
        <label htmlFor="batch">Batch</label>
        <CountInput id="batch" value={8} min={1} max={64} onValue={onValue} />
      </>,
    );
    fireEvent.click(screen.getByLabelText('Inference'));
    expect(onMode).toHaveBeenCalledWith('inference');
    const batch = screen.getByLabelText('Batch');
    fireEvent.change(batch, { target: { value: '' } });
    expect(onValue).not.toHaveBeenCalled();
    fireEvent.change(batch, { target: { value: '16' } });
    expect(onValue).toHaveBeenCalledWith('16');
  });
});
