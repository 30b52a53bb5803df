/**
 * Runs the Taplo language server (`@taplo/lsp`, the WASM build that Even
 * Better TOML ships) as a plain stdio LSP process, so tests can drive it
 * exactly like any other server.
 *
 * Two things make it work headless:
 * - `globalThis.fetch` is replaced by one that refuses: the server fetches
 *   its default online schema catalog while initialising, and tests must not
 *   touch the network. Schemas come from `#:schema` directives (files).
 * - `urlToFilePath` never throws: it returns "" for non-file URLs.
 *
 * Usage: `node --import tsx test/helpers/taplo-lsp-stdio.ts`
 */
import { readFile, writeFile } from "node:fs/promises";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { isAbsolute, join } from "node:path";
import { createRequire } from "node:module";
import type { RpcMessage } from "@taplo/lsp";

const require = createRequire(import.meta.url);
const { TaploLsp } = require("@taplo/lsp") as typeof import("@taplo/lsp");

const refuse = async (input: unknown): Promise<Response> => {
  throw new TypeError(`network disabled in tests: ${String(input)}`);
};
globalThis.fetch = refuse as typeof fetch;

/** Frames one JSON-RPC message for stdout. */
function frame(message: unknown): Buffer {
  const body = Buffer.from(JSON.stringify(message), "utf8");
  return Buffer.concat([Buffer.from(`Content-Length: ${body.length}\r\n\r\n`, "ascii"), body]);
}

/** Taplo looks for `.taplo.toml` / `taplo.toml` upwards; tests do not use one. */
function findConfigFile(from: string): string | undefined {
  for (const name of [".taplo.toml", "taplo.toml"]) {
    const candidate = join(from, name);
    if (existsSync(candidate)) return candidate;
  }
  return undefined;
}

const lsp = await TaploLsp.initialize(
  {
    now: () => new Date(),
    envVar: (name) => process.env[name],
    envVars: () => Object.entries(process.env).filter((e): e is [string, string] => e[1] !== undefined),
    stdErrAtty: () => false,
    stdin: process.stdin,
    // Protocol messages go out through onMessage; anything else the server prints is a log.
    stdout: process.stderr,
    stderr: process.stderr,
    // Only literal paths are needed: Taplo globs for config files, and tests use none.
    glob: (pattern) => (existsSync(pattern) ? [pattern] : []),
    readFile: async (path) => new Uint8Array(await readFile(path)),
    writeFile: (path, bytes) => writeFile(path, bytes),
    urlToFilePath: (url) => {
      try {
        return url.startsWith("file:") ? fileURLToPath(url) : "";
      } catch {
        return "";
      }
    },
    isAbsolute: (path) => isAbsolute(path),
    cwd: () => process.cwd(),
    findConfigFile,
    fetch: { fetch: refuse, Headers, Request, Response },
  },
  {
    onMessage: (message: RpcMessage) => {
      process.stdout.write(frame(message));
    },
  },
);

let buffer = Buffer.alloc(0);
process.stdin.on("data", (chunk: Buffer) => {
  buffer = Buffer.concat([buffer, chunk]);
  for (;;) {
    const headerEnd = buffer.indexOf("\r\n\r\n");
    if (headerEnd < 0) return;
    const header = buffer.subarray(0, headerEnd).toString("ascii");
    const match = /Content-Length: *(\d+)/i.exec(header);
    if (!match) throw new Error(`bad LSP header: ${header}`);
    const length = Number(match[1]);
    const start = headerEnd + 4;
    if (buffer.length < start + length) return;
    const message = JSON.parse(buffer.subarray(start, start + length).toString("utf8")) as RpcMessage;
    buffer = buffer.subarray(start + length);
    if (message.method === "exit") {
      lsp.dispose();
      process.exit(0);
    }
    lsp.send(message);
  }
});
process.stdin.on("end", () => process.exit(0));
