/**
 * What importing the package's entries loads: neither `task-app` nor
 * `task-app/server` loads the trace store layer (Kysely, the libsql, SQLite
 * and PostgreSQL drivers, the writer thread) until a store is opened, so a
 * test file or a `serve` without tracing does not pay for it; nor the YAML
 * parser until a YAML rubric is read. And what a
 * `task-app` start loads: the bundled CLI alone until a handler runs;
 * serving a TypeScript app, what goes through tsx's hooks (the app alone);
 * `serve --workers 2`, the server and the app in the workers and neither in
 * the primary; `eval --app`, no scaffolder. `task-app/env` (what an
 * environment imports) loads none of the rest of the library, and an app
 * served on it none of the main entry's modules. A module list, not a timing.
 */
import assert from "node:assert/strict";
import { execFile, spawn } from "node:child_process";
import { once } from "node:events";
import { promisify } from "node:util";
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { after, test } from "node:test";
import { isBuildFresh } from "./helpers/cli-command.js";
import { VENDORED } from "../scripts/vendored.mjs";
import { LOADED_MODULES_HOOK as hook, loadedFiles, loadedModules } from "./helpers/loaded-modules.js";
import { appFixture } from "./helpers/app-fixture.js";

const work = mkdtempSync(join(tmpdir(), "entry-startup-"));
after(() => rmSync(work, { recursive: true, force: true }));

/** A project as create-task-app lays it out under the scratch folder: `src/`, node_modules/task-app this package, and a package.json (task-app a dependency unless `dependent` is false). */
function makeProject(name: string, dependent = true): string {
  const project = join(work, name);
  mkdirSync(join(project, "src"), { recursive: true });
  mkdirSync(join(project, "node_modules"));
  symlinkSync(fileURLToPath(new URL("..", import.meta.url)), join(project, "node_modules", "task-app"), "dir");
  writeFileSync(join(project, "package.json"), JSON.stringify({ name, type: "module", ...(dependent ? { dependencies: { "task-app": "^0.1.0" } } : {}) }));
  return project;
}

/** The vendored packages a server loads as it starts (Kysely only with a trace store, undici at a first call to a model). */
const LAZY = ["kysely", "undici"];
const SERVER_VENDORED = VENDORED.filter(({ packages }) => !packages.some((name) => LAZY.includes(name)));

const STORE_LAYER = /\/node_modules\/(kysely|@libsql|libsql|pg|pg-[a-z-]+)\/|\/dist\/traces\/(store|reader|queries|show|migrations|insert|sqlite-[a-z-]+|libsql-dialect|schema-check|group-commit|kysely)\.js$/;

async function loadedBy(code: string): Promise<string[]> {
  const run = await promisify(execFile)(process.execPath, ["--import", hook, "--input-type=module", "-e", code], { encoding: "utf8", cwd: work });
  return loadedModules(run.stderr);
}

for (const entry of ["server/index.js", "index.js"]) {
  test(`importing dist/${entry} loads no trace store layer`, async () => {
    const url = new URL(`../dist/${entry}`, import.meta.url).href;
    const loaded = await loadedBy(`await import(${JSON.stringify(url)});`);
    assert.ok(loaded.some((u) => u.endsWith("/dist/tracing/tracer.js")), "the hook saw the entry load");
    assert.deepEqual(loaded.filter((u) => STORE_LAYER.test(u)), []);
  });
}

test("importing dist/index.js loads no YAML parser: a JSON rubric bundle is read without it, a YAML one loads it then", async () => {
  const url = new URL("../dist/index.js", import.meta.url).href;
  const json = join(work, "rubric.json");
  const yaml = join(work, "rubric.yaml");
  writeFileSync(json, JSON.stringify({ outcome: { version: "1", criteria: [{ id: "a", description: "A" }] } }));
  writeFileSync(yaml, "outcome:\n  version: '1'\n  criteria:\n    - id: a\n      description: A\n");
  const read = (file: string) => `const m = await import(${JSON.stringify(url)}); process.stderr.write("kind " + m.readRubricBundleFile(${JSON.stringify(file)}).kind + "\\n");`;
  const YAML = /\/node_modules\/yaml\//;
  const fromJson = await loadedBy(read(json));
  assert.ok(fromJson.some((u) => u.endsWith("/dist/runtime/rubrics.js")), "the hook saw the rubric reader load");
  assert.deepEqual(fromJson.filter((u) => YAML.test(u)), []);
  assert.ok((await loadedBy(read(yaml))).some((u) => YAML.test(u)), "a YAML rubric loads the parser");
});

