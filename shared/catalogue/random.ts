/**
 * A small deterministic pseudo-random generator (mulberry32 over a splitmix32-scrambled seed) for the demo
 * catalogue. Same seed, same sequence, on every runtime. Not for anything security-related.
 */

/** A seeded random source. */
export interface Rng {
  /** Uniform in [0, 1). */
  next(): number;
  /** Uniform integer in [min, max], both inclusive. */
  int(min: number, max: number): number;
  /** Uniform real in [min, max). */
  range(min: number, max: number): number;
  /** True with probability p. */
  chance(p: number): boolean;
  /** A uniformly chosen element of a non-empty array. */
  pick<T>(items: readonly T[]): T;
  /** A value chosen with probability proportional to its weight (weights ≥ 0, at least one > 0). */
  weighted<T>(items: readonly (readonly [T, number])[]): T;
  /** Standard normal (mean 0, sd 1), by Box-Muller. */
  normal(): number;
}

/** splitmix32 finaliser: spreads consecutive integers over the whole 32-bit range. */
export function mix32(x: number): number {
  let z = (x + 0x9e3779b9) | 0;
  z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
  z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
  return (z ^ (z >>> 16)) >>> 0;
}

/** Combines a stream name and an index into one 32-bit seed (e.g. `seedOf("diamond", i)`). */
export function seedOf(stream: string, index: number): number {
  let h = 0x811c9dc5; // FNV-1a over the stream name
  for (let i = 0; i < stream.length; i++) h = Math.imul(h ^ stream.charCodeAt(i), 0x01000193);
  return mix32(h ^ mix32(index >>> 0) ^ Math.floor(index / 0x1_0000_0000));
}

/** A deterministic random source for `seed` (any number; only its low 32 bits matter). */
export function rng(seed: number): Rng {
  let state = mix32(seed >>> 0);
  const next = (): number => {
    state = (state + 0x6d2b79f5) | 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const r: Rng = {
    next,
    int(min, max) {
      if (!Number.isInteger(min) || !Number.isInteger(max) || max < min) throw new RangeError(`int(${min}, ${max})`);
      return min + Math.floor(next() * (max - min + 1));
    },
    range(min, max) {
      return min + next() * (max - min);
    },
    chance(p) {
      return next() < p;
    },
    pick(items) {
      if (items.length === 0) throw new RangeError("pick from an empty array");
      return items[Math.floor(next() * items.length)]!;
    },
    weighted(items) {
      let total = 0;
      for (const [, w] of items) total += w;
      if (!(total > 0)) throw new RangeError("weighted: no positive weight");
      let x = next() * total;
      for (const [v, w] of items) {
        x -= w;
        if (x < 0) return v;
      }
      return items[items.length - 1]![0];
    },
    normal() {
      const u = 1 - next(); // (0, 1]
      const v = next();
      return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
    },
  };
  return r;
}
