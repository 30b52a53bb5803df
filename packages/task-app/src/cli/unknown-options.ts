/**
 * Naming unknown options the way they were typed. yargs reports
 * `--bogus-opt` twice (as `bogus-opt, bogusOpt`), `--no-x` as `x`, and when
 * an unknown option swallows the next word (`validate --bogus x.toml`) it
 * complains about a missing file instead. The CLI asks this module first.
 */

import { UsageError } from "./usage-error.js";

/** What yargs knows about the active command's options (`yargs.getOptions()`). */
export interface KnownOptions {
  key: Record<string, unknown>;
  alias?: Record<string, readonly string[]>;
  boolean?: readonly string[];
}

const camel = (name: string) => name.replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase());
const kebab = (name: string) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/** The option tokens of `argv` (before `--`) that name no known option, each once, as typed (`--bogus`, `-z`). */
export function findUnknownOptions(argv: readonly string[], known: KnownOptions): string[] {
  const names = new Set<string>();
  for (const name of [...Object.keys(known.key), ...Object.entries(known.alias ?? {}).flat(2)]) {
    names.add(name);
    names.add(camel(name));
    names.add(kebab(name));
  }
  const booleans = new Set((known.boolean ?? []).flatMap((n) => [n, camel(n), kebab(n)]));
  const isKnown = (name: string) => names.has(name) || (name.startsWith("no-") && booleans.has(name.slice(3)));
  const unknown = new Set<string>();
  for (let i = 0; i < argv.length; i++) {
    const token = argv[i]!;
    if (token === "--") break;
    if (token.startsWith("--")) {
      const name = token.slice(2).split("=")[0]!;
      if (!isKnown(name)) unknown.add(`--${name}`);
      else if (!token.includes("=") && !booleans.has(name) && !name.startsWith("no-")) i++; // the next word is its value
    } else if (/^-[^-\d]/.test(token)) {
      for (const flag of token.slice(1).split("=")[0]!) if (!isKnown(flag)) unknown.add(`-${flag}`);
    }
  }
  return [...unknown];
}

/**
 * `Unknown option: --x` or `Unknown options: --x, -y`; with `known`, each
 * long option close to a known one gets it: `Unknown option: --prot (did you mean --port?)`.
 * The suggester loads only here, on the failure path.
 */
export async function describeUnknownOptions(unknown: readonly string[], known?: KnownOptions): Promise<string> {
  const { createKeySuggester } = await import("../config/suggest.js");
  const longNames = known ? [...new Set([...Object.keys(known.key), ...Object.values(known.alias ?? {}).flat()])].filter((n) => n.length > 1 && !/[A-Z]/.test(n)) : [];
  const suggest = createKeySuggester(longNames);
  const named = unknown.map((option) => {
    const near = option.startsWith("--") && longNames.length ? suggest(option.slice(2)) : undefined;
    return near ? `${option} (did you mean --${near}?)` : option;
  });
  return `Unknown option${unknown.length > 1 ? "s" : ""}: ${named.join(", ")}`;
}

/** Unknown options found while yargs failed, described once the failure reaches `main` (describing them is async). */
export class UnknownOptionsError extends UsageError {
  constructor(
    readonly unknown: readonly string[],
    readonly known: KnownOptions,
  ) {
    super(`Unknown option${unknown.length > 1 ? "s" : ""}: ${unknown.join(", ")}`);
  }
}

/** The hint after a usage error: the command's own --help when a command was named. */
export function usageHint(command: string | undefined): string {
  return `Run \`task-app ${command ? `${command} ` : ""}--help\` for usage.`;
}
