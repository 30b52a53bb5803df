/**
 * A minimal Language Server Protocol client for tests: starts a real TOML
 * language server over stdio (Taplo through `taplo-lsp-stdio.ts`, or the
 * native `tombi lsp --offline`), opens documents and asks for completion,
 * hover and diagnostics the way an editor does.
 */
import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

export type ServerKind = "taplo" | "tombi" | "task-app";

/** This repository's CLI (built: `npm run build` first). */
const TASK_APP_BIN = fileURLToPath(new URL("../../bin/task-app.js", import.meta.url));

export interface Position {
  line: number;
  character: number;
}

export interface Diagnostic {
  range: { start: Position; end: Position };
  message: string;
  severity?: number;
  source?: string;
  code?: string | number;
  codeDescription?: { href: string };
  data?: unknown;
}

/** One textDocument/publishDiagnostics notification, as received. */
export interface Published {
  uri: string;
  version?: number;
  diagnostics: Diagnostic[];
}

export interface CompletionItem {
  label: string;
  kind?: number;
  detail?: string;
  documentation?: string | { kind: string; value: string };
  insertText?: string;
  textEdit?: { newText: string };
  labelDetails?: { detail?: string; description?: string };
}

interface RpcMessage {
  jsonrpc: "2.0";
  id?: number | string;
  method?: string;
  params?: unknown;
  result?: unknown;
  error?: { code: number; message: string };
}

const here = dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);

/** The command line that starts a server of the given kind on stdio. */
export function serverCommand(kind: ServerKind): { command: string; args: string[] } {
  if (kind === "taplo") {
    // An absolute loader URL: the server runs with the fixture directory as its cwd.
    const tsx = pathToFileURL(require.resolve("tsx/esm")).href;
    return { command: process.execPath, args: ["--import", tsx, join(here, "taplo-lsp-stdio.ts")] };
  }
  if (kind === "task-app") return { command: process.execPath, args: [TASK_APP_BIN, "lsp", "--stdio"] };
  return { command: tombiBinary(), args: ["lsp", "--offline"] };
}

/** Absolute path of the native tombi binary from `@tombi-toml/cli-linux-x64`. */
export function tombiBinary(): string {
  return join(dirname(require.resolve("@tombi-toml/cli-linux-x64/package.json")), "tombi");
}

/**
 * Splits cursor markers out of a fixture text: `<|>` (named "") or
 * `<|name|>`. Returns the text without markers and each marker's position.
 */
export function cursorsOf(textWithCursors: string): { text: string; at: Record<string, Position> } {
  const at: Record<string, Position> = {};
  let text = "";
  let rest = textWithCursors;
  for (;;) {
    const match = /<\|([A-Za-z0-9_-]*)\|?>/.exec(rest);
    if (!match) break;
    text += rest.slice(0, match.index);
    const lines = text.split("\n");
    at[match[1]!] = { line: lines.length - 1, character: lines[lines.length - 1]!.length };
    rest = rest.slice(match.index + match[0].length);
  }
  return { text: text + rest, at };
}

/** Splits the single `<|>` marker out of a fixture text. */
export function cursorOf(textWithCursor: string): { text: string; position: Position } {
  const { text, at } = cursorsOf(textWithCursor);
  const position = Object.values(at)[0];
  if (!position) throw new Error("fixture has no <|> cursor marker");
  return { text, position };
}

/** Position of the first occurrence of `needle` (at its first character, plus `offset`). */
export function positionOf(text: string, needle: string, offset = 0): Position {
  const index = text.indexOf(needle);
  if (index < 0) throw new Error(`${JSON.stringify(needle)} not found`);
  const lines = text.slice(0, index + offset).split("\n");
  return { line: lines.length - 1, character: lines[lines.length - 1]!.length };
}

/** Plain text of a completion item's or hover's documentation, whatever shape the server used. */
export function textOf(doc: unknown): string {
  if (doc == null) return "";
  if (typeof doc === "string") return doc;
  if (Array.isArray(doc)) return doc.map(textOf).join("\n");
  if (typeof doc === "object" && "value" in doc) return String((doc as { value: unknown }).value);
  if (typeof doc === "object" && "contents" in doc) return textOf((doc as { contents: unknown }).contents);
  return JSON.stringify(doc);
}

/** A running language server with one workspace folder. */
export class LspSession {
  private nextId = 1;
  private buffer = Buffer.alloc(0);
  private readonly pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  private readonly diagnostics = new Map<string, Diagnostic[]>();
  private readonly diagnosticWaiters = new Set<() => void>();
  private readonly versions = new Map<string, number>();
  readonly stderr: string[] = [];
  /** Every publishDiagnostics notification, in order. */
  readonly published: Published[] = [];

  private constructor(
    readonly kind: ServerKind,
    private readonly child: ChildProcessWithoutNullStreams,
  ) {
    child.stdout.on("data", (chunk: Buffer) => this.onData(chunk));
    child.stderr.on("data", (chunk: Buffer) => this.stderr.push(chunk.toString("utf8")));
    child.on("exit", (code) => {
      for (const p of this.pending.values()) p.reject(new Error(`${kind} server exited (${code}): ${this.stderr.join("")}`));
      this.pending.clear();
    });
  }

