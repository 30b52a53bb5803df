/**
 * `task-app validate` is run in editors, hooks and CI on every save, so it
 * skips loading yargs (about a third of start-up) when its arguments are
 * plain (`./plain-args.ts`, which `eval` shares). Anything else (help,
 * --version, a typo, a bad or repeated value, `--`) falls through to yargs,
 * which explains it: both paths print the same for the same argv.
 */
import { z } from "../zod.js";
import { runValidate, validateOptions, type ValidateArgs } from "./commands/validate.js";
import { parsePlainArgs } from "./plain-args.js";

/** Runs `validate` without yargs and resolves to its exit code, or undefined to let yargs handle argv. */
export async function runFastPath(argv: readonly string[]): Promise<number | undefined> {
  if (argv[0] !== "validate") return undefined;
  const parsed = parsePlainArgs(argv.slice(1), validateOptions, { positionals: true });
  if (!parsed?.positionals.length) return undefined;
  const { values, positionals } = parsed;
  let exitCode = 0;
  const args: ValidateArgs & { setExitCode: (c: number) => void } = {
    files: positionals,
    kind: values.kind as ValidateArgs["kind"],
    json: values.json === true,
    "allow-unknown": values["allow-unknown"] === true,
    "allow-unknown-models": values["allow-unknown-models"] === true,
    explain: values.explain === true,
    "max-findings": String(values["max-findings"]),
    setExitCode: (c) => void (exitCode = c),
  };
  // One parse per file: Zod's JIT compile costs more than it saves here.
  z.config({ jitless: true });
  await runValidate(args);
  return exitCode;
}
