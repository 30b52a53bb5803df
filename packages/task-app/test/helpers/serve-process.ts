/**
 * `task-app serve` in a real child process (started as ./cli-command.ts
 * says): `startServe` resolves once the server logs its URL; `rollout` posts
 * to it over loopback with the API key; `kill` sends a signal and resolves
 * with how the process ended.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { cliArgv } from "./cli-command.js";

export interface ServeProcess {
  url: string;
  child: ChildProcess;
  /** Everything the process printed so far (stdout and stderr). */
  output(): string;
  /** Sends `signal` (SIGTERM by default) and resolves with the exit code, or the signal that ended it, once its output is all read. */
  kill(signal?: NodeJS.Signals): Promise<number | NodeJS.Signals | null>;
}

export interface StartServeOptions {
  cwd?: string;
  env?: NodeJS.ProcessEnv;
  /** The port to listen on (default 0: one the system picks). */
  port?: number;
  /** How long to wait for the server to listen (default 90 s: a loaded machine compiles TS slowly). */
  startTimeoutMs?: number;
  /** A command that runs the server as its last arguments (`unshare --mount sh -c '... exec "$@"' sh`); it must exec it, so signals reach the server. */
  wrap?: string[];
}

/**
 * Spawns `task-app serve <module> --port 0 --workers 1 ...args` and resolves
 * with its URL once it listens: one process, so its logs and its kill are
 * those of the server itself (test/serve-workers.test.ts covers --workers).
 */
export function startServe(module: string, args: string[], options: StartServeOptions = {}): Promise<ServeProcess> {
  const env: NodeJS.ProcessEnv = { ...process.env, ...options.env };
  delete env.NODE_TEST_CONTEXT;
  const argv = [process.execPath, ...cliArgv(), "serve", module, "--port", String(options.port ?? 0), "--workers", "1", ...args];
  const [command, ...rest] = [...(options.wrap ?? []), ...argv];
  const child = spawn(command!, rest, {
    cwd: options.cwd ?? process.cwd(),
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  // "close": the process has ended and its output has all been read.
  const exited = new Promise<number | NodeJS.Signals | null>((resolve) => child.on("close", (code, signal) => resolve(signal ?? code)));
  const kill = (signal: NodeJS.Signals = "SIGTERM") => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    return exited;
  };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      void kill("SIGKILL");
      reject(new Error(`task-app serve did not start within the time limit:\n${out}`));
    }, options.startTimeoutMs ?? 90_000);
    const onData = (chunk: Buffer) => {
      out += chunk.toString("utf8");
      const url = /"url":"(http:\/\/127\.0\.0\.1:\d+)"/.exec(out)?.[1];
      if (url) {
        clearTimeout(timer);
        resolve({ url, child, output: () => out, kill });
      }
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", onData);
    void exited.then((how) => {
      clearTimeout(timer);
      reject(new Error(`task-app serve exited (${how}) before listening:\n${out}`));
    });
  });
}

/** Posts a rollout request; resolves with the status and the parsed body. */
export async function postRollout(url: string, key: string, body: unknown): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(`${url}/rollout`, {
    method: "POST",
    headers: { "x-api-key": key, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** A math rollout request for `seed` (scripted policy: no inference_url). */
export function mathRollout(runId: string, seed: number, returnTrace = false): Record<string, unknown> {
  return {
    run_id: runId,
    env: { env_name: "math", seed, config: {} },
    policy: { policy_name: "scripted", config: { model: "scripted" } },
    record: { return_trace: returnTrace, trace_format: "structured" },
  };
}
