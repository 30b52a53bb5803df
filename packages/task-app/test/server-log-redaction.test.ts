/**
 * The server's logger redacts every string of a line (message, fields, nested objects, errors)
 * against the secrets of its environment as they are when the line is written: a key set after
 * the logger was made is masked in the next line, and one removed is no longer looked for. The
 * secrets are read once a line (SecretRedactor.fixed), not once a field.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { createLogger, createRedactingLogger } from "../src/server/logger.js";
import { createSecretRedactor } from "../src/server/secrets.js";

function capture() {
  const lines: Record<string, unknown>[] = [];
  return { lines, destination: { write: (text: string) => void lines.push(JSON.parse(text) as Record<string, unknown>) } };
}

test("every field of a line is redacted against the environment as it is at that line", () => {
  const env: Record<string, string | undefined> = { ENVIRONMENT_API_KEY: "sk-env-first-0123456789" };
  const { lines, destination } = capture();
  let reads = 0;
  const redactor = createSecretRedactor(env);
  const counted = Object.assign((text: string) => redactor(text), {
    fixed: () => {
      reads++;
      return redactor.fixed!();
    },
  });
  const log = createRedactingLogger(createLogger("info", destination), counted);
  log.info({ path: "/x?k=sk-env-first-0123456789", nested: { a: "first-0123456789", list: ["sk-env-first"] } }, "key sk-env-first-0123456789 seen");
  assert.equal(reads, 1, "the secrets are read once for the line");
  const first = JSON.stringify(lines[0]);
  assert.doesNotMatch(first, /first-0123/);
  assert.match(first, /\[redacted\]/);
  // A key set after the logger was made: the next line masks it.
  env.OPENAI_API_KEY = "sk-vendor-later-987654321";
  log.child({ run: "sk-vendor-later-987654321" }).warn(new Error("failed with sk-vendor-later-987654321"), "again");
  const second = JSON.stringify(lines[1]);
  assert.doesNotMatch(second, /later-98765/);
  // A secret in a name that is not a key's is left alone; a *_API_KEYS list is split.
  env.OTHER_API_KEYS = "sk-list-aaaaaaaa, sk-list-bbbbbbbb";
  env.NOT_A_SECRET = "plain-value-qrstuv";
  log.info({ a: "sk-list-bbbbbbbb", b: "plain-value-qrstuv" }, "third");
  assert.deepEqual([lines[2]!.a, lines[2]!.b], ["[redacted]", "plain-value-qrstuv"]);
});

test("a level turned on or off after a method was first read is honoured, and the line is still redacted", () => {
  const { lines, destination } = capture();
  const log = createRedactingLogger(createLogger("info", destination), createSecretRedactor({ ENVIRONMENT_API_KEY: "sk-env-level-0123456789" }));
  log.debug("before sk-env-level-0123456789");
  assert.equal(lines.length, 0, "debug is off");
  assert.equal(log.info, log.info, "a method is made once while the level stays");
  log.level = "debug";
  log.debug("after sk-env-level-0123456789");
  log.level = "warn";
  log.info("off again sk-env-level-0123456789");
  log.warn("warned sk-env-level-0123456789");
  assert.deepEqual(lines.map((line) => line.msg), ["after [redacted]", "warned [redacted]"]);
  assert.equal(log.isLevelEnabled("info"), false, "other methods read the logger they wrap");
});
