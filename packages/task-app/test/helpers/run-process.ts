/**
 * Runs a command the way a user's shell would for the install and
 * end-to-end tests: npm's notices off, no color, and none of the outer test
 * runner's variables (a nested `node --test` would report to it instead of
 * printing; NODE_OPTIONS would carry this runner's loader).
 */
import assert from "node:assert/strict";
import { spawn } from "node:child_process";

export interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

export const CLEAN_ENV: NodeJS.ProcessEnv = { ...process.env, npm_config_update_notifier: "false", npm_config_fund: "false", npm_config_audit: "false", NO_COLOR: "1" };
delete CLEAN_ENV.npm_config_user_agent;
delete CLEAN_ENV.NODE_OPTIONS;
delete CLEAN_ENV.NODE_TEST_CONTEXT;

/** Runs `command` in `cwd` with CLEAN_ENV (or `env`); resolves with its exit code and output (npm's config warning dropped). */
export function runProcess(command: string, args: string[], cwd: string, timeoutMs = 240_000, env: NodeJS.ProcessEnv = CLEAN_ENV): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env, stdio: ["ignore", "pipe", "pipe"], timeout: timeoutMs });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (c: Buffer) => (stdout += c.toString("utf8")));
    child.stderr.on("data", (c: Buffer) => (stderr += c.toString("utf8")));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr: stderr.replace(/^npm warn Unknown user config.*\n/gm, "") }));
  });
}

/** Asserts exit 0, showing the end of both outputs otherwise. */
export function assertOk(result: Run, what: string): Run {
  assert.equal(result.code, 0, `${what} failed (exit ${result.code}):\n${result.stdout.slice(-3000)}\n${result.stderr.slice(-3000)}`);
  return result;
}
