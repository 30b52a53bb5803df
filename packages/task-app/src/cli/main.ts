/**
 * The `task-app` command line. Each command lives in `./commands/<name>.ts`
 * as a yargs CommandModule whose handler imports its library lazily, so
 * `task-app --help` and `task-app validate` start fast.
 */

import { isAbsolute, join, relative } from "node:path";
import type { Argv } from "yargs";
import { ENV_COMMANDS } from "./env-option.js";
import { packageRoot, readPackageVersion } from "../fs/package-root.js";
import { UsageError } from "./usage-error.js";
import { describeUnknownOptions, findUnknownOptions, UnknownOptionsError, usageHint, type KnownOptions } from "./unknown-options.js";

export { UsageError } from "./usage-error.js";

/** Runs the CLI and resolves to the process exit code (0 ok, 1 findings/failure, 2 usage). */
export async function main(argv: string[]): Promise<number> {
  const [{ default: yargs }, { commands }] = await Promise.all([import("yargs"), import("./commands/index.js")]);
  let exitCode = 0;
  const commandNames = new Set(commands.flatMap((c) => [String(c.command).split(" ")[0], ...[c.aliases ?? []].flat()]));
  const cli = describeCli(yargs(argv), configReferencePath())
    .wrap(Math.min(100, process.stdout.columns || 100))
    .fail((msg, err) => {
      // yargs reports its own parse and check failures as a message (or a non-Error value).
      if (err instanceof Error && !msg) throw err;
      // Under a known command, an unknown option explains the failure best (it may have swallowed a file
      // name): name each once, as typed. A mistyped command keeps yargs' "Did you mean ...?".
      const named = commandNames.has(argv[0] ?? "") || argv[0]?.startsWith("-");
      const known = (cli as unknown as { getOptions(): KnownOptions }).getOptions();
      const unknown = named ? findUnknownOptions(argv, known) : [];
      if (unknown.length) throw new UnknownOptionsError(unknown, known);
      const context = (cli as unknown as { getInternalMethods(): { getContext(): { fullCommands: string[] } } }).getInternalMethods().getContext();
      throw new UsageError(describeMissingArguments(msg, context.fullCommands) ?? describeInvalidChoices(msg, context.fullCommands) ?? (msg || String(err)));
    })
    .middleware((args) => {
      // A single-valued option given twice would reach the handler as an array.
      const options = (cli as unknown as { getOptions(): Record<"string" | "number" | "array", string[] | undefined> }).getOptions();
      const single = [...(options.string ?? []), ...(options.number ?? [])].filter((name) => !options.array?.includes(name));
      const repeated = single.filter((name) => Array.isArray(args[name]));
      if (repeated.length) throw new UsageError(repeated.map((name) => `--${name} was given more than once`).join("; "));
      // yargs turns a number option's text that is not a number into NaN: name the flag and what was typed.
      const notNumbers = (options.number ?? []).filter((name) => typeof args[name] === "number" && Number.isNaN(args[name]));
      if (notNumbers.length) throw new UsageError(notNumbers.map((name) => `--${name} must be a number (got ${JSON.stringify(typedValue(argv, name) ?? "")})`).join("; "));
      // yargs would drop what follows `--` silently (a file never checked): refuse it instead.
      const rest = argv.indexOf("--");
      if (rest >= 0 && rest < argv.length - 1) throw new UsageError("nothing may follow `--`; name a file that starts with - as ./-name");
    }, true)
    .middleware(async (args) => {
      // One environment rule for every command that reads keys (src/server/env.ts), applied before its handler.
      if (!ENV_COMMANDS.has(String(args._[0]))) return;
      const { applyEnvironment, EnvFileError } = await import("../server/env.js");
      try {
        applyEnvironment((args["env-file"] as string[] | undefined) ?? []);
      } catch (error) {
        throw error instanceof EnvFileError ? new UsageError(error.message) : error;
      }
    })
    .middleware((args) => {
      // Handlers report their exit code through this setter.
      (args as { setExitCode?: (c: number) => void }).setExitCode = (c: number) => {
        exitCode = c;
      };
    });
  for (const command of commands) cli.command(command);
  // yargs renders a command's whole help text each time it runs that command's handler, kept in
  // case the handler later calls showHelp(): 30-60 ms of text layout per run. No handler here
  // shows help (usage errors print usageHint), and `--help` is answered before any handler runs.
  // An internal of yargs 17: when a later yargs lacks it, nothing is changed.
  const usage = (cli as unknown as { getInternalMethods?(): { getUsageInstance?(): { cacheHelpMessage?: () => void } } }).getInternalMethods?.().getUsageInstance?.();
  if (typeof usage?.cacheHelpMessage === "function") usage.cacheHelpMessage = () => {};
  try {
    await cli.parseAsync();
  } catch (error) {
    if (error instanceof UsageError) {
      const message = error instanceof UnknownOptionsError ? await describeUnknownOptions(error.unknown, error.known) : error.message;
      process.stderr.write(`task-app: ${message}\n${usageHint(commandNames.has(argv[0] ?? "") ? argv[0] : undefined)}\n`);
      return 2;
    }
    process.stderr.write(`task-app: ${error instanceof Error ? error.message : String(error)}\n`);
    return exitCode || 1;
  }
  return exitCode;
}

