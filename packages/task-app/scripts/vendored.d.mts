/** The types of ./vendored.mjs (read by test/layers.test.ts, test/package-dependencies.test.ts, test/entry-startup.test.ts). */
export declare const VENDORED: readonly { source: string; output: string; packages: readonly string[]; banner?: string }[];