test("opening a store through the main entry loads the store layer then, Kysely as one file, and a bad URL fails the same way", async () => {
  const url = new URL("../dist/index.js", import.meta.url).href;
  const code = `const m = await import(${JSON.stringify(url)});
const s = await m.openTraceStore(${JSON.stringify(join(work, "traces.db"))}); await s.close();
try { await m.openTraceStore("mysql://h/db"); } catch (e) { process.stderr.write("error " + e.message + "\\n"); }`;
  const loaded = await loadedBy(code);
  assert.ok(loaded.some((u) => u.endsWith("/dist/traces/kysely.js")), "Kysely loads once a store is opened");
  // As one file (scripts/bundle-vendor.mjs), not the package's ~260.
  assert.deepEqual(loaded.filter((u) => /\/node_modules\/kysely\//.test(u)), []);
  const direct = await promisify(execFile)(process.execPath, ["--input-type=module", "-e", `const m = await import(${JSON.stringify(new URL("../dist/traces/store.js", import.meta.url).href)});
try { await m.openTraceStore("mysql://h/db"); } catch (e) { process.stderr.write("error " + e.message + "\\n"); }`], { encoding: "utf8" });
  const lazyError = (await promisify(execFile)(process.execPath, ["--input-type=module", "-e", code], { encoding: "utf8" })).stderr;
  assert.match(direct.stderr, /^error /);
  assert.equal(lazyError, direct.stderr);
});

test("the chat client loads undici as one file at its first request, not before", async () => {
  const url = new URL("../dist/index.js", import.meta.url).href;
  const code = `const m = await import(${JSON.stringify(url)});
const { createServer } = await import("node:http");
const answer = JSON.stringify({ choices: [{ message: { role: "assistant", content: "hi" } }] });
const server = createServer((req, res) => { req.resume(); req.on("end", () => res.end(answer)); });
await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
process.stderr.write("calling\\n");
const { message } = await m.createChatCompletion("http://127.0.0.1:" + server.address().port + "/v1", { model: "m", messages: [] });
process.stderr.write("answer " + message.content + "\\n");
server.close();`;
  const run = await promisify(execFile)(process.execPath, ["--import", hook, "--input-type=module", "-e", code], { encoding: "utf8", cwd: work });
  assert.match(run.stderr, /\nanswer hi\n/);
  const [before, after] = run.stderr.split("\ncalling\n") as [string, string];
  assert.deepEqual(loadedModules(before).filter((u) => u.endsWith("/dist/undici.js")), [], "nothing loads undici before a request");
  assert.ok(loadedModules(after).some((u) => u.endsWith("/dist/undici.js")), "the first request loads it");
  // As one file (scripts/bundle-vendor.mjs), not the package's ~110.
  assert.deepEqual(loadedModules(run.stderr).filter((u) => /\/node_modules\/undici\//.test(u)), []);
});

// The serve tests name modules of the build, which the CLI the tests start runs only when it is fresh.
const unbuilt = isBuildFresh() ? false : "run `npm run build` first (the CLI under test is the build)";

test("task-app serve without tracing loads no trace store layer, listening or shutting down", { skip: unbuilt }, async () => {
  const { startServe } = await import("./helpers/serve-process.js");
  const env = { ENVIRONMENT_API_KEY: "sk_env_e9n4t2r7y5", TASKAPP_TRACE_DB: "", TASKAPP_TRACING_ENABLED: "", NODE_OPTIONS: `--import ${hook}` };
  const server = await startServe(appFixture("math.ts"), [], { env });
  // Read once the process has ended: its stderr (the hook's lines) may reach this process after the URL on its stdout.
  await server.kill();
  const loaded = loadedModules(server.output());
  assert.ok(loaded.some((u) => u.endsWith("/dist/server/serve.js")), "the hook saw the server load");
  assert.deepEqual(loaded.filter((u) => STORE_LAYER.test(u)), []);
});

test("task-app serve --workers 2: the primary loads neither the app nor the server, its workers load both, Zod, Hono, ws and pino as one file each", { skip: unbuilt }, async () => {
  // node:cluster forks the workers with the primary's execArgv: the hook names every process's modules, each line with its pid.
  const bin = new URL("../bin/task-app.js", import.meta.url).pathname;
  const app = new URL("./fixtures/apps/pid.mjs", import.meta.url).pathname;
  const child = spawn(process.execPath, ["--import", hook, bin, "serve", app, "--port", "0", "--workers", "2"], {
    cwd: work,
    env: { ...process.env, ENVIRONMENT_API_KEY: "sk_env_w4r8k2p6q1", TASKAPP_TRACE_DB: "", TASKAPP_TRACING_ENABLED: "" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (d) => (stdout += d));
  child.stderr.on("data", (d) => (stderr += d));
  const exited = once(child, "exit");
  const until = Date.now() + 45_000;
  // The workers' pids come in the line after the URL's ("workers started").
  while (!/"msg":"workers started"/.test(stdout)) {
    if (child.exitCode !== null || Date.now() > until) assert.fail(`serve did not start:\n${stdout}${stderr}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const pids = JSON.parse(/"pids":(\[[^\]]*\])/.exec(stdout)?.[1] ?? "[]") as number[];
  child.kill("SIGTERM");
  await exited;
  const SERVER = /\/dist\/server\/(app|serve)\.js$|\/dist\/runtime\/define\.js$|\/fixtures\/apps\/pid\.mjs$/;
  assert.equal(pids.length, 2, stdout);
  for (const pid of pids) {
    const loaded = loadedModules(stderr, { pid });
    assert.equal(loaded.filter((u) => SERVER.test(u)).length, 4, `worker ${pid} loads the server, defineTaskApp and the app`);
    // Each vendored package the server uses as one file (scripts/vendored.mjs), none of its package's own files.
    for (const { output, packages } of SERVER_VENDORED) {
      assert.ok(loaded.some((u) => u.endsWith(`/dist/${output}`)), `worker ${pid} loads dist/${output}`);
      for (const name of packages) assert.deepEqual(loaded.filter((u) => u.includes(`/node_modules/${name}/`)), [], `worker ${pid} loads no file of ${name}`);
    }
  }
  const primary = loadedModules(stderr, { pid: child.pid! });
  assert.ok(primary.some((u) => u.endsWith("/dist/server/cluster.js")), "the hook saw the primary's modules");
  assert.deepEqual(primary.filter((u) => SERVER.test(u)), [], "the primary loads none of them");
});

test("task-app eval --app loads no scaffolder: the key it makes for the run comes from the server's own module", { skip: unbuilt }, async () => {
  const bin = new URL("../bin/task-app.js", import.meta.url).pathname;
  const app = new URL("./fixtures/apps/eval-app.mjs", import.meta.url).pathname;
  const { ENVIRONMENT_API_KEY: _key, ...env } = process.env;
  const run = await promisify(execFile)(process.execPath, ["--import", hook, bin, "eval", "--app", app, "--model", "m", "--seeds", "1-2", "--no-trace", "--run-dir", join(work, "eval-run")], { encoding: "utf8", cwd: work, env });
  const loaded = loadedModules(run.stderr);
  assert.ok(loaded.some((u) => u.endsWith("/dist/server/serve.js")), "the hook saw eval serve the app");
  assert.deepEqual(loaded.filter((u) => /\/dist\/scaffold\//.test(u)), []);
});

test("serving a TypeScript app loads the task-app package before tsx's hooks: only the app's own files load through them", { skip: unbuilt }, async () => {
  const project = makeProject("ts-project");
  const info = {
    task: { id: "ts", name: "TS", version: "1.0.0" },
    environment: "ts",
    environments: ["ts"],
    action_space: { type: "tool_call", tools: [{ name: "answer" }], max_calls: 1 },
    observation: { summary: "A problem", keys: ["problem"] },
    dataset: { id: "d", name: "D", splits: ["train"], default_split: "train", cardinality: 1 },
    rubric: { version: "1", criteria_count: 1, source: "inline" },
    inference: { supports_proxy: false },
    capabilities: { supports_rollout: true, supports_env_lifecycle: false, requires_api_key_header: true },
    limits: { max_turns: 1, max_time_s: 30 },
  };
  writeFileSync(join(project, "src", "info.ts"), `export const info = ${JSON.stringify(info)};\n`);
  writeFileSync(
    join(project, "src", "app.ts"),
    `import { defineTaskApp } from "task-app";
import { info } from "./info.js";
export default defineTaskApp({ appId: "ts", name: "TS", baseTaskInfo: info, rollout: (request) => ({ run_id: request.run_id, trajectories: [], metrics: { episode_returns: [0], mean_return: 0, num_steps: 0, num_episodes: 1 } }) });
`,
  );
  const { startServe } = await import("./helpers/serve-process.js");
  const server = await startServe(join(project, "src", "app.ts"), [], { cwd: project, env: { ENVIRONMENT_API_KEY: "sk_env_p7r3l0a9d2", NODE_OPTIONS: `--import ${hook}` } });
  await server.kill();
  const loaded = loadedModules(server.output(), { required: false });
  // tsx's hooks module loads on the hooks thread as tsx registers it; what loads after it went through the hooks.
  const registered = loaded.findIndex((u) => /\/tsx\/dist\/esm\/index\.mjs/.test(u));
  assert.ok(registered > 0, "the hook saw tsx register");
  const root = new URL("..", import.meta.url).href;
  const throughHooks = loaded.slice(registered + 1).filter((u) => u.startsWith("file:") && !/\/node_modules\/(tsx|esbuild|get-tsconfig|resolve-pkg-maps)\//.test(u));
  assert.deepEqual(throughHooks.filter((u) => u.startsWith(root) || !u.includes("/ts-project/src/")), [], "only the app's files load through tsx's hooks");
  assert.ok(throughHooks.some((u) => u.endsWith("/ts-project/src/app.ts")), throughHooks.join("\n"));
});

/** The files (not Node built-ins) a `task-app <argv>` process loads, relative to the package root, sorted; exit code aside. */
async function loadedByCli(argv: string[]): Promise<string[]> {
  const bin = new URL("../bin/task-app.js", import.meta.url).pathname;
  const stderr = await promisify(execFile)(process.execPath, ["--import", hook, bin, ...argv], { encoding: "utf8", cwd: work }).then(
    (r) => r.stderr,
    (error: { stderr: string }) => error.stderr,
  );
  return loadedFiles(stderr, new URL("..", import.meta.url).href);
}

test("a task-app start loads the bundled CLI alone: --version, help and usage errors load no library module and no package file", async () => {
  for (const argv of [["--version"], ["--help"], ["deploy", "render", "--help"], ["frobnicate"], ["traces", "ls", "--limt", "3"]]) {
    assert.deepEqual(await loadedByCli(argv), ["bin/task-app.js", "dist/cli/main.bundle.js"], `task-app ${argv.join(" ")}`);
  }
});

test("a command run by the bundled CLI loads its library from dist/, as the package's entries do", async () => {
  const loaded = await loadedByCli(["payload", "rl", new URL("./fixtures/payload/rl-model.toml", import.meta.url).pathname, "--task-url", "https://t.example"]);
  assert.ok(loaded.includes("dist/cli/main.bundle.js"), loaded.join("\n"));
  assert.ok(loaded.includes("dist/payload/index.js"), loaded.join("\n"));
});

test("task-app/env loads what an environment needs and none of the rest: the same objects as the main entry's", async () => {
  // Through the package's exports map, as an app's `import "task-app/env"` resolves it.
  const project = makeProject("env-entry", false);
  const run = await promisify(execFile)(
    process.execPath,
    ["--import", hook, "--input-type=module", "-e", `const env = await import("task-app/env"); process.stderr.write("exports " + Object.keys(env).sort().join(",") + "\\n");`],
    { encoding: "utf8", cwd: project },
  );
  const loaded = loadedModules(run.stderr).filter((u) => u.startsWith("file:"));
  assert.ok(loaded.some((u) => u.endsWith("/dist/env/define.js")), "the hook saw the entry load");
  // Of other packages, only the TOML parser a rubric file may need (runtime/rubrics.ts reads TOML, JSON and YAML bundles).
  const REST = /^dist\/(server|lsp|train|eval|scaffold|codegen|codemods|check|client|payload|migrate|demo|deploy|view|traces|cli)\/|^dist\/(index|hono|ws|pino|kysely|undici)\.js$|^dist\/config\/(check|rules)/;
  const root = new URL("..", import.meta.url).href;
  assert.deepEqual(loaded.filter((u) => (u.startsWith(root) ? REST.test(u.slice(root.length)) : !/\/node_modules\/smol-toml\//.test(u))), []);
  assert.ok(loaded.length < 60, `${loaded.length} modules`);
  const names = /\nexports (.*)\n/.exec(run.stderr)?.[1]?.split(",") ?? [];
  for (const name of ["defineEnvironment", "z", "normaliseSeed", "createChatCompletion", "observationText", "RolloutRequestError"]) assert.ok(names.includes(name), `task-app/env exports ${name}`);
  // One copy of each: a value from either entry is the other's (an environment's WeakMap, Zod's classes).
  const same = await promisify(execFile)(
    process.execPath,
    ["--input-type=module", "-e", `const env = await import("task-app/env"); const main = await import("task-app"); const differ = Object.keys(env).filter((k) => env[k] !== main[k]); process.stdout.write(JSON.stringify(differ));`],
    { encoding: "utf8", cwd: project },
  );
  assert.deepEqual(JSON.parse(same.stdout), []);
});

test("serving an app that imports task-app/env loads the main entry's modules nowhere, and only the app through tsx's hooks", { skip: unbuilt }, async () => {
  const project = makeProject("env-project");
  writeFileSync(
    join(project, "src", "app.ts"),
    `import { defineEnvironment, z } from "task-app/env";
export default defineEnvironment({
  appId: "count", name: "Count", system: "Count.",
  reset: ({ seed }) => ({ n: seed }),
  observe: (s) => \`n=\${s.n}\`,
  tools: { add: { description: "Add one.", args: z.object({}), run: (_a, s) => ({ state: { n: s.n + 1 }, done: true }) } },
});
`,
  );
  const { startServe } = await import("./helpers/serve-process.js");
  const server = await startServe(join(project, "src", "app.ts"), [], { cwd: project, env: { ENVIRONMENT_API_KEY: "sk_env_e7n2v9k4q1", NODE_OPTIONS: `--import ${hook}` } });
  await server.kill();
  const loaded = loadedModules(server.output(), { required: false });
  assert.ok(loaded.some((u) => u.endsWith("/dist/env/index.js")), "the hook saw the environment entry load");
  // Modules only the main entry loads: dist/index.js itself, the language service, the scaffolder, the config checker.
  const root = new URL("..", import.meta.url).href;
  assert.deepEqual(loaded.filter((u) => u === `${root}dist/index.js` || /\/dist\/(lsp|scaffold|codemods|train)\//.test(u)), []);
  const registered = loaded.findIndex((u) => /\/tsx\/dist\/esm\/index\.mjs/.test(u));
  assert.ok(registered > 0, "the hook saw tsx register");
  const throughHooks = loaded.slice(registered + 1).filter((u) => u.startsWith("file:") && !/\/node_modules\/(tsx|esbuild|get-tsconfig|resolve-pkg-maps)\//.test(u));
  assert.deepEqual(throughHooks.filter((u) => u.startsWith(root) || !u.includes("/env-project/src/")), [], "only the app's files load through tsx's hooks");
});
