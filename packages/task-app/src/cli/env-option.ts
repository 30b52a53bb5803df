/**
 * The `--env-file` option every command that reads keys shares, and the
 * precedence rule its help states (implemented once in src/server/env.ts and
 * applied by `main` before any handler runs).
 */

/** The rule, as `--help` states it. */
export const ENV_PRECEDENCE =
  "Environment: ./.env is read when no --env-file is given, and an exported variable beats it; each --env-file beats the environment, and a later file beats an earlier one.";

/** The yargs option. */
export const ENV_FILE_OPTION = {
  type: "string",
  array: true,
  default: [] as string[],
  describe: "Env file to load; repeat to layer, later files win. Beats exported variables; without it ./.env is read under them",
} as const;

/** Commands that read keys or settings from the environment: each gets the rule, with or without --env-file. */
export const ENV_COMMANDS: ReadonlySet<string> = new Set(["serve", "check", "eval", "train", "jobs", "payload", "traces", "export-sft", "filter", "deploy", "view"]);
