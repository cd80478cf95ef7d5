/**
 * A small deterministic generator (mulberry32), so every fresh demo database tells the same story
 * relative to the day it is made. Its low bits are well mixed, unlike a plain LCG's.
 */
export function randomSource(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = Math.imul(state ^ (state >>> 15), state | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    /** A float in [0, 1). */
    next,
    /** True with probability p. */
    chance: (p: number) => next() < p,
    /** A float in [min, max). */
    between: (min: number, max: number) => min + next() * (max - min),
    /** An integer in [min, max]. */
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    /** One item of a list. */
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)],
    /** One item of [item, weight] pairs, by weight. */
    weighted: <T>(items: ReadonlyArray<readonly [T, number]>): T => {
      let left = next() * items.reduce((sum, [, weight]) => sum + weight, 0);
      for (const [item, weight] of items) {
        left -= weight;
        if (left < 0) return item;
      }
      return items[items.length - 1][0];
    },
  };
}

export type Random = ReturnType<typeof randomSource>;
