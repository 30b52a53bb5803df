/** What every command handler receives besides its own options. */
export interface CommandContext {
  setExitCode(code: number): void;
}

/** Reads the exit-code setter that `main` installs on the parsed arguments. */
export function contextOf(args: unknown): CommandContext {
  const setter = (args as { setExitCode?: (c: number) => void }).setExitCode;
  return { setExitCode: setter ?? ((c) => void (process.exitCode = c)) };
}
