/**
 * `task-app eval` without yargs when its arguments are plain (see
 * `./plain-args.ts`): the same option table, the same environment rule, the
 * same handler and the same words on failure as `main`, loading only what
 * the run uses. Anything else falls through to yargs.
 */
import { evalOptions, runEvalCommand, type EvalArgs } from "./commands/eval.js";
import { parsePlainArgs } from "./plain-args.js";
import { UsageError } from "./usage-error.js";

/** Runs `eval` and resolves to its exit code, or undefined to let yargs handle argv. */
export async function runEvalFastPath(argv: readonly string[]): Promise<number | undefined> {
  if (argv[0] !== "eval") return undefined;
  const parsed = parsePlainArgs(argv.slice(1), evalOptions, { positionals: false });
  if (!parsed) return undefined;
  let exitCode = 0;
  const args = { ...parsed.values, setExitCode: (c: number) => void (exitCode = c) } as EvalArgs & { setExitCode: (c: number) => void };
  try {
    // The environment rule `main` applies before every handler of a command that reads keys.
    const { applyEnvironment, EnvFileError } = await import("../server/env.js");
    try {
      applyEnvironment(args["env-file"]);
    } catch (error) {
      throw error instanceof EnvFileError ? new UsageError(error.message) : error;
    }
    await runEvalCommand(args);
  } catch (error) {
    if (error instanceof UsageError) {
      const { usageHint } = await import("./unknown-options.js");
      process.stderr.write(`task-app: ${error.message}\n${usageHint("eval")}\n`);
      return 2;
    }
    process.stderr.write(`task-app: ${error instanceof Error ? error.message : String(error)}\n`);
    return exitCode || 1;
  }
  return exitCode;
}
