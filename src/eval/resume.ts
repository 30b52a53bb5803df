/**
 * The command that resumes an interrupted eval, as printed after Ctrl-C: the
 * same arguments with `--resume` (and the run directory when it was chosen
 * for the run), never a secret. `--api-key <key>` is left out (the user sets
 * ENVIRONMENT_API_KEY or passes it again) and credentials in URLs
 * (`--url http://user:pass@…`, `--trace-db postgres://u:pw@…`) are redacted.
 */
import { redactUrlCredentials } from "../server/secrets.js";

/** Quotes an argument for a POSIX shell when it needs it. */
const shellQuote = (arg: string) => (/^[\w@%+=:,./-]+$/.test(arg) ? arg : `'${arg.replaceAll("'", `'\\''`)}'`);

/** `task-app <args> --resume`, without the key; `keyDropped` when `--api-key` was left out. */
export function formatResumeCommand(argv: readonly string[], runDir?: string): { command: string; keyDropped: boolean } {
  const again: string[] = [];
  let keyDropped = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === "--resume") continue;
    if (arg === "--api-key") {
      keyDropped = true;
      i++; // and its value
      continue;
    }
    if (arg.startsWith("--api-key=")) {
      keyDropped = true;
      continue;
    }
    again.push(redactUrlCredentials(arg));
  }
  if (runDir) again.push("--run-dir", runDir);
  return { command: `task-app ${[...again, "--resume"].map(shellQuote).join(" ")}`, keyDropped };
}
