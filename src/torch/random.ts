/** A small seeded random generator, so the console's random tensors are reproducible. */

/** A source of uniform and normal random numbers. */
export interface RandomSource {
  /** Uniform in [0, 1). */
  uniform(): number;
  /** Standard normal (mean 0, standard deviation 1). */
  normal(): number;
}

/** Creates a generator (mulberry32 with Box-Muller) from a 32-bit seed. */
export function createRandom(seed: number): RandomSource {
  let state = seed >>> 0;
  let spare: number | null = null;
  const uniform = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    uniform,
    normal() {
      if (spare !== null) {
        const value = spare;
        spare = null;
        return value;
      }
      const u = 1 - uniform();
      const v = uniform();
      const radius = Math.sqrt(-2 * Math.log(u));
      spare = radius * Math.sin(2 * Math.PI * v);
      return radius * Math.cos(2 * Math.PI * v);
    },
  };
}
