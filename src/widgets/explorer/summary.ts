/** The sentences the explorer shows and announces: the live wave summary and the waves line. */
import { formatCount, formatSeconds } from '../../format/units';
import type { ExplorerHardware } from './hardware';
import { smWord } from './hardware';
import type { PlaybackState } from './playback';
import { shownWave } from './playback';
import { elementsDone, waveSnapshot, type WavePlan } from './schedule';

/** "1 SM", "108 SMs", "10 GPU cores". */
export function plural(count: number, word: string): string {
  return `${formatCount(count)} ${word}${count === 1 ? '' : 's'}`;
}

/**
 * The live summary of playback, for the screen and for screen readers:
 * "Wave 3 of 76: 108 SMs busy, 6,912 threads running (216 warps in 108 blocks). 20,736 of
 * 524,288 elements done."
 */
export function waveSummary(
  hardware: ExplorerHardware,
  plan: WavePlan,
  playback: PlaybackState,
): string {
  const total = plan.schedule.waves;
  const unit = smWord(hardware.base);
  // Whole waves only, so the sentence changes once a wave and not every frame.
  const done = elementsDone(plan, Math.floor(playback.position));
  const doneText = `${formatCount(done)} of ${formatCount(plan.elements)} elements done.`;
  const wave = shownWave(playback);
  if (wave === 0) {
    return `Ready: ${plural(plan.elements, 'element')} in ${plural(plan.blocks, 'block')} of ${formatCount(plan.threadsPerBlock)} threads, ${plural(total, 'wave')} over ${plural(hardware.sms, unit)}. Press Play or Step.`;
  }
  const snap = waveSnapshot(plan, wave);
  const busy = `${formatCount(snap.busySms)} ${unit}${snap.busySms === 1 ? '' : 's'} busy`;
  const running = `${plural(snap.threads, 'thread')} (${plural(snap.warps, 'warp')} in ${plural(snap.blocks, 'block')})`;
  if (playback.phase === 'finished') {
    return `Finished all ${plural(total, 'wave')}: ${doneText} The last wave had ${busy} with ${running}.`;
  }
  return `Wave ${formatCount(wave)} of ${formatCount(total)}: ${busy}, ${running.replace(' (', ' running (')}. ${doneText}`;
}

/** The slowdown of the animation against the modeled run, as a phrase. */
export function slowdownPhrase(playbackSeconds: number, modeledSeconds: number): string {
  const factor = playbackSeconds / modeledSeconds;
  if (!Number.isFinite(factor) || factor <= 1) return 'Playback runs at about real speed.';
  return `Playback is about ${roughly(factor)} times slower than the modeled ${formatSeconds(modeledSeconds)}, so you can watch it.`;
}

/** A large factor to two significant figures in words: "1.3 million", "45,000", "12". */
export function roughly(factor: number): string {
  const f = Number(factor.toPrecision(2));
  if (f >= 1e9) return `${Number((f / 1e9).toPrecision(2))} billion`;
  if (f >= 1e6) return `${Number((f / 1e6).toPrecision(2))} million`;
  return formatCount(f);
}
