import type { CommandModule } from "yargs";
import { addCommand } from "./add.js";
import { checkCommand } from "./check.js";
import { deployCommand } from "./deploy.js";
import { evalCommand } from "./eval.js";
import { exportSftCommand } from "./export-sft.js";
import { filterCommand } from "./filter.js";
import { generateCommand } from "./generate.js";
import { jobsCommand } from "./jobs.js";
import { lspCommand } from "./lsp.js";
import { migrateCommand } from "./migrate.js";
import { payloadCommand } from "./payload.js";
import { serveCommand } from "./serve.js";
import { trainCommand } from "./train.js";
import { tracesCommand } from "./traces.js";
import { validateCommand } from "./validate.js";
import { validateJsonlCommand } from "./validate-jsonl.js";
import { viewCommand } from "./view.js";

/** Every CLI command, in the order `task-app --help` lists them. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const commands: CommandModule<any, any>[] = [
  validateCommand,
  validateJsonlCommand,
  payloadCommand,
  generateCommand,
  serveCommand,
  checkCommand,
  deployCommand,
  evalCommand,
  tracesCommand,
  viewCommand,
  exportSftCommand,
  filterCommand,
  trainCommand,
  jobsCommand,
  addCommand,
  lspCommand,
  migrateCommand,
];