/**
 * What `task-app --help` says of the CLI as a whole (name, usage, examples, the epilogue naming
 * the config reference at `configReference`), its strictness, `--help` and `--version`: shared by
 * `main` and the generated CLI reference (src/codegen/cli-reference.ts).
 */
export function describeCli<T>(cli: Argv<T>, configReference: string): Argv<T> {
  return cli
    .scriptName("task-app")
    .usage("$0 <command> [options]\n\nValidate, generate and serve RL task apps and their training configs.")
    .strict()
    .demandCommand(1, "Name a command; `task-app --help` lists them.")
    .recommendCommands()
    .example("$0 validate configs/*.toml", "check training configs before submitting a job")
    .example("$0 serve src/app.ts --env-file .env", "serve a task app on 127.0.0.1:8001")
    .example("$0 check http://127.0.0.1:8001", "run the conformance checks against a running task app")
    .epilogue(`Run \`task-app <command> --help\` for a command's options. Every config key is documented in ${configReference}.`)
    .help()
    .alias("h", "help")
    .version(readPackageVersion() ?? "unknown");
}

/** yargs' "Not enough non-option arguments: got 1, need at least 2" said as what is missing and the command's form. */
export function describeMissingArguments(message: string | undefined, fullCommands: string[]): string | undefined {
  const counts = /^Not enough non-option arguments: got (\d+), need at least (\d+)/.exec(message ?? "");
  if (!counts || fullCommands.length === 0) return undefined;
  const form = fullCommands.join(" ");
  const required = form.match(/<[^>]+>/g) ?? [];
  const missing = required.slice(Number(counts[1]));
  if (missing.length === 0) return undefined;
  return `missing ${missing.join(" ")}: the command is \`task-app ${form}\``;
}

/** yargs' "Invalid values:\n  Argument: wire, Given: "x", Choices: "a", "b"" said per argument: `--wire "x" is not a choice: give one of "a", "b"` (a positional without the dashes). */
export function describeInvalidChoices(message: string | undefined, fullCommands: string[] = []): string | undefined {
  if (!message?.startsWith("Invalid values:")) return undefined;
  const form = fullCommands.join(" ");
  const lines = [...message.matchAll(/Argument: ([^,]+), Given: (.*), Choices: (.*)/g)].map(([, name, given, choices]) => {
    const positional = form.includes(`<${name}>`) || form.includes(`[${name}]`);
    return `${positional ? `<${name}>` : `--${name}`} ${given} is not a choice: give one of ${choices}`;
  });
  return lines.length ? lines.join("; ") : undefined;
}

/** The text given to `--name` in `argv` (`--name value` or `--name=value`), the last one when repeated. */
function typedValue(argv: readonly string[], name: string): string | undefined {
  let found: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === `--${name}`) found = argv[i + 1];
    else if (argv[i]!.startsWith(`--${name}=`)) found = argv[i]!.slice(name.length + 3);
  }
  return found;
}

/** Where the config reference is, as a path from the working folder (inside a project: under node_modules/task-app). */
function configReferencePath(): string {
  const file = join(packageRoot(), "generated", "CONFIG.md");
  const rel = relative(process.cwd(), file);
  return rel && !rel.startsWith("..") && !isAbsolute(rel) ? rel : file;
}
