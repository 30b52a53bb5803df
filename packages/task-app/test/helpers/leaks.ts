/**
 * Finding secrets in text a test captured (logs, reply bodies, a child's
 * output): the whole key, its first 6 characters or its last 6.
 */

/** Every 6-character prefix or suffix of the given secrets that shows in `text`. */
export function shownSecretPieces(text: string, secrets: readonly string[]): string[] {
  return secrets.flatMap((s) => [s.slice(0, 6), s.slice(-6)].filter((piece) => text.includes(piece)));
}
