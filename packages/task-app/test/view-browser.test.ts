/**
 * `task-app view` in real Chromium (Debian's, through playwright-core) over
 * real eval runs of every template (math twice, multi-step, vision) in a
 * real SQLite store: runs → run → session → compare by clicking, the numbers
 * on the page equal the run files' and the store's, every image of a vision
 * session loads, hostile model output stays text (no dialog, no script, no
 * request leaves 127.0.0.1), no console error; then the exported report
 * opened from file:// with the network off shows the same numbers.
 * Screenshots of each view go to test-artifacts/view/ (not committed).
 * One browser for the file. Needs the build (dist/viewer, the scaffolded
 * apps import this package by name).
 */
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { after, before, describe, test } from "node:test";
import type { Browser } from "playwright-core";
import { writeJsonAtomic, type EvalResult } from "../src/eval/results.js";
import { packageRoot } from "../src/scaffold/paths.js";
import { openTraceStore } from "../src/traces/store.js";
import { exportReport } from "../src/view/export.js";
import { startViewer, type RunningViewer } from "../src/view/serve.js";
import { hasChromium, launchChromium, watchedPage, type WatchedPage } from "./helpers/browser.js";
import { makeSessionTrace } from "./helpers/session-trace.js";
import { makeViewRuns } from "./helpers/view-runs.js";

const ARTIFACTS = join(packageRoot(), "test-artifacts", "view");
const HOSTILE = 'Done. <script>window.__pwned = 1; alert("script")</script> <img src=x onerror="window.__pwned = 2; alert(\'img\')"> <a href="javascript:alert(\'link\')">click me</a> [md](javascript:alert(4)) <img src="http://203.0.113.7/leak.png">';

const root = mkdtempSync(join(tmpdir(), "task-app-view-browser-"));
let made: Awaited<ReturnType<typeof makeViewRuns>>;
let viewer: RunningViewer;
let browser: Browser;
let w: WatchedPage;
const hostileId = "session-hostile-<b>1</b>";
const FLAKY_ERROR_ID = "0b9f2c4e-1d7a-4c55-9b1e-5a7f0e3d2c11";

const results = (name: string): EvalResult[] =>
  readFileSync(join(made.runsDir, name, "results.jsonl"), "utf8")
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l) as EvalResult);
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
const stderr = (xs: number[]) => Math.sqrt(xs.reduce((a, x) => a + (x - mean(xs)) ** 2, 0) / (xs.length - 1) / xs.length);
const pm = (xs: number[]) => `${mean(xs).toFixed(3)} ± ${stderr(xs).toFixed(3)}`;
const text = async (selector: string) => ((await w.page.locator(selector).first().textContent()) ?? "").trim();
const shot = (name: string) => w.page.screenshot({ path: join(ARTIFACTS, `${name}.png`), fullPage: true });

