import type { CommandModule } from "yargs";

/** Every CLI command, in the order `task-app --help` lists them. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const commands: CommandModule<any, any>[] = [];
