/**
 * Hostile inputs against `task-app serve` and `validate`, each as a real
 * process on loopback: a module that never finishes loading, workers that
 * crash while the cluster starts, bodies that would together exhaust memory,
 * a rubric nested thousands of levels deep.
 */
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { after, describe, test } from "node:test";
import { request as httpRequest, createServer, type ClientRequest } from "node:http";
import type { AddressInfo } from "node:net";
import { createTaskAppServer, type TaskAppServer } from "../../src/server/app.js";
import { defineTaskApp } from "../../src/server/index.js";
import { createTrivialApp } from "../fixtures/apps/trivial.js";
import { mathTaskInfo } from "../fixtures/apps/math.js";
import { cliArgv } from "../helpers/cli-command.js";
import { mathRollout } from "../helpers/serve-process.js";

const dir = mkdtempSync(join(tmpdir(), "task-app-hostile-serve-"));
after(() => rmSync(dir, { recursive: true, force: true }));
writeFileSync(join(dir, "package.json"), "{\"type\": \"module\"}\n");
const root = resolve(".");

/** Runs the CLI to its end (killed after `limitMs` as a safety net); resolves with its code and output. */
function runToEnd(args: string[], limitMs = 120_000, env: NodeJS.ProcessEnv = {}): Promise<{ code: number | null; signal: string | null; out: string }> {
  const childEnv: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: "1", ENVIRONMENT_API_KEY: "sk-hostile-0000", ...env };
  delete childEnv.NODE_TEST_CONTEXT;
  const child = spawn(process.execPath, [...cliArgv(), ...args], { cwd: dir, env: childEnv, stdio: ["ignore", "pipe", "pipe"] });
  let out = "";
  child.stdout.on("data", (c: Buffer) => (out += c.toString()));
  child.stderr.on("data", (c: Buffer) => (out += c.toString()));
  const safety = setTimeout(() => child.kill("SIGKILL"), limitMs);
  return new Promise((resolveRun) =>
    child.on("close", (code, signal) => {
      clearTimeout(safety);
      resolveRun({ code, signal, out });
    }),
  );
}

describe("a module that never finishes loading", () => {
  test("serve gives up at --start-timeout, naming the module, exit 1", async () => {
    writeFileSync(join(dir, "hang.mjs"), "setInterval(() => {}, 1000);\nawait new Promise(() => {});\nexport default {};\n");
    const run = await runToEnd(["serve", "hang.mjs", "--port", "0", "--workers", "1", "--start-timeout", "1"]);
    assert.equal(run.signal, null, `killed by the safety net: ${run.out}`);
    assert.equal(run.code, 1, run.out);
    assert.match(run.out, /task-app serve: hang\.mjs did not finish loading within 1 s/);
    assert.match(run.out, /--start-timeout/);
  });

  test("the same with --workers 2: the cluster reports it once and stops", async () => {
    const run = await runToEnd(["serve", "hang.mjs", "--port", "0", "--workers", "2", "--start-timeout", "1"]);
    assert.equal(run.signal, null, `killed by the safety net: ${run.out}`);
    assert.equal(run.code, 1, run.out);
    assert.equal(run.out.match(/did not finish loading/g)?.length, 1, run.out);
  });

  test("a bad --start-timeout is a usage error", async () => {
    const run = await runToEnd(["serve", "hang.mjs", "--start-timeout", "0"]);
    assert.equal(run.code, 2, run.out);
    assert.match(run.out, /--start-timeout must be a positive number of seconds/);
  });
});

