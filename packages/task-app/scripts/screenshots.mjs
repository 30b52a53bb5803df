/**
 * Regenerates the screenshots of `task-app view` in docs/evaluate-and-view.md (docs/view/*.png):
 * evals of the math, multi-step and vision templates with the scripted
 * policy, plus a few sessions of no run (a model group), served by the
 * viewer and photographed in Debian's Chromium.
 *
 * Usage: npm run build && node --import tsx scripts/screenshots.mjs
 */
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openTraceStore } from "../src/traces/store.ts";
import { startViewer } from "../src/view/serve.ts";
import { launchChromium, watchedPage } from "../test/helpers/browser.ts";
import { makeSessionTrace } from "../test/helpers/session-trace.ts";
import { makeViewRuns } from "../test/helpers/view-runs.ts";

const out = new URL("../../../docs/view/", import.meta.url).pathname;
mkdirSync(out, { recursive: true });
const root = mkdtempSync(join(tmpdir(), "task-app-screenshots-"));
try {
  const made = await makeViewRuns(root, [
    { name: "math-base", template: "math", seeds: "0-19" },
    { name: "crafting-text", template: "multi-step", seeds: "0-7" },
    { name: "crafting-vision", template: "vision", seeds: "0-7" },
  ]);
  // Sessions no eval run produced (a trainer's rollouts against `serve --trace`), for the model groups.
  const store = await openTraceStore(made.db, { write: true });
  for (let i = 0; i < 6; i++) await store.insertSession(JSON.parse(JSON.stringify(makeSessionTrace(i, { runId: "train-step-40", model: "Qwen/Qwen3-4B", outcome: [0, 1, 2, 0.5, 3, 1][i] }))));
  await store.close();
  const viewer = await startViewer({ db: made.db, runs: [made.runsDir], port: 0 });
  const browser = await launchChromium();
  try {
    const { page } = await watchedPage(browser);
    await page.setViewportSize({ width: 1280, height: 800 });
    const origin = new URL(viewer.url).origin;
    const shots = [
      ["runs", "/runs", "[data-testid=runs-table]", false],
      ["run", "/runs/math-base?sort=return&desc=1", "[data-testid=rows]", false],
      ["compare", "/compare/crafting-text/crafting-vision", "[data-testid=pairs]", false],
      ["stored", "/stored?model=Qwen%2FQwen3-4B", "[data-testid=stored-rows]", false],
      ["session", `/sessions/${encodeURIComponent(made.runs[2].report.results[0].session_id)}`, "[data-testid=turn]", false],
    ];
    for (const [name, path, selector] of shots) {
      await page.goto(`${origin}${path}`);
      await page.waitForSelector(selector);
      await page.waitForFunction(() => [...document.images].every((img) => img.complete));
      await page.screenshot({ path: join(out, `${name}.png`) });
      console.log(`wrote docs/view/${name}.png`);
    }
  } finally {
    await browser.close();
    await viewer.close();
  }
} finally {
  rmSync(root, { recursive: true, force: true });
}
