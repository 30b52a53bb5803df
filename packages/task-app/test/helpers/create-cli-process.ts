/**
 * `create-task-app` as a real process for interruption tests. Usage:
 * `node --import tsx test/helpers/create-cli-process.ts [--pause-staged <file>] [--pause-placed <n>] -- <create-task-app args>`.
 * With a pause flag it prints `PAUSED <pid>` once that file is staged (or
 * `n` files are placed with --force) and waits there until a signal arrives,
 * so a test can SIGTERM or SIGKILL it at a known point of the write.
 */
import { runCreateTaskApp } from "../../src/cli/create-task-app.js";

const args = process.argv.slice(2);
const split = args.indexOf("--");
const own = split === -1 ? [] : args.slice(0, split);
const argv = split === -1 ? args : args.slice(split + 1);
const option = (name: string) => {
  const at = own.indexOf(name);
  return at === -1 ? undefined : own[at + 1];
};
const pauseStaged = option("--pause-staged");
const pausePlaced = option("--pause-placed");

/** Announces the pause and waits for the next SIGTERM (registered after the CLI's own handler, so it aborts first). */
function pause(): Promise<void> {
  process.stdout.write(`PAUSED ${process.pid}\n`);
  const keepAlive = setInterval(() => undefined, 1000);
  return new Promise((resolve) =>
    process.once("SIGTERM", () => {
      clearInterval(keepAlive);
      resolve();
    }),
  );
}

let placed = 0;
process.exitCode = await runCreateTaskApp(argv, {
  ...(pauseStaged ? { onFileStaged: (rel: string) => (rel === pauseStaged ? pause() : undefined) } : {}),
  ...(pausePlaced ? { onFilePlaced: () => (++placed === Number(pausePlaced) ? pause() : undefined) } : {}),
});
