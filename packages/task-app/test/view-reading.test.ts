/**
 * `task-app view` read in Chromium the way a person reads it, checked by
 * element sizes, counts, attributes and computed styles (never pixels):
 * counts read "1 turn", not "1 turns"; numeric headers align with their
 * numbers, timestamps and judge means do not wrap badly. Real eval runs of the multi-step
 * and vision templates, a one-turn stored session and a one-rollout run in
 * a real SQLite store. A session page links back to where it is listed;
 * its vision frames are large enough to read, and larger in a dialog; each
 * prompt shows once (the conversation an LM call repeats, and the stored
 * messages the LM calls show, folded), so a 10-turn session is short; the
 * compare scatter draws pairs with the same returns apart and counts them.
 * Needs the build.
 */
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import type { Browser } from "playwright-core";
import { writeJsonAtomic, type EvalResult } from "../src/eval/results.js";
import { openTraceStore } from "../src/traces/store.js";
import { startViewer, type RunningViewer } from "../src/view/serve.js";
import type { SessionView } from "../src/view/session.js";
import { hasChromium, launchChromium, watchedPage, type WatchedPage } from "./helpers/browser.js";
import { makeSessionTrace } from "./helpers/session-trace.js";
import { makeViewRuns } from "./helpers/view-runs.js";

const root = mkdtempSync(join(tmpdir(), "task-app-view-reading-"));
let made: Awaited<ReturnType<typeof makeViewRuns>>;
let viewer: RunningViewer;
let browser: Browser;
let w: WatchedPage;
const ONE_TURN = "session-one-0";

/** A run directory of `returns` (seed i has return returns[i]), as eval writes it. */
function writeRun(name: string, returns: number[]): void {
  const dir = join(made.runsDir, name);
  mkdirSync(dir, { recursive: true });
  writeJsonAtomic(join(dir, "manifest.json"), { app: "math", model: "scripted", seeds: returns.map((_, i) => i), rollouts_per_seed: 1, split: "test", config_digest: "d" });
  const line = (seed: number) => ({
    run_id: `${name}-${seed}`, seed, rollout: 0, status: "ok", cause: "ok", http_status: 200, replica: null, return: returns[seed], outcome_score: null, events_score: null,
    criteria: {}, steps: 1, duration_ms: 5, session_id: null, finished_at: "2026-01-01T00:00:00.000Z",
  });
  writeFileSync(join(dir, "results.jsonl"), returns.map((_, seed) => `${JSON.stringify(line(seed))}\n`).join(""));
}

const results = (name: string): EvalResult[] =>
  readFileSync(join(made.runsDir, name, "results.jsonl"), "utf8")
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l) as EvalResult);
const origin = () => new URL(viewer.url).origin;
async function open(path: string, selector: string): Promise<void> {
  await w.page.goto(`${origin()}${path}`);
  await w.page.waitForSelector(selector);
}
const bodyText = () => w.page.evaluate(() => document.body.innerText);
/** Lines the text of the first element `selector` matches is laid out on. */
const linesOf = (selector: string) =>
  w.page.locator(selector).first().evaluate((el) => {
    const range = document.createRange();
    range.selectNodeContents(el);
    return new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top))).size;
  });
/** The headers of every table on the page whose column's first cell is right-aligned but which are not. */
const misalignedHeads = () =>
  w.page.evaluate(() =>
    [...document.querySelectorAll("table")].flatMap((table) => {
      const cells = [...(table.querySelector("tbody tr")?.children ?? [])];
      return [...table.querySelectorAll("thead th")].filter((th, i) => cells[i] && getComputedStyle(cells[i]).textAlign === "right" && getComputedStyle(th).textAlign !== "right").map((th) => `${table.dataset.testid}: ${th.textContent}`);
    }),
  );
/** Per ISO timestamp on the page (`.time`): whether it is kept on one line. */
const timesUnbroken = () => w.page.locator(".time").evaluateAll((els) => els.map((el) => /^\d{4}-\d\d-\d\dT/.test(el.textContent ?? "") && getComputedStyle(el).whiteSpace === "nowrap"));
const PLURAL_AFTER_ONE = /(?<![\d.])1 (turns|images|steps|achievements|tokens|rollouts|sessions|seeds|messages)\b/;

