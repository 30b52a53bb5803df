/**
 * Everything `task-app train` and `task-app jobs` print, on stdout and
 * stderr, human and --json, success and failure, scanned for the keys in
 * use: not a key, nor its first or last 6 characters, even when the backend
 * and the job's events repeat them. A key pasted into the config never
 * leaves the machine.
 */
import assert from "node:assert/strict";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { serve, type ServingTaskApp } from "../src/server/index.js";
import { createMathApp } from "./fixtures/apps/math.js";
import { assertNoKey, runCliWithEnv, startFakeBackend, type JobStep } from "./helpers/fake-backend.js";
import { FIXTURES, workdir } from "./helpers/payload.js";
import type { CliResult } from "./helpers/run-cli.js";

const SYNTH_KEY = "sk_synth_scan_A1b2C3d4E5f6G7h8";
const ENV_KEY = "sk_env_scan_Z9y8X7w6V5u4T3s2";
const ALIAS_KEY = "sk_alias_scan_Q1w2E3r4T5y6U7i8";
const KEYS = [SYNTH_KEY, ENV_KEY, ALIAS_KEY];
const ENV = { SYNTH_API_KEY: SYNTH_KEY, ENVIRONMENT_API_KEY: ENV_KEY, ENVIRONMENT_API_KEY_ALIASES: ALIAS_KEY };
const CONFIG = join(FIXTURES, "rl-model.toml");

/** A job whose events and failure repeat every key. */
const LEAKY: JobStep[] = [
  { status: "running", events: [{ type: "debug", message: `authorized with ${SYNTH_KEY}`, data: { step: 1, mean_return: 1, env_key: ENV_KEY } }] },
  { status: "failed", events: [{ type: "job.failed", message: `task app refused ${ENV_KEY.slice(0, 10)}… and ${ALIAS_KEY}` }], body: { error: `bad key ${SYNTH_KEY}` } },
];

let app: ServingTaskApp;
before(async () => {
  app = await serve(createMathApp(), { port: 0, env: { ENVIRONMENT_API_KEY: ENV_KEY }, logLevel: "silent", handleSignals: false });
});
after(() => app.close());

const everything = (r: CliResult) => r.stdout + r.stderr;

describe("train never prints a key", () => {
  for (const json of [false, true])
    test(`a job whose events and error repeat the keys${json ? " (--json)" : ""}`, async () => {
      const backend = await startFakeBackend({ apiKey: SYNTH_KEY, script: LEAKY });
      try {
        const argv = ["train", "--config", CONFIG, "--backend", backend.url, "--task-url", app.url, "--poll-interval", "0.02", ...(json ? ["--json"] : [])];
        const r = await runCliWithEnv(argv, ENV);
        assert.equal(r.code, 1);
        assert.match(everything(r), /\[redacted\]/, "the repeated keys were there to redact");
        assertNoKey(everything(r), KEYS);
        for (const command of [["jobs", "status", "job-1", "--json"], ["jobs", "events", "job-1"], ["jobs", "events", "job-1", "--json"]]) {
          const lookup = await runCliWithEnv([...command, "--backend", backend.url], ENV);
          assert.equal(lookup.code, 0, lookup.stderr);
          assertNoKey(everything(lookup), KEYS);
        }
        // The keys did go where they belong.
        assert.equal(backend.requests[0]!.headers.authorization, `Bearer ${SYNTH_KEY}`);
      } finally {
        await backend.close();
      }
    });

  test("a rejected key, a refused task app key and a missing key", async () => {
    const backend = await startFakeBackend({ apiKey: "sk_some_other_key_entirely_0000" });
    try {
      const base = ["train", "--config", CONFIG, "--backend", backend.url, "--task-url", app.url];
      const rejected = await runCliWithEnv(base, ENV);
      assert.equal(rejected.code, 1);
      assertNoKey(everything(rejected), KEYS);
      const missing = await runCliWithEnv(base, { ENVIRONMENT_API_KEY: ENV_KEY });
      assert.equal(missing.code, 2);
      assert.match(missing.stderr, /SYNTH_API_KEY is not set/);
      assertNoKey(everything(missing), KEYS);
    } finally {
      await backend.close();
    }
  });

  test("a key pasted into the config is refused before anything is sent", async () => {
    const backend = await startFakeBackend({ apiKey: SYNTH_KEY });
    try {
      const dir = workdir();
      const config = join(dir, "rl.toml");
      writeFileSync(config, readFileSync(CONFIG, "utf8").replace('experiment = "payload"', `experiment = "payload"\nnote = "${ENV_KEY}"`));
      for (const extra of [[], ["--dry-run"]]) {
        const r = await runCliWithEnv(["train", "--config", config, "--backend", backend.url, "--task-url", app.url, ...extra], ENV);
        assert.equal(r.code, 1, r.stderr);
        assert.match(r.stderr, /the job payload contains an API key/);
        assertNoKey(everything(r), KEYS);
      }
      assert.deepEqual(backend.requests, []);
    } finally {
      await backend.close();
    }
  });
});
