#!/usr/bin/env node
// CommonJS, as everything in bin/ (bin/package.json); the scaffolder is an ES module.
"use strict";
import("../dist/cli/create-task-app.js")
  .then(({ runCreateTaskApp }) => runCreateTaskApp(process.argv.slice(2)))
  .then(
    (code) => {
      process.exitCode = code;
    },
    (error) => {
      process.stderr.write(`create-task-app: ${error instanceof Error ? error.stack : String(error)}\n`);
      process.exitCode = 1;
    },
  );
