/**
 * Zod, as task-app loads it: every module of the package takes `z` from here
 * (types from "zod" itself), and the build replaces this module's output with
 * one file holding Zod (scripts/bundle-vendor.mjs). Zod's package is about 95
 * ES module files, about 100 ms of CPU to load in every process that builds a
 * schema (`serve` and each of its workers, `eval --app`, `check`, `deploy`,
 * an app's own tests); one file, about 40 ms. One module, so the package
 * holds one copy.
 *
 * An app that imports `z` from "zod" itself then holds a second copy beside
 * this one, which Zod supports: its schemas recognise each other's
 * (`instanceof` reads a schema's traits), and `.meta()` and `z.config()`
 * keep their registry and settings on `globalThis`, shared by every copy.
 */
export { z } from "zod";
