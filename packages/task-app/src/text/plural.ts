/**
 * A count with its noun, singular for one ("1 run", "2 runs", "0 runs"): the
 * one rule for every count the CLI prints. `plural` defaults to the noun
 * plus "s".
 */
export function formatCount(count: number, singular: string, plural = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : plural}`;
}
