import { test } from "node:test";
import assert from "node:assert/strict";
import { Writable } from "node:stream";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { collectSecrets, createKeyMatcher, createLogger, createTaskAppServer, redactSecrets, serve } from "../src/server/index.js";
import { ErrorBody } from "../src/schemas/errors.js";
import { createMathApp } from "./fixtures/apps/math.js";
import { shownSecretPieces } from "./helpers/leaks.js";

const KEY = "sk_env_secret_primary_0123456789";
const ALIAS = "sk_env_secret_alias_9876543210";
const DEV = "devEnvironmentFallbackKey42";
const OPENAI = "sk-proj-AbCdEfGhIjKlMnOpQrStUvWxYz0123456789";
const GROQ = "gsk_groqVendorKey_0123456789abcdef";
const SYNTH = "sk_synth_platform_key_0123456789";
const CUSTOM = "anthropicStyleKey_0123456789abc";
const DEV_OPENAI = "sk-devOpenaiFallback-0123456789";
const env = {
  ENVIRONMENT_API_KEY: KEY,
  ENVIRONMENT_API_KEY_ALIASES: ` ${ALIAS} , `,
  DEV_ENVIRONMENT_API_KEY: DEV,
  OPENAI_API_KEY: OPENAI,
  GROQ_API_KEY: GROQ,
  SYNTH_API_KEY: SYNTH,
  ANTHROPIC_API_KEY: CUSTOM,
  dev_openai_api_key: DEV_OPENAI,
  HOME: "/home/someone",
};
const ALL = [KEY, ALIAS, DEV, OPENAI, GROQ, SYNTH, CUSTOM, DEV_OPENAI];

/** Every piece of 6 leading or trailing characters of any secret that shows in `text`. */
const shownPrefixes = (text: string) => shownSecretPieces(text, ALL);

test("collectSecrets finds environment keys, aliases, dev fallbacks, vendor keys and any *_API_KEY", () => {
  assert.deepEqual(new Set(collectSecrets(env)), new Set(ALL));
  assert.ok(!collectSecrets(env).includes("/home/someone"));
  assert.deepEqual(collectSecrets({ X_API_KEY: "abc" }), [], "too short to be a key");
});

test("redactSecrets removes whole secrets and every piece of 6+ characters (leading, trailing or inside), and leaves the rest", () => {
  const secrets = collectSecrets(env);
  const text = `full ${OPENAI}; first12 ${KEY.slice(0, 12)}; first6 ${GROQ.slice(0, 6)}|; half ${SYNTH.slice(0, 16)}; alias=${ALIAS}x; first5 ${CUSTOM.slice(0, 5)} ok`;
  const out = redactSecrets(text, secrets);
  assert.deepEqual(shownPrefixes(out), [], out);
  assert.equal(out, `full [redacted]; first12 [redacted]; first6 [redacted]|; half [redacted]; alias=[redacted]x; first5 ${CUSTOM.slice(0, 5)} ok`);
  assert.equal(redactSecrets("nothing hidden here", secrets), "nothing hidden here");
  assert.equal(redactSecrets("a secret word", secrets), "a [redacted] word", "6 characters from inside a key (sk_env_secret_…) count too");
  const tails = `masked ****${OPENAI.slice(-6)}; last10 ${KEY.slice(-10)}; tail+ ${GROQ.slice(-8)}xyz end`;
  assert.equal(redactSecrets(tails, secrets), "masked ****[redacted]; last10 [redacted]; tail+ [redacted]xyz end", "trailing pieces of 6 or more");
  assert.equal(redactSecrets(`x${OPENAI.slice(-5)}`, secrets), `x${OPENAI.slice(-5)}`, "5 trailing characters are too few to count");
  assert.equal(createKeyMatcher([KEY, ALIAS]).redact(`a ${KEY.slice(0, 8)} b ${ALIAS}`), "a [redacted] b [redacted]", "the key matcher redacts prefixes too");
});

function capture() {
  let logged = "";
  const sink = new Writable({ write(chunk, _enc, cb) { logged += chunk; cb(); } });
  return { logger: createLogger("trace", sink), logs: () => logged };
}