  /**
   * Starts a server and completes the initialize handshake for `rootDir`. When the handshake
   * fails (no answer within `timeoutMs`, an error, the server exits), the server is killed
   * before the error is thrown: a process left running would keep the test file from ever exiting.
   */
  static async start(
    kind: ServerKind,
    rootDir: string,
    initializationOptions: unknown = { configurationSection: "evenBetterToml" },
    { command, args, timeoutMs = 30_000 }: { command: string; args: string[]; timeoutMs?: number } = serverCommand(kind),
  ): Promise<LspSession> {
    const child = spawn(command, args, {
      cwd: rootDir,
      env: { ...process.env, TOMBI_OFFLINE: "1", NO_COLOR: "1", RUST_LOG: "error" },
      stdio: ["pipe", "pipe", "pipe"],
    });
    const session = new LspSession(kind, child);
    const rootUri = pathToFileURL(rootDir).href;
    const params = {
      processId: process.pid,
      rootUri,
      workspaceFolders: [{ uri: rootUri, name: "fixtures" }],
      capabilities: {
        textDocument: {
          completion: {
            completionItem: { snippetSupport: true, documentationFormat: ["markdown", "plaintext"], labelDetailsSupport: true },
          },
          hover: { contentFormat: ["markdown", "plaintext"] },
          publishDiagnostics: { relatedInformation: false },
          synchronization: { didSave: true },
        },
        workspace: { configuration: true, workspaceFolders: true },
      },
      initializationOptions,
    };
    try {
      await session.request("initialize", params, timeoutMs);
    } catch (error) {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once("exit", resolve));
        child.kill("SIGKILL");
        await exited;
      }
      throw error;
    }
    session.notify("initialized", {});
    return session;
  }

  /** Sends a request and resolves with its result. */
  request(method: string, params: unknown, timeoutMs = 30_000): Promise<unknown> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new Error(`${this.kind}: ${method} timed out; stderr: ${this.stderr.join("").slice(-2000)}`));
      }, timeoutMs);
      this.pending.set(id, {
        resolve: (v) => (clearTimeout(timer), resolve(v)),
        reject: (e) => (clearTimeout(timer), reject(e)),
      });
      this.write({ jsonrpc: "2.0", id, method, params });
    });
  }

  /** Sends a notification. */
  notify(method: string, params: unknown): void {
    this.write({ jsonrpc: "2.0", method, params });
  }

  /** Opens (or replaces) a document; returns its URI. */
  open(path: string, text: string): string {
    const uri = pathToFileURL(path).href;
    const version = (this.versions.get(uri) ?? 0) + 1;
    this.versions.set(uri, version);
    this.diagnostics.delete(uri);
    if (version === 1) {
      this.notify("textDocument/didOpen", { textDocument: { uri, languageId: "toml", version, text } });
    } else {
      this.notify("textDocument/didChange", { textDocument: { uri, version }, contentChanges: [{ text }] });
    }
    return uri;
  }

  /**
   * Opens a document and waits until the server has published diagnostics
   * for it once: by then it has loaded the document's schema (Tombi loads its
   * configuration in the background and answers early requests without it).
   */
  async openAndWait(path: string, text: string, timeoutMs = 15_000): Promise<string> {
    const uri = this.open(path, text);
    const deadline = Date.now() + timeoutMs;
    while (!this.diagnostics.has(uri) && Date.now() < deadline) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(done, 200);
        function done(): void {
          clearTimeout(timer);
          resolve();
        }
        this.diagnosticWaiters.add(done);
      });
    }
    return uri;
  }

  /** The version last sent for a document (0 when never opened). */
  versionOf(uri: string): number {
    return this.versions.get(uri) ?? 0;
  }

  /** Sends incremental changes to an open document; returns its new version. */
  change(uri: string, contentChanges: unknown[]): number {
    const version = this.versionOf(uri) + 1;
    this.versions.set(uri, version);
    this.notify("textDocument/didChange", { textDocument: { uri, version }, contentChanges });
    return version;
  }

  /** Waits for the diagnostics published for `version` of a document (the latest version when none is given). */
  async diagnosticsAt(uri: string, version = this.versionOf(uri), timeoutMs = 15_000): Promise<Diagnostic[]> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const hit = [...this.published].reverse().find((p) => p.uri === uri && p.version === version);
      if (hit) return hit.diagnostics;
      if (Date.now() > deadline) throw new Error(`no diagnostics for ${uri} version ${version}; stderr: ${this.stderr.join("").slice(-2000)}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(done, 200);
        function done(): void {
          clearTimeout(timer);
          resolve();
        }
        this.diagnosticWaiters.add(done);
      });
    }
  }

  /** Completion items at a position (a list or the items of a CompletionList). */
  async completion(uri: string, position: Position): Promise<CompletionItem[]> {
    const result = await this.request("textDocument/completion", { textDocument: { uri }, position });
    if (result == null) return [];
    if (Array.isArray(result)) return result as CompletionItem[];
    return ((result as { items?: CompletionItem[] }).items ?? []) as CompletionItem[];
  }

  /** Resolves a completion item's documentation when the server sends it lazily. */
  async resolveCompletion(item: CompletionItem): Promise<CompletionItem> {
    if (item.documentation) return item;
    try {
      return ((await this.request("completionItem/resolve", item, 10_000)) as CompletionItem | null) ?? item;
    } catch {
      return item;
    }
  }

  /** Hover text at a position ("" when the server has nothing). */
  async hover(uri: string, position: Position): Promise<string> {
    const result = await this.request("textDocument/hover", { textDocument: { uri }, position });
    return textOf(result);
  }

  /**
   * Diagnostics for a document: pushed ones (`publishDiagnostics`) if the
   * server pushes, else pulled (`textDocument/diagnostic`). Waits until
   * `until` holds or `timeoutMs` passes, then returns the latest list.
   */
  async diagnosticsFor(
    uri: string,
    until: (d: Diagnostic[]) => boolean = (d) => d.length > 0,
    timeoutMs = 15_000,
  ): Promise<Diagnostic[]> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const pushed = this.diagnostics.get(uri);
      if (pushed && until(pushed)) return pushed;
      const pulled = await this.pullDiagnostics(uri);
      if (pulled && until(pulled)) return pulled;
      if (Date.now() > deadline) return pulled ?? pushed ?? [];
      await new Promise<void>((resolve) => {
        const timer = setTimeout(done, 300);
        function done(): void {
          clearTimeout(timer);
          resolve();
        }
        this.diagnosticWaiters.add(done);
      });
    }
  }

  private pullSupported: boolean | undefined = undefined;

  private async pullDiagnostics(uri: string): Promise<Diagnostic[] | undefined> {
    if (this.pullSupported === false) return undefined;
    try {
      const report = (await this.request("textDocument/diagnostic", { textDocument: { uri } }, 10_000)) as {
        items?: Diagnostic[];
      } | null;
      this.pullSupported = true;
      return report?.items ?? [];
    } catch {
      this.pullSupported = false;
      return undefined;
    }
  }

  /** Shuts the server down politely, then makes sure the process is gone. */
  async close(): Promise<void> {
    try {
      await this.request("shutdown", null, 5_000);
      this.notify("exit", null);
    } catch {
      // fall through to kill
    }
    await new Promise<void>((resolve) => {
      if (this.child.exitCode !== null || this.child.signalCode !== null) return resolve();
      const timer = setTimeout(() => {
        this.child.kill("SIGKILL");
      }, 2_000);
      this.child.once("exit", () => (clearTimeout(timer), resolve()));
    });
  }

  private write(message: RpcMessage): void {
    const body = Buffer.from(JSON.stringify(message), "utf8");
    this.child.stdin.write(`Content-Length: ${body.length}\r\n\r\n`);
    this.child.stdin.write(body);
  }

  private onData(chunk: Buffer): void {
    this.buffer = Buffer.concat([this.buffer, chunk]);
    for (;;) {
      const headerEnd = this.buffer.indexOf("\r\n\r\n");
      if (headerEnd < 0) return;
      const header = this.buffer.subarray(0, headerEnd).toString("ascii");
      const match = /Content-Length: *(\d+)/i.exec(header);
      if (!match) {
        // Not a frame (stray output): drop up to the header end and continue.
        this.buffer = this.buffer.subarray(headerEnd + 4);
        continue;
      }
      const length = Number(match[1]);
      const start = headerEnd + 4;
      if (this.buffer.length < start + length) return;
      const message = JSON.parse(this.buffer.subarray(start, start + length).toString("utf8")) as RpcMessage;
      this.buffer = this.buffer.subarray(start + length);
      this.dispatch(message);
    }
  }

  private dispatch(message: RpcMessage): void {
    if (message.method && message.id !== undefined) {
      // A request from the server: answer with defaults.
      let result: unknown = null;
      if (message.method === "workspace/configuration") {
        const items = (message.params as { items?: unknown[] } | undefined)?.items ?? [];
        result = items.map(() => null);
      }
      this.write({ jsonrpc: "2.0", id: message.id, result });
      return;
    }
    if (message.method === "textDocument/publishDiagnostics") {
      const params = message.params as Published;
      this.diagnostics.set(params.uri, params.diagnostics);
      this.published.push(params);
      for (const wake of [...this.diagnosticWaiters]) wake();
      this.diagnosticWaiters.clear();
      return;
    }
    if (message.method) return; // other notifications (logs, progress)
    const pending = this.pending.get(Number(message.id));
    if (!pending) return;
    this.pending.delete(Number(message.id));
    if (message.error) pending.reject(new Error(`${this.kind}: ${message.error.message}`));
    else pending.resolve(message.result);
  }
}
