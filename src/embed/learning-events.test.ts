import { describe, expect, it, vi } from 'vitest';
import { createLearningChannel, type LearningEvent } from './learning-events';

const run: LearningEvent = {
  kind: 'widget-run',
  widgetId: 'race',
  widgetLabel: 'CPU vs GPU race',
  summary: 'GPU 3.1x faster',
};

describe('learning channel', () => {
  it('delivers each event to every listener until it unsubscribes', () => {
    const channel = createLearningChannel();
    const a = vi.fn();
    const b = vi.fn();
    const stopA = channel.subscribe(a);
    channel.subscribe(b);
    channel.publish(run);
    stopA();
    channel.publish(run);
    expect(a).toHaveBeenCalledTimes(1);
    expect(b).toHaveBeenCalledTimes(2);
    expect(b).toHaveBeenLastCalledWith(run);
  });

  it('keeps delivering when one listener throws, and reports the failure', () => {
    const channel = createLearningChannel();
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const after = vi.fn();
    channel.subscribe(() => {
      throw new Error('broken host');
    });
    channel.subscribe(after);
    expect(() => channel.publish(run)).not.toThrow();
    expect(after).toHaveBeenCalledWith(run);
    expect(error).toHaveBeenCalledOnce();
    error.mockRestore();
  });

  it('lets a listener unsubscribe while an event is being delivered', () => {
    const channel = createLearningChannel();
    const second = vi.fn();
    const stop = channel.subscribe(() => stop());
    channel.subscribe(second);
    channel.publish(run);
    channel.publish(run);
    expect(second).toHaveBeenCalledTimes(2);
  });
});
