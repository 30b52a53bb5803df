/**
 * The shell blocks of a markdown file and the `task-app` command lines in
 * them, for the docs' doctest (test/docs-commands.test.ts), and a parse of a
 * command line by the CLI's own yargs definition that runs no handler.
 *
 * A block is a ```sh or ```bash fence. The line just before it (blank lines
 * skipped) may be `<!-- doctest: parse-only (why) -->`: its commands are then
 * parsed and never run.
 */
import type { CommandModule } from "yargs";

export interface ShellBlock {
  /** 1-based line of the opening fence. */
  line: number;
  code: string;
  /** The reason given by a `<!-- doctest: parse-only (why) -->` marker, when there is one. */
  parseOnly?: string;
}

/** Every ```sh / ```bash block of `text`, with its marker. */
export function shellBlocks(text: string): ShellBlock[] {
  const blocks: ShellBlock[] = [];
  const lines = text.split("\n");
  for (let i = 0; i < lines.length; i++) {
    const open = /^( {0,3})(```+)(sh|bash)\s*$/.exec(lines[i]!);
    if (!open) continue;
    let end = i + 1;
    while (end < lines.length && !new RegExp(`^ {0,3}${open[2]}\\s*$`).test(lines[end]!)) end++;
    let before = i - 1;
    while (before >= 0 && !lines[before]!.trim()) before--;
    const marker = before >= 0 ? /^<!--\s*doctest:\s*parse-only\s*\((.+)\)\s*-->$/.exec(lines[before]!.trim()) : null;
    const block: ShellBlock = { line: i + 1, code: lines.slice(i + 1, end).map((l) => l.slice(open[1]!.length)).join("\n") };
    if (marker) block.parseOnly = marker[1]!;
    blocks.push(block);
    i = end;
  }
  return blocks;
}

/** Shell words of one command, quotes removed (no expansion). */
function words(command: string): string[] {
  const out: string[] = [];
  let word: string | undefined;
  for (let i = 0; i < command.length; i++) {
    const c = command[i]!;
    if (c === "'" || c === '"') {
      const close = command.indexOf(c, i + 1);
      if (close < 0) throw new Error(`unclosed quote in: ${command}`);
      word = (word ?? "") + command.slice(i + 1, close);
      i = close;
    } else if (/\s/.test(c)) {
      if (word !== undefined) out.push(word);
      word = undefined;
    } else word = (word ?? "") + c;
  }
  if (word !== undefined) out.push(word);
  return out;
}

/** Splits one shell line into its commands: comments dropped, cut at `&&`, `||`, `;`, `|` and `&`, outside quotes. */
function commandsOfLine(line: string): string[] {
  const parts: string[] = [];
  let current = "";
  let quote: string | undefined;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (quote) {
      if (c === quote) quote = undefined;
      current += c;
    } else if (c === "'" || c === '"') {
      quote = c;
      current += c;
    } else if (c === "#" && (i === 0 || /\s/.test(line[i - 1]!))) break;
    else if (c === "&" || c === "|" || c === ";") {
      parts.push(current);
      current = "";
      if ((c === "&" || c === "|") && line[i + 1] === c) i++;
    } else current += c;
  }
  parts.push(current);
  return parts.map((p) => p.trim()).filter(Boolean);
}

/** How a docs line calls task-app: `task-app …`, `npx [flags] task-app …`, `npm exec [flags] -- task-app …`, `node_modules/.bin/task-app …`. */
function taskAppArgs(argv: string[]): string[] | undefined {
  let rest = argv;
  while (rest.length && /^[A-Z_][A-Z0-9_]*=/.test(rest[0]!)) rest = rest.slice(1); // VAR=value before the command
  const [head, ...tail] = rest;
  if (head === "task-app" || head === "node_modules/.bin/task-app") return tail;
  if (head === "npx" || (head === "npm" && tail[0] === "exec")) {
    const after = head === "npx" ? tail : tail.slice(1);
    const at = after.findIndex((w) => !w.startsWith("-"));
    return at >= 0 && after[at] === "task-app" ? after.slice(at + 1) : undefined;
  }
  return undefined;
}

/** The `task-app` calls of a block, each as its argument vector and the text it came from. */
export function taskAppCommands(code: string): { argv: string[]; text: string }[] {
  const found: { argv: string[]; text: string }[] = [];
  for (const line of code.replace(/\\\n\s*/g, " ").split("\n"))
    for (const command of commandsOfLine(line)) {
      const argv = taskAppArgs(words(command));
      if (argv) found.push({ argv, text: command });
    }
  return found;
}

class Parsed extends Error {}

/**
 * Parses `task-app <argv>` with the CLI's own definition (strict: an unknown
 * command, option or positional, a missing argument or a value outside an
 * option's choices fails) and runs no handler. Resolves to undefined when it
 * parses, else to yargs' message.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function parseCommand(argv: readonly string[], commands?: readonly CommandModule<any, any>[]): Promise<string | undefined> {
  const [{ default: yargs }, { describeCli }, defined] = await Promise.all([
    import("yargs"),
    import("../../src/cli/main.js"),
    commands ? Promise.resolve({ commands }) : import("../../src/cli/commands/index.js"),
  ]);
  const cli = describeCli(yargs([...argv]), "generated/CONFIG.md")
    .locale("en")
    .exitProcess(false)
    .fail((message, error) => {
      throw error ?? new Error(message);
    })
    // Global middleware runs after validation, before any command's handler.
    .middleware(() => {
      throw new Parsed();
    });
  for (const command of defined.commands) cli.command(command);
  try {
    await cli.parseAsync([...argv], {}, () => {});
  } catch (error) {
    if (error instanceof Parsed) return undefined;
    return error instanceof Error ? error.message : String(error);
  }
  // Only --help and --version end a parse without reaching a handler.
  return argv.some((a) => a === "--help" || a === "-h" || a === "--version") ? undefined : "no command ran";
}
