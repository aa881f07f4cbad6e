import { describe, expect, it } from 'vitest';
import { ScalerController } from './scaler-controller';

describe('ScalerController', () => {
  it('steps one call at a time and notifies the view', () => {
    const controller = new ScalerController();
    const seen: string[] = [];
    controller.subscribe((s) => seen.push(s.next));
    controller.next();
    controller.next();
    expect(seen).toEqual(['scale', 'backward']);
  });

  it('skips the step after an injected overflow, and grows after growth_interval good steps', () => {
    const controller = new ScalerController(3);
    controller.injectOverflow();
    controller.runIterations(1);
    expect(controller.getState()).toMatchObject({ scale: 32768, skippedSteps: 1 });
    controller.runUntilScaleChanges();
    expect(controller.getState()).toMatchObject({ scale: 65536, optimizerSteps: 3, iteration: 5 });
    controller.reset(2000);
    expect(controller.getState()).toMatchObject({ scale: 65536, iteration: 1, log: [] });
  });
});
