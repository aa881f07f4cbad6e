/**
 * Words and numbers for the prediction record: the forecast shown before a run, the outcome
 * after it, the signed error, and what "this device" is. Pure string building.
 */
import type { KernelBound } from '../../engine/models';
import type { MeasuredDevice } from '../../engine/models';
import {
  formatGigabytesPerSecond,
  formatGigaflopsPerSecond,
  formatPercent,
  formatSeconds,
  NO_VALUE,
} from '../../format/units';
import type { Forecast } from './device-model';

/** How the limit the model sees reads after a time. */
export const BOUND_PHRASE: Record<KernelBound, string> = {
  memory: 'memory bound',
  compute: 'compute bound',
  overhead: 'launch overhead bound',
};

/** A signed error as a percentage with a real minus sign: "+12 %", "−35 %", "0 %", or "—". */
export function formatSignedError(error: number | null): string {
  if (error === null || !Number.isFinite(error)) return NO_VALUE;
  const magnitude = formatPercent(Math.abs(error));
  if (magnitude === '0 %') return magnitude;
  return `${error > 0 ? '+' : '−'}${magnitude}`;
}

/** The line shown before a run starts: the prediction for this device, or why there is none. */
export function forecastSentence(forecast: Forecast): string {
  return forecast.ok
    ? `Predicted for this device: ${formatSeconds(forecast.seconds)} (${BOUND_PHRASE[forecast.bound]}).`
    : forecast.message;
}

/** What a signed error means, in words. */
export function errorMeaning(error: number): string {
  if (error < 0) return 'the kernel took longer than the model predicted';
  if (error > 0) return 'the kernel ran faster than the model predicted';
  return 'exactly as predicted';
}

/**
 * The line after a run: the measured time and the error against the prediction made before it,
 * or why there is no error (the output failed its check, so no time is shown).
 */
export function outcomeSentence(measuredSeconds: number | null, error: number | null): string {
  if (measuredSeconds === null) {
    return 'Measured: not shown, because the output did not match the CPU reference.';
  }
  const time = `Measured: ${formatSeconds(measuredSeconds)}`;
  if (error === null) return `${time}; no error can be computed from these times.`;
  return `${time}. Error ${formatSignedError(error)}: ${errorMeaning(error)}.`;
}

/** "SwiftShader" when the adapter says so, otherwise a general name for a software adapter. */
function softwareRenderer(name: string): string {
  return /swiftshader/i.test(name) ? 'SwiftShader' : 'a software implementation of WebGPU';
}

/** What the modeled "device" is: this GPU from its roofs, or on a software adapter, the CPU. */
export function deviceModelNote(device: MeasuredDevice): string {
  const roofs =
    `${formatSeconds(device.launchOverheadSeconds ?? NaN)} per dispatch, ` +
    `${formatGigabytesPerSecond(device.bytesPerSecond ?? NaN)} and ` +
    `${formatGigaflopsPerSecond(device.fmaFlopsPerSecond ?? NaN)}`;
  if (device.software) {
    return (
      `The “device” modeled here is your CPU running ${softwareRenderer(device.name)}, ` +
      `WebGPU’s software fallback: its roofs (${roofs}) are what the CPU reached, so the model ` +
      `predicts the CPU, not a graphics card.`
    );
  }
  return (
    `The device modeled here is this GPU (${device.name}), described only by its measured roofs ` +
    `(${roofs}); nothing comes from a datasheet.`
  );
}

/** The line under the record: the median size of the errors over the runs that have one. */
export function medianSentence(medianAbsError: number | null, runs: number): string {
  if (medianAbsError === null) return 'No run with a measured time yet, so no median error.';
  const over = runs === 1 ? 'over 1 run' : `over ${runs} runs`;
  return `Median |error| ${over}: ${formatPercent(medianAbsError)} (model of this device against measured).`;
}
