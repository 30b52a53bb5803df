/**
 * The session store's idle clock: a use only notes the time, and the
 * session's one timer, when it fires, closes a session idle for the whole
 * timeout or waits for the rest of it. A session used just before the timer
 * fires is not closed then; one left alone is, once, and the store forgets it.
 */
import assert from "node:assert/strict";
import { setTimeout as sleep } from "node:timers/promises";
import { test } from "node:test";
import { createSessionStore } from "../src/openenv/sessions.js";

test("a session used within the idle timeout stays open past the first timer; left alone it closes once", async () => {
  const ended: string[] = [];
  // A timeout wide enough that a loaded machine's late timers (a 100 ms sleep taking several times that) cannot make the used session look idle.
  const store = createSessionStore({ idleTimeoutMs: 1000, maxSessions: 2 }, "", (s) => ended.push(s.id));
  let expired = 0;
  const busy = store.open("openenv", () => expired++)!;
  const idle = store.open("openenv")!;
  assert.equal(store.open("openenv"), null, "the bound holds");
  const started = performance.now();
  // Used every 100 ms for 2.5 s: over twice the timeout, never idle for it.
  while (performance.now() - started < 2500) {
    store.touch(busy);
    await sleep(100);
  }
  assert.equal(store.get(busy.id), busy, "a session in use is not closed by its first timer");
  assert.equal(store.get(idle.id), undefined, "a session left alone is closed after the timeout");
  assert.deepEqual(ended, [idle.id]);
  assert.equal(expired, 0);
  await sleep(1500);
  assert.equal(store.get(busy.id), undefined, "then idle, it closes");
  assert.equal(expired, 1);
  assert.deepEqual(ended, [idle.id, busy.id]);
  assert.equal(store.size, 0);
});

test("a session closed by hand is not closed again when its timer fires", async () => {
  const ended: string[] = [];
  const store = createSessionStore({ idleTimeoutMs: 50 }, "", (s) => ended.push(s.id));
  const session = store.open("openenv")!;
  assert.equal(store.close(session.id), true);
  await sleep(120);
  assert.deepEqual(ended, [session.id]);
});
