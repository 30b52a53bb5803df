/**
 * Scale-out across hosts, as a deploy runs it: five hosts in network
 * namespaces on one bridge (10.231.7.0/24, used only here), three app
 * replicas running the rendered Dockerfile's CMD (`task-app serve build/app.js
 * --host 0.0.0.0 --workers 2`) from an `npm ci --omit=dev` install of the
 * packed tarball, as a non-root user, PostgreSQL on the fourth (the shared
 * trace store, through TASKAPP_TRACE_DB as the Secret gives it), eval on the
 * fifth with `--url` × 3. During 600 rollouts one replica host's link is
 * cut (after 100) and another replica is killed with SIGKILL (after 250); eval finishes on the
 * survivor; every seed has exactly one result line; every answered rollout
 * is in PostgreSQL exactly once, a rollout eval sent again after its replica
 * died included (each server names its session by the request's run_id and
 * seed, so the second write of it is skipped).
 *
 * Runs as root with iproute2 (`.ci/run` installs it); skips saying why otherwise.
 */
// npm test: own process (it runs for most of a minute: files sharing its process would wait behind it; scripts/test-groups.mjs)
import assert from "node:assert/strict";
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { chmod, mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { after, before, test } from "node:test";
import { build } from "esbuild";
import pg from "pg";
import { createTaskApp } from "../src/scaffold/create.js";
import { packageRoot } from "../src/scaffold/paths.js";
import { renderDockerfile, resolveDeploySettings } from "../src/deploy/index.js";
import { packedPackages } from "./helpers/packed.js";
import { assertOk, runProcess } from "./helpers/run-process.js";

const ROOT = packageRoot();
const KEY = "sk-multihost-0123456789abcdef";
const SEEDS = 600;
const NET = "10.231.7";
const TAG = `ta${process.pid % 100000}`;
const HOSTS = [1, 2, 3, 4, 5].map((i) => ({ ns: `${TAG}h${i}`, dev: `${TAG}v${i}`, peer: `${TAG}p${i}`, ip: `${NET}.${i}` }));
const BRIDGE = `${TAG}br`;

const ip = spawnSync("ip", ["-V"]).status === 0;
const skip =
  process.getuid?.() !== 0
    ? "SKIPPED: needs root (network namespaces)"
    : !ip
      ? "SKIPPED: needs iproute2's ip (apt-get install iproute2)"
      : !existsSync(path.join(ROOT, "dist", "index.js"))
        ? "SKIPPED: run `npm run build` first"
        : false;
if (skip) process.stderr.write(`${skip}\n`);

const sh = (args: string[]) => {
  const r = spawnSync("ip", args, { encoding: "utf8" });
  if (r.status !== 0) throw new Error(`ip ${args.join(" ")}: ${r.stderr}`);
};
const children: ChildProcess[] = [];
/** Runs `argv` inside host `ns`, in its own process group (so a SIGKILL takes its workers too). */
function inHost(ns: string, argv: string[], options: { cwd?: string; env?: NodeJS.ProcessEnv } = {}) {
  const child = spawn("ip", ["netns", "exec", ns, ...argv], { cwd: options.cwd, env: options.env, detached: true, stdio: ["ignore", "pipe", "pipe"] });
  children.push(child);
  let out = "";
  child.stdout!.on("data", (c: Buffer) => (out += c.toString("utf8")));
  child.stderr!.on("data", (c: Buffer) => (out += c.toString("utf8")));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  const waitFor = async (pattern: RegExp, ms = 120_000) => {
    const deadline = Date.now() + ms;
    while (!pattern.test(out)) {
      if (child.exitCode !== null || Date.now() > deadline) throw new Error(`${argv.slice(0, 4).join(" ")} in ${ns}: ${pattern} never came:\n${out.slice(-2000)}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    return pattern.exec(out)!;
  };
  const kill = (signal: NodeJS.Signals = "SIGKILL") => {
    try {
      process.kill(-child.pid!, signal);
    } catch {
      // gone already
    }
  };
  return { child, output: () => out, waitFor, exited, kill };
}

let work = "";
let app = "";
let cmd: string[] = [];
let pgHost: ReturnType<typeof inHost> | undefined;
let traceUrl = "";
/** Sessions per (run id, seed) in PostgreSQL, and the (run id, seed) pairs eval got an answer for (filled by the first test). */
const sessions = new Map<string, number>();
let answered: string[] = [];

function teardownNetwork() {
  for (const h of HOSTS) spawnSync("ip", ["netns", "del", h.ns]);
  spawnSync("ip", ["link", "del", BRIDGE]);
}

/**
 * Removes what a run of this file that was killed left (its namespaces, their processes and its
 * bridge, all named after its pid): a bridge left holding the subnet's address takes its routes
 * from the next run's, whose hosts then refuse each other's connections.
 */
function removeStaleNetworks() {
  const alive = (pid: number) => {
    try {
      process.kill(pid, 0);
      return true;
    } catch (error) {
      return (error as NodeJS.ErrnoException).code === "EPERM";
    }
  };
  const stale = (name: string, pattern: RegExp) => {
    const m = pattern.exec(name);
    return m !== null && m[1] !== TAG.slice(2) && !alive(Number(m[1]));
  };
  for (const ns of spawnSync("ip", ["netns", "list"], { encoding: "utf8" }).stdout.split("\n").map((l) => l.split(" ")[0]!)) {
    if (!stale(ns, /^ta(\d+)h\d$/)) continue;
    for (const pid of spawnSync("ip", ["netns", "pids", ns], { encoding: "utf8" }).stdout.split("\n").filter(Boolean)) spawnSync("kill", ["-9", pid]);
    spawnSync("ip", ["netns", "del", ns]);
  }
  for (const line of spawnSync("ip", ["-o", "link", "show", "type", "bridge"], { encoding: "utf8" }).stdout.split("\n")) {
    const name = /^\d+: ([^:@]+)/.exec(line)?.[1];
    if (name && stale(name, /^ta(\d+)br$/)) spawnSync("ip", ["link", "del", name]);
  }
}

before(async () => {
  if (skip) return;
  work = await mkdtemp(path.join(os.tmpdir(), "deploy-multihost-"));
  // The network: a bridge in the root namespace, one veth per host.
  removeStaleNetworks();
  teardownNetwork();
  sh(["link", "add", BRIDGE, "type", "bridge"]);
  sh(["addr", "add", `${NET}.254/24`, "dev", BRIDGE]);
  sh(["link", "set", BRIDGE, "up"]);
  for (const h of HOSTS) {
    sh(["netns", "add", h.ns]);
    sh(["link", "add", h.dev, "type", "veth", "peer", "name", h.peer]);
    sh(["link", "set", h.dev, "netns", h.ns]);
    sh(["link", "set", h.peer, "master", BRIDGE]);
    sh(["link", "set", h.peer, "up"]);
    sh(["-n", h.ns, "addr", "add", `${h.ip}/24`, "dev", h.dev]);
    sh(["-n", h.ns, "link", "set", h.dev, "up"]);
    sh(["-n", h.ns, "link", "set", "lo", "up"]);
  }

  // The image's contents: the packed tarball installed with `npm ci --omit=dev`, the app compiled to build/.
  const tarball = (await packedPackages())["task-app"].tarball;
  app = path.join(work, "app");
  await createTaskApp({ dir: app, template: "math", name: "math-multihost", taskAppSpec: `file:${tarball}`, environmentApiKey: false });
  const { settings } = resolveDeploySettings({ name: "math-multihost", image: "registry.test/math:1.0.0", workers: 2, trace: { secret: "math-traces", key: "TASKAPP_TRACE_DB" } });
  // The deploy folder's Dockerfile is this function's text (render.ts); the Kubernetes objects are not needed here.
  const dockerfile = renderDockerfile(settings, "deploy");
  cmd = JSON.parse(/^CMD (\[.*\])$/m.exec(dockerfile)![1]!) as string[];
  assert.match(dockerfile, /^RUN npm pkg delete devDependencies && npm ci --omit=dev /m);
  assertOk(await runProcess("npm", ["install", "--package-lock-only", "--prefer-offline", "--no-audit", "--no-fund"], app), "npm install --package-lock-only");
  assertOk(await runProcess("npm", ["ci", "--omit=dev", "--prefer-offline", "--no-audit", "--no-fund"], app), "npm ci --omit=dev");
  assert.ok(!existsSync(path.join(app, "node_modules", "typescript")), "no dev dependency in the runtime install");
  // The build stage (tsc there; a transpile here: the type-check is the template tests' job).
  const sources = (await readdir(path.join(app, "src"), { recursive: true })).filter((f) => f.endsWith(".ts")).map((f) => path.join(app, "src", f));
  await build({ entryPoints: sources, outdir: path.join(app, "build"), outbase: path.join(app, "src"), format: "esm", platform: "node", target: "node20", logLevel: "warning" });
  await writeFile(path.join(app, ".env"), ""); // the image has none (.dockerignore); an empty one proves it is not read for the key
  spawnSync("chmod", ["-R", "a+rX", work]);
  await chmod(work, 0o755);

  // PostgreSQL on host 4.
  pgHost = inHost(HOSTS[3]!.ns, [process.execPath, "--import", "tsx", path.join(ROOT, "test/helpers/netns-postgres.ts"), HOSTS[3]!.ip], { cwd: ROOT });
  const line = await pgHost.waitFor(/^\{"(url|error)":"([^"]*)"\}$/m);
  if (line[1] === "error") throw new Error(line[2]);
  traceUrl = line[2]!;
});

after(async () => {
  for (const c of children) {
    try {
      if (c !== pgHost?.child) process.kill(-c.pid!, "SIGKILL");
    } catch {
      // gone
    }
  }
  if (pgHost) {
    pgHost.kill("SIGTERM");
    await Promise.race([pgHost.exited, new Promise((r) => setTimeout(r, 15_000))]);
    pgHost.kill("SIGKILL");
  }
  if (!skip) teardownNetwork();
  if (work) await rm(work, { recursive: true, force: true });
});

test("three replicas on three hosts, one cut off and one killed mid-run: eval finishes, every seed once, every answer stored", { skip, timeout: 600_000 }, async () => {
  const replicaEnv = { PATH: process.env.PATH, HOME: "/tmp", ENVIRONMENT_API_KEY: KEY, TASKAPP_TRACE_DB: traceUrl, NODE_ENV: "production" };
  const asUser = ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", "env"];
  const replicas = HOSTS.slice(0, 3).map((h) => inHost(h.ns, [...asUser, ...Object.entries(replicaEnv).map(([k, v]) => `${k}=${v}`), ...cmd.map((a) => (a === "node" ? process.execPath : a))], { cwd: app }));
  await Promise.all(replicas.map((r) => r.waitFor(/"msg":"workers started"/)));
  // Not root: each replica's processes belong to uid 65534.
  for (const r of replicas) {
    const status = readFileSync(`/proc/${r.child.pid}/status`, "utf8");
    assert.match(status, /^Uid:\s+65534\s/m, "the replica runs as a non-root user");
  }

  const runDir = path.join(work, "run");
  const urls = HOSTS.slice(0, 3).flatMap((h) => ["--url", `http://${h.ip}:8001`]);
  const evalEnv: NodeJS.ProcessEnv = { ...process.env, ENVIRONMENT_API_KEY: KEY };
  delete evalEnv.NODE_TEST_CONTEXT;
  const run = inHost(HOSTS[4]!.ns, [process.execPath, path.join(ROOT, "bin/task-app.js"), "eval", ...urls, "--model", "scripted", "--seeds", `0-${SEEDS - 1}`, "--concurrency", "16", "--timeout", "10", "--no-trace", "--json", "--run-dir", runDir], { env: evalEnv });
  const done = () => (run.output().match(/"event":"rollout"/g) ?? []).length;
  while (done() < 100) {
    if (run.child.exitCode !== null) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  sh(["-n", HOSTS[0]!.ns, "link", "set", HOSTS[0]!.dev, "down"]); // host 1 drops off the network
  while (done() < 250 && run.child.exitCode === null) await new Promise((r) => setTimeout(r, 50));
  replicas[1]!.kill("SIGKILL"); // host 2's replica dies, workers and all
  const code = await run.exited;
  assert.ok(code === 0 || code === 1, `eval exit ${code}:\n${run.output().slice(-2000)}`);
  const events = run
    .output()
    .split("\n")
    .filter((l) => l.startsWith("{"))
    .map((l) => JSON.parse(l) as { event: string; replica?: string });
  const removed = events.filter((e) => e.event === "replica_removed").map((e) => e.replica);
  assert.ok(removed.includes(`http://${HOSTS[0]!.ip}:8001`) && removed.includes(`http://${HOSTS[1]!.ip}:8001`), `both lost replicas taken out: ${removed.join(", ")}`);

  const read = (file: string) =>
    existsSync(file)
      ? readFileSync(file, "utf8")
          .trim()
          .split("\n")
          .filter(Boolean)
          .map((l) => JSON.parse(l) as { run_id: string; seed: number; status: string; replica: string })
      : [];
  const ok = read(path.join(runDir, "results.jsonl"));
  const failed = read(path.join(runDir, "results.failures.jsonl"));
  const seeds = [...ok, ...failed].map((r) => r.seed).sort((a, b) => a - b);
  assert.deepEqual(seeds, Array.from({ length: SEEDS }, (_, i) => i), "every seed exactly one result line");
  assert.ok(ok.length >= SEEDS - 100, `most rollouts answered (${ok.length}; failed ${failed.length})`);
  assert.ok(ok.some((r) => r.replica === `http://${HOSTS[2]!.ip}:8001`));

  const client = new pg.Client({ connectionString: traceUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ run_id: string; seed: string; n: string }>(
      `SELECT metadata::json->>'run_id' AS run_id, metadata::json->>'seed' AS seed, COUNT(*) AS n FROM session_traces GROUP BY 1, 2`,
    );
    for (const r of rows) sessions.set(`${r.run_id}/${r.seed}`, Number(r.n));
    const lost = ok.filter((r) => !sessions.get(`${r.run_id}/${r.seed}`)).map((r) => r.run_id);
    assert.deepEqual(lost.slice(0, 10), [], `every answered rollout is stored (${lost.length} are not)`);
    answered = ok.map((r) => `${r.run_id}/${r.seed}`);
  } finally {
    await client.end();
  }
});

test("every answered rollout has exactly one session in PostgreSQL: one per (run, seed), a rollout sent again after its replica died included", { skip }, () => {
  assert.ok(answered.length > 0);
  const twice = answered.filter((id) => sessions.get(id) !== 1).map((id) => `${id}: ${sessions.get(id) ?? 0}`);
  assert.deepEqual(twice, []);
  const more = [...sessions].filter(([, n]) => n !== 1);
  assert.deepEqual(more, [], "no (run, seed) is stored more than once");
});
