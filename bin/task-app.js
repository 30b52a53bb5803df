#!/usr/bin/env node
// `validate` (from a single bundled module) and `eval` run without yargs when their arguments are plain;
// everything else (and any usage question) goes through the full CLI, bundled (scripts/bundle-cli.mjs).
// The shell launcher ./task-app passes --env-file as --task-app-env-file (Node 20 would read it itself).
const argv = process.argv.slice(2).map((a) => (a === "--task-app-env-file" ? "--env-file" : a.startsWith("--task-app-env-file=") ? `--env-file=${a.slice(20)}` : a));
const fast =
  argv[0] === "validate"
    ? await (await import("../dist/cli/fast.bundle.js")).runFastPath(argv)
    : argv[0] === "eval"
      ? await (await import("../dist/cli/fast-eval.bundle.js")).runEvalFastPath(argv)
      : undefined;
process.exitCode = fast ?? (await (await import("../dist/cli/main.bundle.js")).main(argv));
