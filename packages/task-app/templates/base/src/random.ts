/**
 * Seeded randomness for reproducible environments: the same seed always gives
 * the same sequence, so a seed names one problem or one map forever.
 */

/**
 * A seeded generator (mulberry32): each call of the returned function gives
 * the next number in [0, 1). Only the low 32 bits of `seed` are used.
 */
export function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
