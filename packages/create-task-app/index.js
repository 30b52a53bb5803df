#!/usr/bin/env node
// `npm create task-app@latest [dir] -- [options]` runs this bin. The scaffolder is task-app's own
// (`task-app/create`), from the task-app of the same version this package depends on.
import { runCreateTaskApp } from "task-app/create";

try {
  process.exitCode = await runCreateTaskApp(process.argv.slice(2));
} catch (error) {
  process.stderr.write(`create-task-app: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exitCode = 1;
}