const thrower = (corsOrigins: string[] = []) =>
  createMathApp({
    corsOrigins,
    rollout: () => {
      const error = new Error(`Incorrect API key provided: ${OPENAI}; env ${KEY.slice(0, 12)}; groq ${GROQ.slice(0, 6)}; alias ${ALIAS}; synth ${SYNTH}; other ${CUSTOM.slice(0, 9)}`);
      throw error;
    },
  });
const body = JSON.stringify({ run_id: "leaky-run", env: { seed: 1 }, policy: {}, ops: [] });

async function checkFailure(res: Response, logs: string) {
  assert.equal(res.status, 500);
  const text = await res.text();
  const error = ErrorBody.parse(JSON.parse(text)).detail.error;
  assert.equal(error.code, "rollout_failed");
  assert.equal(error.message, "the rollout executor failed", "the client gets a generic message");
  assert.equal(error.run_id, "leaky-run");
  assert.match(String(error.error_id), /^[0-9a-f-]{36}$/);
  assert.deepEqual(shownPrefixes(text), [], text);
  assert.ok(!text.includes("Incorrect API key"), "the executor's text stays on the server");

  const line = logs.split("\n").find((l) => l.includes("rollout executor failed"));
  assert.ok(line, logs);
  const entry = JSON.parse(line);
  assert.equal(entry.error_id, error.error_id, "the log can be found from the error id");
  assert.equal(entry.run_id, "leaky-run");
  assert.match(entry.err.message, /^Incorrect API key provided: \[redacted\]; env \[redacted\]; groq \[redacted\]; alias \[redacted\]; synth \[redacted\]; other \[redacted\]$/);
  assert.deepEqual(shownPrefixes(logs), [], logs);
}

test("an executor error carrying secrets: generic 500 with run and error ids; the log keeps the message, redacted (in-process)", async () => {
  const { logger, logs } = capture();
  const server = createTaskAppServer(thrower(), { env, logger });
  const res = await server.request("/rollout", { method: "POST", headers: { "x-api-key": KEY, "content-type": "application/json" }, body });
  await checkFailure(res, logs());
});

test("the same over the fast path and the Hono path, with keys only in process.env", async () => {
  const saved = { ...process.env };
  Object.assign(process.env, env);
  try {
    for (const corsOrigins of [[], ["https://ui.example.test"]]) {
      const { logger, logs } = capture();
      const running = await serve(thrower(corsOrigins), { port: 0, logger, handleSignals: false });
      try {
        const res = await fetch(`${running.url}/rollout`, { method: "POST", headers: { "x-api-key": KEY, "content-type": "application/json" }, body });
        await checkFailure(res, logs());
      } finally {
        await running.close();
      }
    }
  } finally {
    for (const name of Object.keys(env)) {
      if (name in saved) process.env[name] = saved[name];
      else delete process.env[name];
    }
  }
});

test("a failing route and a failing shutdown hook are logged redacted", async () => {
  const { logger, logs } = capture();
  const server = createTaskAppServer(
    createMathApp({
      describeTaskset: () => {
        throw new Error(`taskset service refused ${OPENAI.slice(0, 20)}`);
      },
      onShutdown: [() => { throw new Error(`hook saw ${GROQ}`); }],
    }),
    { env, logger },
  );
  const res = await server.request("/task_info", { headers: { "x-api-key": KEY } });
  assert.equal(res.status, 500);
  assert.deepEqual(shownPrefixes(await res.text()), []);
  await server.runShutdownHooks();
  assert.match(logs(), /taskset service refused \[redacted\]/);
  assert.match(logs(), /hook saw \[redacted\]/);
  assert.deepEqual(shownPrefixes(logs()), [], logs());
});

