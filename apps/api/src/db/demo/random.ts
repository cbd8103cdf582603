/**
 * A small seeded PRNG (mulberry32) so that demo and benchmark data are the same on every machine for the
 * same seed.
 */
export interface Random {
  /** [0, 1) */
  next(): number;
  /** Integer in [min, max] */
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  /** Picks by weight: `[[value, weight], …]`. */
  weighted<T>(items: readonly (readonly [T, number])[]): T;
  chance(probability: number): boolean;
  /** A version-4-shaped UUID made from the stream (deterministic, unlike crypto.randomUUID). */
  uuid(): string;
  digits(count: number): string;
}

export function createRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const hex = (count: number) => {
    let out = '';
    for (let i = 0; i < count; i++) out += int(0, 15).toString(16);
    return out;
  };
  return {
    next,
    int,
    pick: (items) => {
      const item = items[int(0, items.length - 1)];
      if (item === undefined) throw new Error('pick from an empty list');
      return item;
    },
    weighted: (items) => {
      const total = items.reduce((sum, [, weight]) => sum + weight, 0);
      let roll = next() * total;
      for (const [value, weight] of items) {
        roll -= weight;
        if (roll < 0) return value;
      }
      const last = items.at(-1);
      if (!last) throw new Error('weighted pick from an empty list');
      return last[0];
    },
    chance: (probability) => next() < probability,
    uuid: () => `${hex(8)}-${hex(4)}-4${hex(3)}-${(8 + int(0, 3)).toString(16)}${hex(3)}-${hex(12)}`,
    digits: (count) => {
      let out = '';
      for (let i = 0; i < count; i++) out += String(int(0, 9));
      return out;
    },
  };
}
