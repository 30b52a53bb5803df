/**
 * "Did you mean" suggestions for unknown config keys.
 */

/** Lower-cases a key and treats `-` and `_` as the same character. */
function normalizeKey(key: string): string {
  return key.toLowerCase().replaceAll("-", "_");
}

/**
 * Keys longer than this get no suggestion: no schema key comes close, and the
 * distance would cost length x length.
 */
export const MAX_SUGGESTED_KEY_LENGTH = 128;

/**
 * Optimal string alignment distance (insertions, deletions, substitutions and
 * transpositions of adjacent characters, each costing 1), or Infinity when it
 * is above `limit`. Three rows of the matrix are kept, never the whole of it.
 */
function measureDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return Infinity;
  let before: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(previous[j]! + 1, row[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, before[j - 2]! + 1);
      row.push(d);
      rowMin = Math.min(rowMin, d);
    }
    if (rowMin > limit) return Infinity;
    [before, previous] = [previous, row];
  }
  const d = previous[b.length]!;
  return d > limit ? Infinity : d;
}

/**
 * Returns the allowed key closest to `unknown`, or undefined when none is
 * close enough. A key equal up to case and `-`/`_` wins outright; otherwise the
 * smallest edit distance (adjacent transpositions count once) is accepted when
 * it is at most max(1, floor(length / 3)) of the unknown key. Ties go to the
 * key the unknown one is a prefix of, then to the alphabetically first. Keys
 * longer than MAX_SUGGESTED_KEY_LENGTH get none.
 */
export function suggestKey(unknown: string, allowed: readonly string[]): string | undefined {
  return createKeySuggester(allowed)(unknown);
}

/** suggestKey with the allowed keys prepared once, for many unknown keys of one table. */
export function createKeySuggester(allowed: readonly string[]): (unknown: string) => string | undefined {
  const candidates = [...allowed].sort().map((key) => ({ key, normal: normalizeKey(key) }));
  return (unknown) => {
    if (unknown.length > MAX_SUGGESTED_KEY_LENGTH) return undefined;
    const target = normalizeKey(unknown);
    const limit = Math.max(1, Math.floor(unknown.length / 3));
    let best: (typeof candidates)[number] | undefined;
    let bestDistance = Infinity;
    for (const candidate of candidates) {
      const d = measureDistance(target, candidate.normal, limit);
      if (d === Infinity) continue;
      const prefers = d === bestDistance && best !== undefined && candidate.normal.startsWith(target) && !best.normal.startsWith(target);
      if (d < bestDistance || prefers) {
        best = candidate;
        bestDistance = d;
      }
    }
    return best?.key;
  };
}
