/**
 * Seed lists as users write them: `1-5,9`, `"0-99"`, `[0, 1, 2]` or `7`.
 * Ranges are inclusive; duplicates are dropped, the first order kept.
 */

/** Thrown for a seed list that cannot be read; the message says what was expected. */
export class SeedSpecError extends Error {
  override name = "SeedSpecError";
}

const ITEM = /^(\d+)(?:\s*-\s*(\d+))?$/;
/** Upper bound on one run's seed count, so a typo like `0-9999999999` is refused, not allocated. */
export const MAX_SEEDS = 1_000_000;

/** The seeds of a spec: a list, one integer, or a string of numbers and inclusive ranges separated by commas. */
export function parseSeeds(spec: string | number | readonly number[]): number[] {
  const out = new Set<number>();
  const add = (seed: number) => {
    if (!Number.isSafeInteger(seed) || seed < 0) throw new SeedSpecError(`seed ${seed} is not a non-negative integer`);
    out.add(seed);
    if (out.size > MAX_SEEDS) throw new SeedSpecError(`more than ${MAX_SEEDS.toLocaleString("en-US")} seeds`);
  };
  if (typeof spec === "number") add(spec);
  else if (Array.isArray(spec)) spec.forEach(add);
  else {
    const text = String(spec).trim();
    if (!text) throw new SeedSpecError('no seeds given: write them as "1-5,9" (numbers and inclusive ranges)');
    for (const part of text.split(",")) {
      const match = ITEM.exec(part.trim());
      if (!match) throw new SeedSpecError(`cannot read seeds "${text}": "${part.trim()}" is neither a number nor a range like 0-99`);
      const start = Number(match[1]);
      const end = match[2] === undefined ? start : Number(match[2]);
      if (end < start) throw new SeedSpecError(`seed range ${start}-${end} runs backwards; write ${end}-${start}`);
      if (end - start >= MAX_SEEDS) throw new SeedSpecError(`seed range ${start}-${end} has more than ${MAX_SEEDS.toLocaleString("en-US")} seeds`);
      for (let seed = start; seed <= end; seed++) add(seed);
    }
  }
  return [...out];
}
