import { describe, expect, it } from 'vitest';
import { checkState } from '../../state/schema';
import { readState, serializeState } from '../../state/pairs';
import { deviceSchema } from './settings';

describe('deviceSchema', () => {
  it('has no settings, so a link carries nothing for the card', () => {
    expect(deviceSchema.defaults).toEqual({});
    expect(serializeState(deviceSchema, deviceSchema.defaults)).toEqual([]);
    expect(checkState(deviceSchema, { vendor: 'nvidia' })).toEqual({ state: {}, notices: [] });
  });

  it('ignores whatever a link names for it, with notices', () => {
    const params = new Map([
      ['device.memory', '80'],
      ['device.__proto__', '1'],
      ['race.tasks', '9'],
    ]);
    const read = readState(deviceSchema, params);
    expect(read.found).toBe(true);
    expect(read.state).toEqual({});
    expect(read.notices).toEqual([
      'device.memory is not a setting of this widget; ignored.',
      'device.__proto__ is not a setting of this widget; ignored.',
    ]);
    expect(Object.prototype.hasOwnProperty.call({}, 'memory')).toBe(false);
  });
});
