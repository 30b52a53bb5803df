/**
 * The command that continues a stopped run, from the command line that
 * started it: `--resume` added (once), `--run-dir` added when the run used the
 * default one, and never a key: `--api-key <value>` is dropped and the hint
 * names the variable to set instead. Credentials in URLs (`--url
 * http://user:pass@…`, `--trace-db postgres://u:pw@…`) are redacted.
 */
import { redactUrlCredentials } from "../server/secrets.js";

/** Quotes an argument for a POSIX shell when it needs it. */
const quote = (arg: string) => (/^[\w@%+=:,./-]+$/.test(arg) ? arg : `'${arg.replace(/'/g, `'\\''`)}'`);

/** The resume command (without the leading `task-app`), and a note when a key was dropped from it. */
export function resumeCommand(argv: readonly string[], runDir: string): { command: string; note?: string } {
  const args: string[] = [];
  let droppedKey = false;
  let hasRunDir = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === "--resume") continue;
    if (arg === "--api-key") {
      droppedKey = true;
      i++;
      continue;
    }
    if (arg.startsWith("--api-key=")) {
      droppedKey = true;
      continue;
    }
    if (arg === "--run-dir" || arg.startsWith("--run-dir=")) hasRunDir = true;
    args.push(redactUrlCredentials(arg));
  }
  if (!hasRunDir) args.push("--run-dir", runDir);
  args.push("--resume");
  return {
    command: args.map(quote).join(" "),
    ...(droppedKey ? { note: "the key given with --api-key is left out: set ENVIRONMENT_API_KEY to it (or pass --api-key again) before resuming" } : {}),
  };
}
