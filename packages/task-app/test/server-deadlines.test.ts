import assert from "node:assert/strict";
import { test } from "node:test";
import { createDeadlines } from "../src/server/deadlines.js";

const after = (ms: number) => new Promise((r) => setTimeout(r, ms));

test("deadlines expire in order of deadline, each once, on one timer", async () => {
  // The three are added at one instant of the clock: on a busy machine a stall of 30 ms between
  // two real add() calls would really make "late" due before "middle".
  let frozen: number | undefined;
  const deadlines = createDeadlines(() => frozen ?? performance.now());
  const fired: string[] = [];
  const target = (name: string) => ({ expire: () => fired.push(name) });
  frozen = performance.now();
  deadlines.add(60, target("late"));
  deadlines.add(10, target("early"));
  deadlines.add(30, target("middle"));
  frozen = undefined;
  assert.equal(deadlines.size, 3);
  await after(120);
  assert.deepEqual(fired, ["early", "middle", "late"]);
  assert.equal(deadlines.size, 0);
});

test("a cancelled deadline never expires, the others still do", async () => {
  const deadlines = createDeadlines();
  const fired: string[] = [];
  const first = deadlines.add(10, { expire: () => fired.push("first") });
  deadlines.add(40, { expire: () => fired.push("second") });
  deadlines.cancel(first);
  deadlines.cancel(first); // again: a no-op
  await after(90);
  assert.deepEqual(fired, ["second"]);
});

test("a deadline added earlier than the armed one fires at its own time", async () => {
  const deadlines = createDeadlines();
  const t0 = performance.now();
  let at = 0;
  const late = deadlines.add(5_000, { expire: () => assert.fail("not yet") });
  deadlines.add(20, { expire: () => (at = performance.now() - t0) });
  await after(100);
  assert.ok(at >= 19 && at < 100, `fired after ${at} ms`);
  assert.equal(deadlines.size, 1);
  deadlines.cancel(late);
});

test("a pending deadline keeps the process alive, as a timer per request did", async () => {
  const { spawnSync } = await import("node:child_process");
  const src = `import { createDeadlines } from ${JSON.stringify(new URL("../src/server/deadlines.ts", import.meta.url).href)};
createDeadlines().add(50, { expire: () => console.log("expired") });`;
  const run = spawnSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", src], { encoding: "utf8" });
  assert.equal(run.stdout.trim(), "expired", run.stderr);
});

test("a deadline counted from an earlier instant is due that much sooner (a rollout's from the executor's call)", async () => {
  let clock = 1_000;
  const deadlines = createDeadlines(() => clock);
  const fired: string[] = [];
  const since = deadlines.now();
  clock += 5_000; // the executor ran synchronously for 5 s before returning its promise
  const entry = deadlines.add(6_000, { expire: () => fired.push("rollout") }, since);
  assert.equal(entry.at, since + 6_000, "due 6 s after the call, 1 s from now");
  const later = deadlines.add(6_000, { expire: () => fired.push("later") });
  assert.equal(later.at, clock + 6_000, "without `since`, counted from now");
  deadlines.cancel(entry);
  deadlines.cancel(later);
  assert.equal(deadlines.size, 0);
});