describe("task-app view in Chromium", { skip: hasChromium ? false : "no /usr/bin/chromium (apt-get install chromium)" }, () => {
  before(async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    made = await makeViewRuns(root, [
      { name: "math-a", template: "math", seeds: "0-9" },
      { name: "math-b", template: "math", seeds: "5-14" },
      { name: "crafting-text", template: "multi-step", seeds: "0-3" },
      { name: "crafting-vision", template: "vision", seeds: "0-3" },
    ]);
    const hostile = makeSessionTrace(1, { runId: "hostile", model: "<i>model</i>" }) as unknown as Record<string, unknown> & { session_id: string };
    const json = JSON.stringify({ ...hostile, session_id: hostileId })
      .replaceAll(JSON.stringify("Done for now."), JSON.stringify(HOSTILE))
      .replaceAll(JSON.stringify("Observation 1/0: a tree is north."), JSON.stringify(`Observation: ${HOSTILE}`));
    type Events = { call_records?: { input_messages: { parts: unknown[] }[] }[] }[];
    const session = JSON.parse(json) as { session_time_steps: { events: Events }[]; event_history: Events };
    for (const events of [session.session_time_steps[0]!.events, session.event_history])
      events[0]!.call_records![0]!.input_messages[1]!.parts.push({ type: "image_url", uri: "http://203.0.113.7/remote.png", mime_type: "image/png" });
    const store = await openTraceStore(made.db, { write: true });
    await store.insertSession(session);
    await store.close();
    // A run with a failed rollout that carries the app's error id.
    const flaky = join(made.runsDir, "flaky");
    writeJsonAtomic(join(flaky, "manifest.json"), { app: "math", model: "scripted", seeds: [0, 1, 2, 3, 4], rollouts_per_seed: 1, split: "test", config_digest: "d" });
    const line = (seed: number, ok: boolean) => ({
      run_id: `flaky-${seed}`, seed, rollout: 0, status: ok ? "ok" : "failed", cause: ok ? "ok" : "http_500", http_status: ok ? 200 : 500, replica: null, return: ok ? 1 : null,
      outcome_score: null, events_score: null, criteria: {}, steps: 1, duration_ms: 5, session_id: null, finished_at: new Date(0).toISOString(),
      ...(ok ? {} : { error: "rollout_failed: the rollout executor failed", error_id: FLAKY_ERROR_ID }),
    });
    // Returns outside [0, 1] (a score, a count of achievements): -2, 1, 3, 7.
    const returns = [1, null, -2, 3, 7];
    writeFileSync(join(flaky, "results.jsonl"), [0, 2, 3, 4].map((seed) => `${JSON.stringify({ ...line(seed, true), return: returns[seed] })}\n`).join(""));
    writeFileSync(join(flaky, "results.failures.jsonl"), `${JSON.stringify(line(1, false))}\n`);
    viewer = await startViewer({ db: made.db, runs: [made.runsDir], port: 0 });
    browser = await launchChromium();
    w = await watchedPage(browser);
  });
  after(async () => {
    await browser?.close();
    await viewer?.close();
    rmSync(root, { recursive: true, force: true });
  });

  test("runs → run → session → compare by clicking, with the store's numbers", async () => {
    const { page } = w;
    await page.goto(viewer.url);
    await page.waitForSelector("[data-testid=runs-table]");
    for (const name of ["math-a", "math-b", "crafting-text", "crafting-vision"]) {
      const returns = results(name).map((r) => r.return!);
      assert.equal(await text(`[data-testid=run-${name}] [data-testid=mean-return]`), pm(returns), `${name} mean return on the runs page`);
      assert.equal(await text(`[data-testid=run-${name}] [data-testid=rollouts]`), String(returns.length));
    }
    assert.match(await text("[data-testid=models-table]"), /<i>model<\/i>/, "the loose session's model, as text");
    await shot("runs");

    await page.click("[data-testid=run-math-a] a");
    await page.waitForSelector("[data-testid=rows]");
    assert.equal(new URL(page.url()).pathname, "/runs/math-a");
    const rs = results("math-a");
    assert.equal(await text("[data-testid=mean-return]"), pm(rs.map((r) => r.return!)));
    const lowest = Math.min(...rs.map((r) => r.return!));
    assert.equal(await text("[data-testid=bucket-min]"), String(rs.filter((r) => r.return === lowest).length));
    assert.equal(await page.locator("[data-testid=bin]").count(), 10);
    assert.equal(await page.locator("[data-testid=histogram] canvas").count(), 1, "uPlot drew the histogram");
    // The URL changes at the click, the table when the run's rows for it have come: each click waits
    // for the header's arrow, drawn with the rows, before the next (a click on the old header would
    // sort from the old order; the rows read before they came would be the old ones).
    // The sorted rows come late here, as on a loaded machine.
    const slowSorted = /\/api\/runs\/math-a\?.*sort=return/;
    await page.route(slowSorted, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 300));
      await route.continue();
    });
    const sortedBy = (arrow: string) => page.waitForFunction((a) => document.querySelector("[data-testid=sort-return]")?.textContent?.endsWith(a), arrow, { timeout: 10_000 });
    await page.click("[data-testid=sort-return]");
    await sortedBy("▲");
    await page.click("[data-testid=sort-return]");
    await sortedBy("▼");
    await page.unroute(slowSorted);
    assert.match(page.url(), /sort=return&desc=1/);
    const best = [...rs].sort((a, b) => b.return! - a.return! || a.seed - b.seed)[0]!;
    assert.equal(await text("[data-testid=rows] tbody tr td"), String(best.seed), "sorted by return, highest first");
    await shot("run");

    const store = await openTraceStore(made.db, { mustExist: true });
    try {
      await page.click(`[data-testid=row-${best.seed}-0] a`);
      await page.waitForSelector("[data-testid=turn]");
      assert.equal(decodeURIComponent(new URL(page.url()).pathname), `/sessions/${best.session_id}`);
      const outcome = await store.db.selectFrom("outcome_rewards").select("total_reward").where("session_id", "=", best.session_id!).executeTakeFirstOrThrow();
      assert.equal(await text("[data-testid=outcome-reward]"), Number(outcome.total_reward).toFixed(3), "the outcome reward is the store's");
      const cais = await store.db.selectFrom("events").select((eb) => eb.fn.countAll().as("n")).where("session_id", "=", best.session_id!).where("event_type", "=", "cais").executeTakeFirstOrThrow();
      assert.equal(await page.locator("[data-testid=lm-call]").count(), Number(cais.n));
      const rewards = await store.db.selectFrom("event_rewards").select((eb) => eb.fn.countAll().as("n")).where("session_id", "=", best.session_id!).executeTakeFirstOrThrow();
      assert.equal(await page.locator("[data-testid=event-reward]").count(), Number(rewards.n));
      await page.click("[data-testid=raw-button]");
      await page.waitForFunction(() => Boolean(document.querySelector("[data-testid=raw-json]")?.textContent), undefined, { timeout: 10_000 });
      assert.match(await text("[data-testid=raw-json]"), new RegExp(`"session_id": "${best.session_id}"`));
      await shot("session");
    } finally {
      await store.close();
    }

    await page.goBack();
    await page.waitForSelector("[data-testid=rows]");
    assert.match(page.url(), /sort=return&desc=1|desc=1/, "back restores the sorted run page");
    await page.click("header a.brand");
    await page.waitForSelector("[data-testid=runs-table]");
    await page.check("[data-testid=run-crafting-text] input[type=checkbox]");
    await page.check("[data-testid=run-crafting-vision] input[type=checkbox]");
    await page.click("[data-testid=compare-button]");
    await page.waitForSelector("[data-testid=pairs]");
    assert.equal(new URL(page.url()).pathname, "/compare/crafting-text/crafting-vision");
    const a = results("crafting-text");
    const b = results("crafting-vision");
    const deltas = a.map((x) => b.find((y) => y.seed === x.seed)!.return! - x.return!);
    assert.equal(await text("[data-testid=wlt]"), `${deltas.filter((d) => d > 0).length} / ${deltas.filter((d) => d < 0).length} / ${deltas.filter((d) => d === 0).length}`);
    assert.equal(await text("[data-testid=mean-delta]"), pm(deltas));
    assert.equal(await page.locator("[data-testid=scatter] canvas").count(), 1, "uPlot drew the scatter");
    await shot("compare");
    await page.reload();
    await page.waitForSelector("[data-testid=pairs]");
    assert.equal(await text("[data-testid=mean-delta]"), pm(deltas), "a compare URL reloads to the same view");
  });

  test("every image of a vision session loads, shown at least 192 px wide", async () => {
    const { page } = w;
    const session = results("crafting-vision")[1]!.session_id!;
    await page.click(`[data-testid=pair-1-0] td:nth-child(7) a`);
    await page.waitForSelector("[data-testid=turn]");
    assert.equal(decodeURIComponent(new URL(page.url()).pathname), `/sessions/${session}`);
    const store = await openTraceStore(made.db, { mustExist: true });
    let expected = 0;
    try {
      const calls = await store.db.selectFrom("events").select("call_records").where("session_id", "=", session).where("event_type", "=", "cais").execute();
      for (const c of calls) expected += (c.call_records?.match(/"type":"image_url"/g) ?? []).length;
    } finally {
      await store.close();
    }
    assert.ok(expected > 0);
    await page.waitForFunction(() => [...document.images].every((img) => img.complete));
    // Frames the previous LM call held are folded (not laid out) with its conversation.
    const sizes = await page.evaluate(() => [...document.querySelectorAll<HTMLImageElement>("img.trace-image")].map((img) => [img.naturalWidth, img.checkVisibility() ? img.width : null] as const));
    assert.equal(sizes.length, expected, "one <img> per image part in the store");
    assert.ok(sizes.some(([, shown]) => shown !== null));
    for (const [natural, shown] of sizes) {
      assert.equal(natural, 64, "the 64x64 PNG decoded");
      if (shown !== null) assert.ok(shown >= 192, `shown at least 192 px wide, not ${shown}`);
    }
    await shot("session-vision");
  });

  test("hostile model output renders as text: no script, no dialog, no request leaves", async () => {
    const { page } = w;
    await page.goto(`${new URL(viewer.url).origin}/sessions/${encodeURIComponent(hostileId)}`);
    await page.waitForSelector("[data-testid=turn]");
    const body = await page.evaluate(() => document.body.innerText);
    assert.ok(body.includes('<script>window.__pwned = 1; alert("script")</script>'), "the script tag is shown as text");
    assert.ok(body.includes("<img src=x onerror="), "the img tag is shown as text");
    assert.ok(body.includes('<a href="javascript:alert'), "the javascript: link is shown as text");
    assert.ok(body.includes("[image not shown"), "a remote image is named, not fetched");
    assert.ok(body.includes(hostileId), "the session id as text");
    assert.equal(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned), undefined);
    assert.equal(await page.locator('img[src="x"], main script, a[href^="javascript:"], main b, main i').count(), 0);
    await page.waitForTimeout(200);
    await shot("session-hostile");
    assert.deepEqual(w.dialogs, []);
    assert.deepEqual(w.refused, [], "no request left 127.0.0.1");
    assert.deepEqual(w.consoleErrors, []);
    assert.deepEqual(w.pageErrors, []);
  });

  test("stored sessions of no run: runs → model group → session by clicking, with the store's numbers", async () => {
    const { page } = w;
    await page.goto(viewer.url);
    await page.waitForSelector("[data-testid=models-table]");
    const store = await openTraceStore(made.db, { mustExist: true });
    let reward: number;
    try {
      reward = Number((await store.db.selectFrom("outcome_rewards").select("total_reward").where("session_id", "=", hostileId).executeTakeFirstOrThrow()).total_reward);
    } finally {
      await store.close();
    }
    assert.equal(await text("[data-testid=model-0] [data-testid=sessions]"), "1");
    assert.equal(await text("[data-testid=model-0] [data-testid=mean-reward]"), `${reward.toFixed(3)} ± 0.000`);
    assert.equal(await text("[data-testid=model-0] [data-testid=judge]"), "Backend 0.750", "the judge mean of the group");
    assert.equal(await text("[data-testid=model-0] [data-testid=failures]"), "none");
    await page.click("[data-testid=model-0] a");
    await page.waitForSelector("[data-testid=stored-rows]");
    const url = new URL(page.url());
    assert.equal(url.pathname, "/stored");
    assert.equal(url.searchParams.get("model"), "<i>model</i>");
    assert.equal(await text("h1"), "Stored sessions of <i>model</i>", "the model name as text");
    assert.equal(await text("[data-testid=group-mean]"), `${reward.toFixed(3)} ± 0.000`);
    assert.equal(await page.locator("[data-testid=stored-row]").count(), 1);
    assert.equal(await text("[data-testid=stored-row] [data-testid=outcome]"), reward.toFixed(3));
    await shot("stored");
    await page.reload();
    await page.waitForSelector("[data-testid=stored-rows]");
    assert.equal(await page.locator("[data-testid=stored-row]").count(), 1, "a group URL reloads to the same view");
    await page.click("[data-testid=stored-row] a");
    await page.waitForSelector("[data-testid=turn]");
    assert.equal(decodeURIComponent(new URL(page.url()).pathname), `/sessions/${hostileId}`);
    assert.deepEqual(w.consoleErrors, []);
    assert.deepEqual(w.pageErrors, []);
  });

  test("the run page names each failure cause with the app's error id", async () => {
    const { page } = w;
    await page.goto(`${new URL(viewer.url).origin}/runs/flaky`);
    await page.waitForSelector("[data-testid=failures]");
    assert.match(await text("[data-testid=failures] li"), /^1 http_500: flaky-1 \(seed 1, error id 0b9f2c4e-1d7a-4c55-9b1e-5a7f0e3d2c11\)$/);
    assert.equal(await text("[data-testid=error-id]"), FLAKY_ERROR_ID);
  });

  test("the run page bins returns over the range observed, not [0, 1]", async () => {
    const { page } = w;
    await page.goto(`${new URL(viewer.url).origin}/runs/flaky`);
    await page.waitForSelector("[data-testid=bins]");
    // Returns -2, 1, 3, 7: ten bins of 0.9 from -2 to 7.
    assert.equal(await page.locator("[data-testid=bin]").count(), 10);
    assert.deepEqual(await page.locator("[data-testid=bin-count]").allTextContents(), ["1", "0", "0", "1", "0", "1", "0", "0", "0", "1"]);
    assert.equal(await text("[data-testid=bin] td"), "-2.000");
    assert.equal(await text("[data-testid=bucket-min-label]"), "lowest (-2.000)");
    assert.equal(await text("[data-testid=bucket-max-label]"), "highest (7.000)");
    assert.deepEqual([await text("[data-testid=bucket-min]"), await text("[data-testid=bucket-between]"), await text("[data-testid=bucket-max]")], ["1", "2", "1"]);
    assert.equal(await page.locator("[data-testid=histogram] canvas").count(), 1);
  });

  test("the exported report, opened from file:// with the network off, shows the same numbers", async () => {
    const out = join(root, "report", "report.html");
    const written = await exportReport({ db: made.db, runs: [join(made.runsDir, "crafting-text"), join(made.runsDir, "crafting-vision")], out });
    assert.equal(written.runs, 2);
    const offline = await watchedPage(browser, { allowFile: true, offline: true });
    try {
      const { page } = offline;
      await page.goto(pathToFileURL(out).href);
      await page.waitForSelector("[data-testid=runs-table]");
      for (const name of ["crafting-text", "crafting-vision"]) assert.equal(((await page.locator(`[data-testid=run-${name}] [data-testid=mean-return]`).textContent()) ?? "").trim(), pm(results(name).map((r) => r.return!)));
      await page.click("[data-testid=run-crafting-vision] a");
      await page.waitForSelector("[data-testid=rows]");
      const rs = results("crafting-vision");
      assert.equal(((await page.locator("[data-testid=mean-return]").textContent()) ?? "").trim(), pm(rs.map((r) => r.return!)));
      await page.click(`[data-testid=row-${rs[0]!.seed}-0] a`);
      await page.waitForSelector("[data-testid=turn]");
      await page.waitForFunction(() => [...document.images].every((img) => img.complete));
      const widths = await page.evaluate(() => [...document.querySelectorAll<HTMLImageElement>("img.trace-image")].map((img) => img.naturalWidth));
      assert.ok(widths.length > 0 && widths.every((x) => x === 64), "the embedded images load from the file");
      await page.goto(`${pathToFileURL(out).href}#/compare/crafting-text/crafting-vision`);
      await page.waitForSelector("[data-testid=pairs]");
      const a = results("crafting-text");
      const deltas = a.map((x) => rs.find((y) => y.seed === x.seed)!.return! - x.return!);
      assert.equal(((await page.locator("[data-testid=mean-delta]").textContent()) ?? "").trim(), pm(deltas));
      await page.screenshot({ path: join(ARTIFACTS, "export-compare.png"), fullPage: true });
      // The stored sessions of no exported run are in the report too: the math runs' sessions and the hostile one, by model.
      await page.goto(`${pathToFileURL(out).href}#/runs`);
      await page.waitForSelector("[data-testid=models-table]");
      const groups = await page.locator("[data-testid=models-table] tbody tr").count();
      assert.ok(groups >= 1, "the model groups are exported");
      assert.ok(((await page.locator("[data-testid=models-table]").textContent()) ?? "").includes("<i>model</i>"), "the hostile session's group, as text");
      await page.click("[data-testid=models-table] tbody tr:last-child a");
      await page.waitForSelector("[data-testid=stored-rows]");
      const listed = await page.locator("[data-testid=stored-row]").count();
      assert.ok(listed >= 1);
      await page.click("[data-testid=stored-row] a");
      await page.waitForSelector("[data-testid=turn]");
      assert.deepEqual(offline.refused, []);
      assert.deepEqual(offline.consoleErrors, []);
      assert.deepEqual(offline.pageErrors, []);
    } finally {
      await offline.context.close();
    }
  });
});
