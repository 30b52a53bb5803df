/**
 * "Did you mean" suggestions for unknown config keys.
 */

/** Lower-cases a key and treats `-` and `_` as the same character. */
function normalizeKey(key: string): string {
  return key.toLowerCase().replaceAll("-", "_");
}

/**
 * Optimal string alignment distance: insertions, deletions, substitutions and
 * transpositions of adjacent characters, each costing 1.
 */
function measureDistance(a: string, b: string): number {
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      if (i === 0) {
        row.push(j);
        continue;
      }
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(rows[i - 1]![j]! + 1, row[j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        d = Math.min(d, rows[i - 2]![j - 2]! + 1);
      }
      row.push(d);
    }
    rows.push(row);
  }
  return rows[a.length]![b.length]!;
}

/**
 * Returns the allowed key closest to `unknown`, or undefined when none is
 * close enough. A key equal up to case and `-`/`_` wins outright; otherwise the
 * smallest edit distance (adjacent transpositions count once) is accepted when
 * it is at most max(1, floor(length / 3)) of the unknown key. Ties go to the
 * key the unknown one is a prefix of, then to the alphabetically first.
 */
export function suggestKey(unknown: string, allowed: readonly string[]): string | undefined {
  const target = normalizeKey(unknown);
  const limit = Math.max(1, Math.floor(unknown.length / 3));
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const key of [...allowed].sort()) {
    const d = measureDistance(target, normalizeKey(key));
    const prefers = d === bestDistance && best !== undefined && normalizeKey(key).startsWith(target) && !normalizeKey(best).startsWith(target);
    if (d < bestDistance || prefers) {
      best = key;
      bestDistance = d;
    }
  }
  return bestDistance <= limit ? best : undefined;
}
