/**
 * `task-app view --export report.html`: one self-contained HTML file with the
 * viewer's script and stylesheet inlined and the runs' data embedded as JSON
 * (never executed; `<` escaped), opened from disk with no server. Its own
 * Content-Security-Policy allows exactly that script (by hash), images only
 * from data: URLs, and no connection at all. The file goes through the one
 * atomic writer (src/fs/write-atomic.ts): whole or not at all, only over a
 * regular file (a symlink to one is followed), readable by its owner only.
 * A store file is named relative to the working directory, never by its
 * absolute path, and the environment's keys never appear in it.
 */
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { basename, isAbsolute, join, relative, resolve } from "node:path";
import { resolveOutputTarget, writeFileAtomic } from "../fs/write-atomic.js";
import { collectSecrets, redactSecrets, redactStringsDeep, redactUrlCredentials } from "../server/secrets.js";
import { viewerAssetsDir } from "./app.js";
import { collectExportData, type ExportData } from "./export-data.js";
import { openViewer, type ViewerOptions } from "./serve.js";

/** JSON safe inside a <script> element: no `<` (so no `</script>` or `<!--`), no line separators. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, "\\u003c").replace(/\u2028/g, "\\u2028").replace(/\u2029/g, "\\u2029");

/** The report's HTML for `data`, from the built viewer in `assetsDir`. */
export function renderReport(data: ExportData, assetsDir = viewerAssetsDir()): string {
  const dir = join(assetsDir, "assets");
  if (!existsSync(dir)) throw new Error("the viewer is not built: run `npm run build` in the task-app package");
  const files = readdirSync(dir).sort();
  const script = files.filter((f) => f.endsWith(".js")).map((f) => readFileSync(join(dir, f), "utf8")).join("\n");
  const style = files.filter((f) => f.endsWith(".css")).map((f) => readFileSync(join(dir, f), "utf8")).join("\n");
  const hash = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;
  const csp = `default-src 'none'; script-src ${hash(script)}; style-src ${hash(style)}; img-src data:; connect-src 'none'; base-uri 'none'; form-action 'none'`;
  const names = Object.keys(data.runs).join(", ");
  return [
    "<!doctype html>",
    '<html lang="en">',
    "<head>",
    '<meta charset="utf-8" />',
    `<meta http-equiv="Content-Security-Policy" content="${csp}" />`,
    '<meta name="viewport" content="width=device-width, initial-scale=1" />',
    `<title>task-app view report</title>`,
    `<style>${style}</style>`,
    `<script type="application/json" id="task-app-data">${scriptJson(data)}</script>`,
    `<script type="module">${script}</script>`,
    "</head>",
    "<body>",
    '<header class="top"><a class="brand" href="#/runs" data-nav="/runs">task-app view</a><span id="where" class="where"></span></header>',
    `<main id="app"><p class="muted">Loading the report of ${names.replace(/[<>&"]/g, "")}…</p></main>`,
    "</body>",
    "</html>",
    "",
  ].join("\n");
}

export interface ExportOptions extends ViewerOptions {
  out: string;
}

/** A store file as a report names it: relative to the working directory when inside it, else its base name (URLs as given, already redacted). */
export function shownStoreOf(store: string | null, cwd = process.cwd()): string | null {
  if (store === null || !isAbsolute(store)) return store;
  const inside = relative(cwd, store);
  return inside && !inside.startsWith("..") && !isAbsolute(inside) ? inside : basename(store);
}

/**
 * `data` as a report may hold it: every string with URL credentials and the
 * environment's keys (ENVIRONMENT_API_KEY, OPENAI_API_KEY, any *_API_KEY,
 * and any 6 characters of one) replaced by `[redacted]`, as every output of
 * the CLI is.
 */
export function redactReportData(data: ExportData, env: NodeJS.ProcessEnv): ExportData {
  const secrets = collectSecrets(env);
  return redactStringsDeep(data, (text) => redactSecrets(redactUrlCredentials(text), secrets));
}

/** Writes the report of the runs `options.runs` names; returns what it wrote. */
export async function exportReport(options: ExportOptions): Promise<{ path: string; runs: number; sessions: number; bytes: number }> {
  const path = resolve(options.out);
  resolveOutputTarget(path); // a device, a FIFO or a directory is refused before anything is read
  const viewer = await openViewer(options);
  try {
    const data = await collectExportData(viewer.api, []);
    data.overview.store = shownStoreOf(data.overview.store);
    const html = renderReport(redactReportData(data, options.env ?? process.env));
    await writeFileAtomic(path, html, { mode: 0o600 });
    return { path, runs: Object.keys(data.runs).length, sessions: Object.keys(data.sessions).length, bytes: Buffer.byteLength(html) };
  } finally {
    await viewer.close();
  }
}
