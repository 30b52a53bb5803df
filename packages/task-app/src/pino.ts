/**
 * pino, as task-app loads it: the server's logger (src/server/logger.ts)
 * takes it from here (types from "pino" itself), and the build replaces this
 * module's output with one file holding it (scripts/bundle-vendor.mjs). pino
 * is CommonJS, about 20 files with its dependencies: importing it costs about
 * 45 ms of CPU in every process that serves; one file, about 19 ms. The
 * logger it makes is handed to an app's executors as `ctx.log`, a plain
 * object whose methods work the same from either copy. pino's transports
 * (worker threads started from files beside pino's own) would not work from
 * the bundle; task-app never asks for one.
 */
export { pino } from "pino";
