/**
 * `redactSecrets` catches any run of 6 or more consecutive characters of a
 * secret, wherever it sits (start, end, a slice from the middle), checked
 * against a plain reference implementation on generated texts.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import fc from "fast-check";
import { redactSecrets } from "../src/server/secrets.js";

/** The reference: mark every position covered by a 6+ window of a secret (a short secret: whole), then replace each covered run. */
function reference(text: string, secrets: readonly string[]): string {
  const covered = new Array<boolean>(text.length).fill(false);
  for (const secret of secrets) {
    if (secret.length < 4) continue;
    const size = Math.min(6, secret.length);
    for (let offset = 0; offset + size <= secret.length; offset++) {
      const piece = secret.slice(offset, offset + size);
      for (let at = text.indexOf(piece); at !== -1; at = text.indexOf(piece, at + 1)) for (let i = at; i < at + size; i++) covered[i] = true;
    }
  }
  let out = "";
  for (let i = 0; i < text.length; i++) {
    if (!covered[i]) out += text[i];
    else if (i === 0 || !covered[i - 1]) out += "[redacted]";
  }
  return out;
}

test("a slice from the middle of a key is redacted, as its start and end are", () => {
  const key = "sk-proj-AbCdEfGhIjKlMnOpQrStUvWx";
  assert.equal(redactSecrets(`mid ${key.slice(10, 22)} end`, [key]), "mid [redacted] end");
  assert.equal(redactSecrets(`six ${key.slice(13, 19)} five ${key.slice(13, 18)}`, [key]), `six [redacted] five ${key.slice(13, 18)}`);
  assert.equal(redactSecrets(`${key.slice(0, 9)}|${key.slice(-7)}|${key}`, [key]), "[redacted]|[redacted]|[redacted]");
});

test("redactSecrets matches the reference on generated texts and keys", () => {
  const alphabet = fc.constantFrom(..."abcxyz01-_");
  const word = (min: number, max: number) => fc.array(alphabet, { minLength: min, maxLength: max }).map((a) => a.join(""));
  fc.assert(
    fc.property(fc.array(word(4, 16), { minLength: 1, maxLength: 3 }), fc.array(fc.oneof(word(0, 8), fc.nat(40)), { maxLength: 8 }), (secrets, parts) => {
      // Texts built from slices of the secrets and noise, so partial matches are common.
      const text = parts.map((p, i) => (typeof p === "number" ? secrets[i % secrets.length]!.slice(p % 7, (p % 7) + (p % 13)) : p)).join("");
      assert.equal(redactSecrets(text, secrets), reference(text, secrets));
    }),
    { numRuns: 2000 },
  );
});