describe("a worker that crashes while the cluster starts", () => {
  test("is replaced like a crash after start; the server comes up and serves", async () => {
    const mark = join(dir, "crashed-once");
    writeFileSync(
      join(dir, "crash-once.mjs"),
      `import { closeSync, openSync } from "node:fs";\n` +
        `try {\n  closeSync(openSync(${JSON.stringify(mark)}, "wx"));\n  process.kill(process.pid, "SIGKILL");\n} catch (error) {\n  if (error.code !== "EEXIST") throw error;\n}\n` +
        `export { default } from ${JSON.stringify(join(root, "test/fixtures/apps/pid.mjs"))};\n`,
    );
    const childEnv: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: "1", ENVIRONMENT_API_KEY: "sk-hostile-0000" };
    delete childEnv.NODE_TEST_CONTEXT;
    const child = spawn(process.execPath, [...cliArgv(), "serve", "crash-once.mjs", "--port", "0", "--workers", "2"], { cwd: dir, env: childEnv, stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    const closed = new Promise<number | null>((r) => child.on("close", (code) => r(code)));
    const url = await new Promise<string | undefined>((r) => {
      const look = (c: Buffer) => {
        out += c.toString();
        const found = /"url":"(http:\/\/127\.0\.0\.1:\d+)"/.exec(out)?.[1];
        if (found) r(found);
      };
      child.stdout.on("data", look);
      child.stderr.on("data", look);
      void closed.then(() => r(undefined));
    });
    try {
      assert.ok(url, `the server never listened:\n${out}`);
      assert.match(out, /worker exited during start-up; starting a replacement/);
      const res = await fetch(`${url}/health`, { headers: { "x-api-key": "sk-hostile-0000" } });
      assert.equal(res.status, 200);
    } finally {
      child.kill("SIGTERM");
    }
    assert.equal(await closed, 0, out);
  });
});

const MiB = 1024 * 1024;
/** The code of synth-ai's error body `{detail: {error: {code}}}`. */
const errorCode = (body: unknown) => (body as { detail?: { error?: { code?: string } } }).detail?.error?.code;
const KEY = "sk-hostile-0000";

/** Resolves once `check()` holds (polled; the limit only ends a test that would otherwise hang). */
async function until(check: () => boolean, what: string): Promise<void> {
  for (let waited = 0; !check(); waited += 5) {
    if (waited > 30_000) throw new Error(`never: ${what}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

/** A valid rollout body of exactly `size` bytes (padded with JSON whitespace). */
function rolloutBody(size: number): Buffer {
  const json = JSON.stringify(mathRollout("budget", 1));
  return Buffer.from(json + " ".repeat(size - Buffer.byteLength(json)));
}

interface Upload {
  req: ClientRequest;
  answered: boolean;
  reply: Promise<{ status: number; body: Record<string, unknown> } | "aborted">;
}

/** Starts a POST /rollout over a real socket: with Content-Length `declared`, or chunked when undefined. Writes nothing yet. */
function openUpload(url: string, declared: number | undefined): Upload {
  const { port } = new URL(url);
  const headers: Record<string, string | number> = { "content-type": "application/json", "x-api-key": KEY };
  if (declared !== undefined) headers["content-length"] = declared;
  const req = httpRequest({ host: "127.0.0.1", port, method: "POST", path: "/rollout", headers });
  const upload: Upload = {
    req,
    answered: false,
    reply: new Promise((resolve) => {
      req.on("error", () => resolve("aborted"));
      req.on("response", (res) => {
        upload.answered = true;
        let text = "";
        res.on("data", (c: Buffer) => (text += c.toString()));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) as Record<string, unknown> }));
        res.on("error", () => resolve("aborted"));
      });
    }),
  };
  req.flushHeaders();
  return upload;
}

async function listen(handler: TaskAppServer): Promise<{ url: string; close: () => Promise<void> }> {
  const server = createServer(handler.listener);
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((r) => server.close(() => r()).closeAllConnections()),
  };
}

const budgetPaths = [
  ["the node:http fast path of POST /rollout", () => createTrivialApp()],
  ["the Hono path (CORS on)", () => defineTaskApp({ appId: "cors", name: "Cors", baseTaskInfo: mathTaskInfo, corsOrigins: ["http://ui.example"], rollout: createTrivialApp().rollout })],
] as const;

for (const [name, makeApp] of budgetPaths) {
  describe(`the in-flight body budget on ${name}`, () => {
    const limit = 4 * MiB;
    const size = 1.5 * MiB;
    const env = { ENVIRONMENT_API_KEY: KEY };

    test("declared bodies past the budget get 503 server_busy before a byte is read; admitted ones finish; all bytes come back", async () => {
      const handler = createTaskAppServer(makeApp(), { env, maxInFlightBodyBytes: limit });
      const server = await listen(handler);
      try {
        const uploads: Upload[] = [];
        for (let i = 0; i < 6; i++) {
          const before = handler.bodyBudget.used;
          const upload = openUpload(server.url, size);
          uploads.push(upload);
          await until(() => handler.bodyBudget.used > before || upload.answered, `upload ${i} reserved or answered`);
        }
        assert.equal(handler.bodyBudget.used, 2 * size, "two bodies fit in 4 MiB");
        const body = rolloutBody(size);
        for (const upload of uploads) upload.req.end(upload.answered ? undefined : body);
        const replies = await Promise.all(uploads.map((u) => u.reply));
        const statuses = replies.map((r) => (r === "aborted" ? 0 : r.status));
        assert.deepEqual(statuses, [200, 200, 503, 503, 503, 503]);
        for (const reply of replies.slice(2)) {
          assert.ok(reply !== "aborted");
          assert.equal(errorCode(reply.body), "server_busy");
        }
        assert.ok(handler.bodyBudget.peak <= limit, `peak ${handler.bodyBudget.peak}`);
        assert.equal(handler.bodyBudget.used, 0);
      } finally {
        await server.close();
      }
    });

    test("aborted uploads give their bytes back; the next upload is admitted", async () => {
      const handler = createTaskAppServer(makeApp(), { env, maxInFlightBodyBytes: limit });
      const server = await listen(handler);
      try {
        const uploads = [openUpload(server.url, size), openUpload(server.url, size)];
        await until(() => handler.bodyBudget.used === 2 * size, "both reserved");
        for (const upload of uploads) upload.req.write(rolloutBody(size).subarray(0, MiB / 2));
        for (const upload of uploads) upload.req.destroy();
        await until(() => handler.bodyBudget.used === 0, "aborted uploads released");
        const next = openUpload(server.url, size);
        next.req.end(rolloutBody(size));
        const reply = await next.reply;
        assert.ok(reply !== "aborted");
        assert.equal(reply.status, 200);
        assert.equal(handler.bodyBudget.used, 0);
      } finally {
        await server.close();
      }
    });

    test("chunked bodies (no Content-Length) are counted as they arrive: the one that overflows gets 503", async () => {
      const handler = createTaskAppServer(makeApp(), { env, maxInFlightBodyBytes: limit });
      const server = await listen(handler);
      try {
        const body = rolloutBody(size);
        const [a, b, c] = [openUpload(server.url, undefined), openUpload(server.url, undefined), openUpload(server.url, undefined)];
        a!.req.write(body);
        await until(() => handler.bodyBudget.used === size, "a read");
        b!.req.write(body);
        await until(() => handler.bodyBudget.used === 2 * size, "b read");
        c!.req.write(body);
        const third = await c!.reply;
        assert.ok(third !== "aborted", "the overflowing upload is answered");
        assert.equal(third.status, 503);
        assert.equal(errorCode(third.body), "server_busy");
        a!.req.end();
        b!.req.end();
        for (const reply of await Promise.all([a!.reply, b!.reply])) assert.ok(reply !== "aborted" && reply.status === 200);
        assert.ok(handler.bodyBudget.peak <= limit);
        assert.equal(handler.bodyBudget.used, 0);
      } finally {
        await server.close();
      }
    });
  });
}

test("in process (Fetch API): a body larger than the whole budget gets 503 server_busy", async () => {
  const handler = createTaskAppServer(createTrivialApp(), { env: { ENVIRONMENT_API_KEY: KEY }, maxInFlightBodyBytes: MiB });
  const res = await handler.fetch(new Request("http://x/rollout", { method: "POST", headers: { "content-type": "application/json", "x-api-key": KEY }, body: rolloutBody(2 * MiB).toString() }));
  assert.equal(res.status, 503);
  assert.equal(errorCode(await res.json()), "server_busy");
  assert.equal(handler.bodyBudget.used, 0);
});

test("serve --body-budget-mb: concurrent uploads past it are refused by the real CLI", async () => {
  const childEnv: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: "1", ENVIRONMENT_API_KEY: KEY };
  delete childEnv.NODE_TEST_CONTEXT;
  const child = spawn(process.execPath, [...cliArgv(), "serve", join(root, "test/fixtures/apps/pid.mjs"), "--port", "0", "--workers", "1", "--body-budget-mb", "2"], { cwd: dir, env: childEnv, stdio: ["ignore", "pipe", "pipe"] });
  let out = "";
  const url = await new Promise<string>((r, reject) => {
    const look = (c: Buffer) => {
      out += c.toString();
      const found = /"url":"(http:\/\/127\.0\.0\.1:\d+)"/.exec(out)?.[1];
      if (found) r(found);
    };
    child.stdout.on("data", look);
    child.stderr.on("data", look);
    child.on("close", () => reject(new Error(out)));
  });
  try {
    const first = openUpload(url, 1.5 * MiB);
    const second = openUpload(url, 1.5 * MiB);
    const refused = await second.reply;
    assert.ok(refused !== "aborted");
    assert.equal(refused.status, 503);
    assert.equal(errorCode(refused.body), "server_busy");
    first.req.end(rolloutBody(1.5 * MiB));
    const ok = await first.reply;
    assert.ok(ok !== "aborted" && ok.status === 200);
  } finally {
    child.kill("SIGTERM");
  }
});

describe("validate on files nested thousands of levels deep", () => {
  test("each deep file gets a clean error at its position; the other files are still checked", async () => {
    const n = 5000;
    const files: Record<string, string> = {
      "deep-criteria.json": `{"version":"1","criteria":${"[".repeat(n)}${"]".repeat(n)}}`,
      "deep-object.json": `{"version":"1","criteria":[{"id":"a","description":"d","weight":1,"extra":${'{"a":'.repeat(n)}1${"}".repeat(n)}}]}`,
      "deep-array.toml": `a = ${"[".repeat(n)}${"]".repeat(n)}\n`,
      "deep-inline.toml": `a = ${"{b=".repeat(n)}1${"}".repeat(n)}\n`,
      "deep-table.toml": `[${Array(n).fill("model").join(".")}]\nx = 1\n`,
      "deep-dotted.toml": `${Array(n).fill("a").join(".")} = 1\n`,
    };
    for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
    const valid = join(root, "test/fixtures/valid/sft.toml");
    const run = await runToEnd(["validate", ...Object.keys(files), valid]);
    assert.equal(run.code, 1, run.out);
    assert.doesNotMatch(run.out, /RangeError|Maximum call stack|\n\s+at /);
    assert.match(run.out, /^deep-criteria\.json:1:154: error: JSON nesting too deep \(more than 128 levels\)$/m);
    assert.match(run.out, /^deep-object\.json:1:\d+: error: JSON nesting too deep/m);
    for (const name of Object.keys(files).filter((f) => f.endsWith(".toml"))) assert.match(run.out, new RegExp(`^${name.replace(".", "\\.")}:\\d+:\\d+: error: invalid TOML: nesting too deep`, "m"));
    assert.match(run.out, /7 files checked: 1 valid, 6 invalid/);
  });
});

describe("usage errors and Ctrl-C get task-app's words, never Node's", () => {
  test("serve --port abc, a missing module (with a did-you-mean) and a folder exit 2", async () => {
    writeFileSync(join(dir, "app.ts"), `export { default } from ${JSON.stringify(join(root, "test/fixtures/apps/trivial.ts"))};\n`);
    const cases: [string[], RegExp][] = [
      [["serve", "app.ts", "--port", "abc"], /^task-app: --port must be a whole number from 0 to 65535 \(got "abc"\)$/m],
      [["serve", "ap.ts", "--workers", "1"], /^task-app serve: ap\.ts does not exist; did you mean app\.ts\?$/m],
      [["serve", "ap.ts", "--workers", "2"], /^task-app serve: ap\.ts does not exist; did you mean app\.ts\?$/m],
      [["serve", ".", "--workers", "1"], /^task-app serve: \. is a folder; name the module file/m],
    ];
    for (const [args, expected] of cases) {
      const run = await runToEnd(args);
      assert.equal(run.code, 2, `${args.join(" ")}: ${run.out}`);
      assert.match(run.out, expected);
      assert.doesNotMatch(run.out, /Cannot find module|dist\/server|\n\s+at /);
    }
  });

  test("Ctrl-C (SIGINT to the whole process group) while the workers start prints no stack", async () => {
    const marks = join(dir, "marks");
    writeFileSync(
      join(dir, "slow-start.mjs"),
      `import { mkdirSync, writeFileSync } from "node:fs";\nmkdirSync(${JSON.stringify(marks)}, { recursive: true });\n` +
        `writeFileSync(${JSON.stringify(marks)} + "/" + process.pid, "");\nsetInterval(() => {}, 1000);\nawait new Promise(() => {});\nexport default {};\n`,
    );
    const childEnv: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: "1", ENVIRONMENT_API_KEY: KEY };
    delete childEnv.NODE_TEST_CONTEXT;
    const child = spawn(process.execPath, [...cliArgv(), "serve", "slow-start.mjs", "--port", "0", "--workers", "2"], { cwd: dir, env: childEnv, detached: true, stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    child.stdout.on("data", (c: Buffer) => (out += c.toString()));
    child.stderr.on("data", (c: Buffer) => (out += c.toString()));
    const closed = new Promise<number | null>((r) => child.on("close", (code) => r(code)));
    const { readdirSync } = await import("node:fs");
    const started = () => {
      try {
        return readdirSync(marks).length >= 2;
      } catch {
        return false;
      }
    };
    await until(started, "both workers loading");
    process.kill(-child.pid!, "SIGINT");
    const code = await closed;
    assert.doesNotMatch(out, /EPIPE|"level":40.*channel|\n\s+at |\\n\s+at /, out);
    assert.ok(code === 0 || code === 130 || code === 1, `exit ${code}: ${out}`);
  });
});