test("a key in the request path is redacted in the request log and in the 404 body, over a socket", async () => {
  const { logger, logs } = capture();
  const running = await serve(createMathApp(), { port: 0, env, logger, handleSignals: false });
  try {
    for (const path of [`/${KEY}`, `/v1/${OPENAI.slice(0, 10)}/x`, `/tail/${GROQ.slice(-8)}`]) {
      const res = await fetch(`${running.url}${path}`, { headers: { "x-api-key": KEY } });
      assert.equal(res.status, 404);
      assert.deepEqual(shownPrefixes(await res.text()), [], path);
    }
  } finally {
    await running.close();
  }
  assert.match(logs(), /"path":"\/\[redacted\]"/);
  assert.equal(logs().split("\n").filter((l) => l.includes('"msg":"request"')).length, 3);
  assert.deepEqual(shownPrefixes(logs()), [], logs());
});

test("ctx.log handed to executors redacts messages, arguments, objects, errors and child bindings", async () => {
  const { logger, logs } = capture();
  const app = createMathApp({
    rollout: (req, ctx) => {
      ctx.log.info({ token: OPENAI, nested: { header: `Bearer ${KEY}`, list: [ALIAS] } }, `calling the vendor with ${GROQ}`);
      ctx.log.warn("retrying with %s", SYNTH.slice(0, 10));
      ctx.log.child({ key: CUSTOM }).error({ err: new Error(`refused ${DEV_OPENAI}`) }, "vendor refused");
      return createMathApp().rollout(req, ctx);
    },
  });
  const server = createTaskAppServer(app, { env, logger });
  const res = await server.request("/rollout", { method: "POST", headers: { "x-api-key": KEY, "content-type": "application/json" }, body });
  assert.equal(res.status, 200);
  const lines = logs().split("\n").filter(Boolean).map((l) => JSON.parse(l) as Record<string, any>);
  const call = lines.find((l) => l.msg === "calling the vendor with [redacted]");
  assert.ok(call, logs());
  assert.equal(call.run_id, "leaky-run");
  assert.deepEqual([call.token, call.nested], ["[redacted]", { header: "Bearer [redacted]", list: ["[redacted]"] }]);
  assert.ok(lines.some((l) => l.msg === "retrying with [redacted]"), logs());
  const refused = lines.find((l) => l.msg === "vendor refused");
  assert.equal(refused?.key, "[redacted]");
  assert.equal(refused?.err.message, "refused [redacted]");
  assert.deepEqual(shownPrefixes(logs()), [], logs());
});

test("an executor whose inference call fails: the log names the inference URL (credentials redacted) and the cause", async () => {
  const closed = createServer();
  await new Promise<void>((r) => closed.listen(0, "127.0.0.1", r));
  const port = (closed.address() as AddressInfo).port;
  await new Promise<void>((r) => closed.close(() => r()));
  const inferenceUrl = `http://user:${DEV}@127.0.0.1:${port}/v1/chat/completions?cid=trace-1&api_key=plainTextToken99`;
  const { logger, logs } = capture();
  const app = createMathApp({
    rollout: async (req) => {
      const url = new URL(req.policy.config.inference_url!);
      url.username = url.password = "";
      await fetch(url, { method: "POST", headers: { authorization: `Bearer ${OPENAI}` }, body: "{}" });
      throw new Error("unreachable");
    },
  });
  const server = createTaskAppServer(app, { env, logger });
  const res = await server.request("/rollout", {
    method: "POST",
    headers: { "x-api-key": KEY, "content-type": "application/json" },
    body: JSON.stringify({ run_id: "inference-down", env: { seed: 1 }, policy: { config: { inference_url: inferenceUrl } }, ops: [] }),
  });
  assert.equal(res.status, 500);
  const line = logs().split("\n").find((l) => l.includes("rollout executor failed"));
  assert.ok(line, logs());
  const entry = JSON.parse(line);
  assert.equal(entry.inference_url, `http://[redacted]:[redacted]@127.0.0.1:${port}/v1/chat/completions?cid=trace-1&api_key=[redacted]`);
  assert.match(String(entry.cause), /ECONNREFUSED/, line);
  assert.equal(entry.err.message, "fetch failed");
  assert.deepEqual(shownPrefixes(logs()), [], logs());
  assert.ok(!logs().includes("plainTextToken99"));
});
