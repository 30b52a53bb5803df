/**
 * The CLI's `main` run in this process, in `cwd`, with what it writes to
 * stdout and stderr captured and its exit code returned: the same code a
 * spawned `task-app` runs from its argv on, without a process start-up and
 * a module graph loaded per case. For suites with many cases of one code
 * path; each claim about the process itself (exit code, output) keeps one
 * real process (./run-cli.ts) beside them. Calls run one at a time (the
 * working directory, the environment and the streams are the process's);
 * `env`, when given, is the whole environment during the call, as a spawned
 * CLI's would be.
 */
import type { CliResult } from "./run-cli.js";

let queue: Promise<unknown> = Promise.resolve();

export function runCliInProcess(argv: readonly string[], cwd: string, env?: NodeJS.ProcessEnv): Promise<CliResult> {
  const run = queue.then(async () => {
    const { main } = await import("../../src/cli/main.js");
    const out: string[] = [];
    const err: string[] = [];
    const { stdout, stderr } = process;
    const [writeOut, writeErr] = [stdout.write, stderr.write];
    const before = process.cwd();
    const exitCode = process.exitCode;
    const saved = { ...process.env };
    if (env) replaceEnv(env);
    stdout.write = ((chunk: string | Uint8Array) => (out.push(String(chunk)), true)) as typeof stdout.write;
    stderr.write = ((chunk: string | Uint8Array) => (err.push(String(chunk)), true)) as typeof stderr.write;
    process.chdir(cwd);
    try {
      const code = await main([...argv]);
      return { code, stdout: out.join(""), stderr: err.join("") };
    } finally {
      process.chdir(before);
      stdout.write = writeOut;
      stderr.write = writeErr;
      process.exitCode = exitCode;
      replaceEnv(saved);
    }
  });
  queue = run.catch(() => undefined);
  return run;
}

function replaceEnv(env: NodeJS.ProcessEnv): void {
  for (const key of Object.keys(process.env)) if (!(key in env)) delete process.env[key];
  for (const [key, value] of Object.entries(env)) if (value !== undefined) process.env[key] = value;
}
