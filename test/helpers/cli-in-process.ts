/**
 * The CLI's `main` run in this process, in `cwd`, with what it writes to
 * stdout and stderr captured and its exit code returned: the same code a
 * spawned `task-app` runs from its argv on, without a process start-up and
 * a module graph loaded per case. For suites with many cases of one code
 * path; each claim about the process itself (exit code, output) keeps one
 * real process (./run-cli.ts) beside them. Calls run one at a time (the
 * working directory and the streams are the process's).
 */
import type { CliResult } from "./run-cli.js";

let queue: Promise<unknown> = Promise.resolve();

export function runCliInProcess(argv: readonly string[], cwd: string): Promise<CliResult> {
  const run = queue.then(async () => {
    const { main } = await import("../../src/cli/main.js");
    const out: string[] = [];
    const err: string[] = [];
    const { stdout, stderr } = process;
    const [writeOut, writeErr] = [stdout.write, stderr.write];
    const before = process.cwd();
    const exitCode = process.exitCode;
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
    }
  });
  queue = run.catch(() => undefined);
  return run;
}
