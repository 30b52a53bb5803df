/**
 * `task-app validate` is run in editors, hooks and CI on every save, so it
 * skips loading yargs (about a third of start-up) when its arguments parse
 * cleanly with `node:util`'s parseArgs from the same option table. Anything
 * else (help, --version, a typo, a bad or repeated value, `--`) falls through
 * to yargs, which explains it: both paths print the same for the same argv.
 */
import { parseArgs } from "node:util";
import { z } from "zod";
import { runValidate, validateOptions, type ValidateArgs } from "./commands/validate.js";

/** Runs `validate` without yargs and resolves to its exit code, or undefined to let yargs handle argv. */
export async function runFastPath(argv: readonly string[]): Promise<number | undefined> {
  if (argv[0] !== "validate" || argv.includes("--help") || argv.includes("-h")) return undefined;
  let parsed;
  try {
    const options = Object.fromEntries(
      Object.entries(validateOptions).map(([name, o]) => [name, { type: o.type } as { type: "string" | "boolean" }]),
    );
    parsed = parseArgs({ args: argv.slice(1), options, allowPositionals: true, strict: true, tokens: true });
  } catch {
    return undefined;
  }
  const { values, positionals, tokens } = parsed;
  // yargs reads `--` and a repeated value option its own way (a usage error): leave both to it, so the output is the same.
  const valueOptions = tokens.filter((t) => t.kind === "option" && t.value !== undefined).map((t) => (t as { name: string }).name);
  if (tokens.some((t) => t.kind === "option-terminator") || new Set(valueOptions).size < valueOptions.length) return undefined;
  const kind = values.kind;
  if (!positionals.length || (kind !== undefined && !validateOptions.kind.choices.includes(kind as never))) return undefined;
  let exitCode = 0;
  const args: ValidateArgs & { setExitCode: (c: number) => void } = {
    files: positionals,
    kind: kind as ValidateArgs["kind"],
    json: values.json === true,
    "allow-unknown": values["allow-unknown"] === true,
    "allow-unknown-models": values["allow-unknown-models"] === true,
    explain: values.explain === true,
    "max-findings": String(values["max-findings"] ?? validateOptions["max-findings"].default),
    setExitCode: (c) => void (exitCode = c),
  };
  // One parse per file: Zod's JIT compile costs more than it saves here.
  z.config({ jitless: true });
  await runValidate(args);
  return exitCode;
}
