/**
 * Hono and its Node adapter, as task-app loads them: the server and the
 * viewer take these values from here (types from "hono" itself), and the
 * build replaces this module's output with one file holding them
 * (scripts/bundle-vendor.mjs). Hono's modules and the adapter's are about 30
 * ES module files, about 65 ms of CPU to load in every process that serves
 * (`serve` and each of its workers, `eval --app`, `view`); one file, about
 * 40 ms. No Hono object reaches a user: the server's `fetch`, `listener` and
 * `request` are functions.
 */
export { getRequestListener } from "@hono/node-server";
export { Hono } from "hono";
export { bodyLimit } from "hono/body-limit";
export { cors } from "hono/cors";
