#!/usr/bin/env node
import { runCreateTaskApp } from "../dist/cli/create-task-app.js";

runCreateTaskApp(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error) => {
    process.stderr.write(`create-task-app: ${error instanceof Error ? error.stack : String(error)}\n`);
    process.exitCode = 1;
  },
);
