import { describe, expect, it } from 'vitest';
import { lessonOfWidget } from './widget-lesson';

describe('lessonOfWidget', () => {
  it('finds the first lesson that places a real widget, also by an instance prefix', () => {
    expect(lessonOfWidget('race')).toBe('why-gpus');
    expect(lessonOfWidget('race-b')).toBe('why-gpus');
    expect(lessonOfWidget('kernel-lab')).toBe('measuring');
  });

  it('knows no lesson for an unknown widget or one no lesson places', () => {
    expect(lessonOfWidget('no-such-widget')).toBeNull();
    expect(lessonOfWidget('race', {})).toBeNull();
  });
});
