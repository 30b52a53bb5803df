/**
 * The plain-argument path of commands run often (`validate`, `eval`): their
 * arguments parsed with `node:util`'s parseArgs from the same option table
 * yargs gets, without loading yargs (a third of start-up or more). Only
 * argv that reads one way is taken: anything else (help, --version, an
 * unknown or mistyped option, a value option given twice, `--`, a value
 * outside its choices, a number that is not plainly one, positionals where
 * the command takes none) returns undefined and goes to yargs, which
 * explains it; both paths hand the handler the same values for the same argv.
 */
import { parseArgs } from "node:util";

/** A yargs option as the tables in `./commands/` write it. */
export interface PlainOption {
  type: "string" | "number" | "boolean";
  array?: boolean;
  default?: unknown;
  choices?: readonly string[];
}

/** The values of `args` (options and positionals), as yargs would hand them to the handler, or undefined. */
export function parsePlainArgs(
  args: readonly string[],
  table: Record<string, PlainOption>,
  { positionals: allowPositionals }: { positionals: boolean },
): { values: Record<string, unknown>; positionals: string[] } | undefined {
  if (args.includes("--help") || args.includes("-h")) return undefined;
  const options: Record<string, { type: "string" | "boolean"; multiple?: boolean }> = {};
  for (const [name, o] of Object.entries(table)) {
    options[name] = o.type === "boolean" ? { type: "boolean" } : { type: "string", ...(o.array ? { multiple: true } : {}) };
    // yargs reads --no-<flag> as the flag set to false.
    if (o.type === "boolean") options[`no-${name}`] = { type: "boolean" };
  }
  let parsed;
  try {
    parsed = parseArgs({ args: [...args], options, allowPositionals, strict: true, tokens: true });
  } catch {
    return undefined;
  }
  const { values: raw, positionals, tokens } = parsed;
  // yargs reads `--` and an option given twice its own way (a usage error, or an array): leave both to it.
  const named = tokens.flatMap((t) => (t.kind === "option" ? [t.name.replace(/^no-/, "")] : []));
  const single = named.filter((name) => !table[name]?.array);
  if (tokens.some((t) => t.kind === "option-terminator") || new Set(single).size < single.length) return undefined;
  if (!allowPositionals && positionals.length) return undefined;
  const values: Record<string, unknown> = {};
  for (const [name, o] of Object.entries(table)) {
    let value: unknown = raw[name] ?? (raw[`no-${name}`] === true ? false : undefined);
    if (value === undefined) {
      if (o.default !== undefined) values[name] = o.default;
      continue;
    }
    if (o.type === "number") {
      if (typeof value !== "string" || !/^-?\d+(\.\d+)?$/.test(value)) return undefined;
      value = Number(value);
    }
    if (o.choices && !o.choices.includes(value as string)) return undefined;
    values[name] = value;
  }
  return { values, positionals };
}