describe("task-app view, read in Chromium", { skip: hasChromium ? false : "no /usr/bin/chromium (apt-get install chromium)" }, () => {
  before(async () => {
    made = await makeViewRuns(root, [
      { name: "crafting-text", template: "multi-step", seeds: "0-1" },
      { name: "crafting-vision", template: "vision", seeds: "0-1" },
    ]);
    const store = await openTraceStore(made.db, { write: true });
    await store.insertSession(JSON.parse(JSON.stringify(makeSessionTrace(0, { runId: "one", turns: 1, image: true, outcome: 1 }))));
    await store.close();
    writeRun("single", [1]);
    writeRun("same-a", [1, 1, 1, 0, 0, 0]);
    writeRun("same-b", [1, 1, 1, 0, 0, 0]);
    viewer = await startViewer({ db: made.db, runs: [made.runsDir], port: 0 });
    browser = await launchChromium();
    w = await watchedPage(browser);
  });
  after(async () => {
    await browser?.close();
    await viewer?.close();
    rmSync(root, { recursive: true, force: true });
  });

  test("a count of one reads in the singular", async () => {
    await open(`/sessions/${ONE_TURN}`, "[data-testid=turn]");
    const session = await bodyText();
    assert.doesNotMatch(session, PLURAL_AFTER_ONE);
    assert.match(session, /· 1 turn · 1 image ·/);
    assert.match(session, /over 1 step, 1 achievement/);
    await open("/runs/single", "[data-testid=rows]");
    assert.doesNotMatch(await bodyText(), PLURAL_AFTER_ONE);
    assert.match(await bodyText(), /\(1 rollout\)/);
    assert.deepEqual(w.consoleErrors, []);
  });

  test("numeric headers align right over their numbers; timestamps and judge means stay short", async () => {
    await open("/runs", "[data-testid=runs-table]");
    assert.deepEqual(await misalignedHeads(), []);
    const row = "[data-testid=run-crafting-text]";
    assert.equal(await linesOf(`${row} td:last-child`), 1, "the finished timestamp on one line");
    assert.ok((await linesOf(`${row} [data-testid=judge]`)) <= 2, "judge means on at most two lines");
    assert.match((await w.page.locator(`${row} [data-testid=judge] [title]`).first().getAttribute("title")) ?? "", /events\.progress 0\.\d{3}/, "every mean in the title");
    await open("/runs/crafting-text", "[data-testid=rows]");
    assert.deepEqual(await misalignedHeads(), []);
    assert.deepEqual(await timesUnbroken(), [true, true], "the run's first and last result times");
    await open(`/sessions/${ONE_TURN}`, "[data-testid=turn]");
    assert.deepEqual(await timesUnbroken(), [true], "the session's creation time");
    await open("/compare/crafting-text/crafting-vision", "[data-testid=pairs]");
    assert.deepEqual(await misalignedHeads(), []);
    await open("/stored?model=Qwen%2FQwen3-4B", "[data-testid=stored-rows]");
    assert.deepEqual(await misalignedHeads(), []);
    assert.equal(await linesOf("[data-testid=stored-row] td:nth-child(2)"), 1, "the created timestamp on one line");
  });

  test("a session page links back to its run; a stored session of no run to its model group", async () => {
    const r = results("crafting-text")[1]!;
    await open(`/sessions/${encodeURIComponent(r.session_id!)}`, "[data-testid=turn]");
    const back = w.page.locator("[data-testid=session-runs] a");
    assert.equal(await back.count(), 1);
    assert.equal(await back.getAttribute("href"), "/runs/crafting-text");
    assert.match((await w.page.locator("[data-testid=session-runs]").textContent()) ?? "", new RegExp(`seed ${r.seed}, rollout ${r.rollout}`));
    await back.click();
    await w.page.waitForSelector("[data-testid=rows]");
    assert.equal(new URL(w.page.url()).pathname, "/runs/crafting-text");
    await open(`/sessions/${ONE_TURN}`, "[data-testid=turn]");
    const group = w.page.locator("[data-testid=session-group] a");
    assert.equal(await group.getAttribute("href"), "/stored?model=Qwen%2FQwen3-4B");
    await group.click();
    await w.page.waitForSelector("[data-testid=stored-rows]");
    assert.equal(await w.page.locator(`[data-testid=stored-row] a[href="/sessions/${ONE_TURN}"]`).count(), 1);
  });

  test("vision frames show at least 192 px, pixelated, and open larger in a dialog", async () => {
    await open(`/sessions/${encodeURIComponent(results("crafting-vision")[0]!.session_id!)}`, "[data-testid=turn]");
    await w.page.waitForFunction(() => [...document.images].every((img) => img.complete));
    const shown = await w.page.evaluate(() =>
      [...document.querySelectorAll<HTMLImageElement>("img.trace-image")]
        .filter((img) => img.checkVisibility())
        .map((img) => ({ natural: img.naturalWidth, width: img.width, height: img.height, rendering: getComputedStyle(img).imageRendering, button: img.parentElement?.matches("button[aria-label]") ?? false })),
    );
    assert.ok(shown.length > 0);
    for (const s of shown) assert.deepEqual(s, { natural: 64, width: s.width, height: s.width, rendering: "pixelated", button: true });
    assert.ok(shown.every((s) => s.width >= 192), `frames at least 192 px wide: ${shown.map((s) => s.width)}`);
    const button = w.page.locator("button:has(img.trace-image)").first();
    assert.match((await button.getAttribute("aria-label")) ?? "", /^Show larger: image \d+ of the user message$/);
    await button.click();
    const dialog = w.page.locator("dialog[open][data-testid=image-dialog]");
    await dialog.waitFor();
    const big = await dialog.locator("img").evaluate((img: HTMLImageElement) => ({ width: img.width, rendering: getComputedStyle(img).imageRendering, modal: img.closest("dialog")!.matches(":modal") }));
    assert.deepEqual(big, { width: big.width, rendering: "pixelated", modal: true });
    assert.ok(big.width >= 600, `the dialog shows it ${big.width} px wide`);
    await w.page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
    await button.click();
    await w.page.getByRole("button", { name: "Close" }).click();
    await dialog.waitFor({ state: "detached" });
    assert.deepEqual(w.consoleErrors, []);
  });

  test("each prompt shows once: a 10-turn session is a few screens tall, not twenty", async () => {
    // 23,261 px (text) and 16,986 px (vision) when every call showed its whole request and every message showed too.
    for (const name of ["crafting-text", "crafting-vision"]) {
      const id = results(name)[0]!.session_id!;
      await open(`/sessions/${encodeURIComponent(id)}`, "[data-testid=turn]");
      const view = (await (await w.page.request.get(`${origin()}/api/sessions/${encodeURIComponent(id)}`)).json()) as SessionView;
      assert.equal(view.turns.length, 10);
      const prompts = view.turns.flatMap((t) => t.items).flatMap((it) => (it.kind === "message" && it.type === "user" ? [it.content] : []));
      assert.equal(prompts.length, 10);
      const shown = await w.page.evaluate((texts) => {
        const visible = [...document.querySelectorAll("pre")].filter((pre) => pre.checkVisibility()).map((pre) => pre.textContent);
        return texts.map((text) => visible.filter((v) => v === text).length);
      }, prompts);
      assert.deepEqual(shown, prompts.map((p) => prompts.filter((q) => q === p).length), `${name}: each prompt shown once`);
      await w.page.waitForFunction(() => [...document.images].every((img) => img.complete));
      const height = await w.page.evaluate(() => document.documentElement.scrollHeight);
      assert.ok(height < 7000, `${name}: the page is ${height} px tall`);
      // Nothing is lost: the folded conversation and messages open.
      assert.equal(await w.page.locator("[data-testid=earlier]").count(), 9, "every call but the first folds what the previous held");
      const folded = w.page.locator("[data-testid=repeated-messages]").first();
      await folded.locator("summary").click();
      assert.ok(await folded.locator("[data-testid=message]").first().isVisible());
    }
  });

  test("the compare scatter draws 6 pairs at 2 values as 6 dots, and counts them", async () => {
    await open("/compare/same-a/same-b", "[data-testid=pairs]");
    const scatter = w.page.locator("[data-testid=scatter]");
    assert.equal(await scatter.locator("canvas").count(), 1);
    assert.equal(await scatter.getAttribute("data-points"), "6");
    assert.equal(await scatter.getAttribute("data-positions"), "6", "no two dots drawn at one place");
    assert.equal(((await w.page.locator("[data-testid=scatter-note]").textContent()) ?? "").replace(/\s+/g, " ").trim(), "Pairs with the same returns, drawn spread a little around them: 3 at (0.000, 0.000), 3 at (1.000, 1.000).");
  });
});
