/**
 * `task-app lsp`: a thin shell over vscode-languageserver. Documents are
 * synced in full or incrementally. An edit after a quiet spell is checked at
 * once; an edit within `debounceMs` of the last check (re)starts a timer, so
 * a burst of edits costs one check more. Whenever a check runs it reads the
 * document's latest text, so no diagnostics of an older version are left.
 */
import type { Duplex } from "node:stream";
import { TextDocument } from "vscode-languageserver-textdocument";
import {
  CodeActionKind,
  createConnection,
  ProposedFeatures,
  TextDocuments,
  TextDocumentSyncKind,
  type Connection,
} from "vscode-languageserver/node";
import { LanguageService, type ServiceSettings } from "./service.js";

export interface ServerOptions {
  /** Where the protocol flows: stdin/stdout by default, or a connected socket. */
  input?: NodeJS.ReadableStream | Duplex;
  output?: NodeJS.WritableStream | Duplex;
  /** Least time between two checks of a document while it is being edited (default 30 ms). */
  debounceMs?: number;
}

/** Reads the task-app part of a settings object (`{ "task-app": {...} }` or the part itself). */
function settingsOf(value: unknown): ServiceSettings | undefined {
  if (!value || typeof value !== "object") return undefined;
  const nested = (value as Record<string, unknown>)["task-app"] ?? (value as Record<string, unknown>).taskApp;
  return (nested && typeof nested === "object" ? nested : value) as ServiceSettings;
}

/** Starts a language server on the given streams; resolves to its connection (already listening). */
export function startLanguageServer(options: ServerOptions = {}): Connection {
  const connection = createConnection(ProposedFeatures.all, (options.input ?? process.stdin) as NodeJS.ReadableStream, (options.output ?? process.stdout) as NodeJS.WritableStream);
  const documents = new TextDocuments(TextDocument);
  const service = new LanguageService();
  let debounceMs = options.debounceMs ?? 30;
  const timers = new Map<string, NodeJS.Timeout>();
  const lastCheck = new Map<string, number>();

  const publish = (uri: string) => {
    timers.delete(uri);
    lastCheck.set(uri, performance.now());
    const doc = documents.get(uri);
    if (!doc) return;
    try {
      const { diagnostics } = service.diagnose(uri, doc.getText());
      void connection.sendDiagnostics({ uri, version: doc.version, diagnostics });
    } catch (error) {
      connection.console.error(`task-app: checking ${uri} failed: ${error instanceof Error ? error.stack : String(error)}`);
    }
  };
  const schedule = (uri: string, delay: number) => {
    clearTimeout(timers.get(uri));
    timers.set(uri, setTimeout(publish, delay, uri));
  };

  connection.onInitialize((params) => {
    const init = params.initializationOptions as { debounceMs?: unknown } | undefined;
    if (typeof init?.debounceMs === "number" && init.debounceMs >= 0) debounceMs = init.debounceMs;
    service.configure(settingsOf(params.initializationOptions));
    return {
      capabilities: {
        textDocumentSync: TextDocumentSyncKind.Incremental,
        codeActionProvider: { codeActionKinds: [CodeActionKind.QuickFix] },
        hoverProvider: true,
        completionProvider: { triggerCharacters: ["[", ".", '"', "=", " "] },
      },
      serverInfo: { name: "task-app" },
    };
  });
  connection.onDidChangeConfiguration((change) => {
    const settings = settingsOf(change.settings);
    if (settings) service.configure(settings);
    for (const doc of documents.all()) schedule(doc.uri, 0);
  });
  connection.onDidChangeWatchedFiles(() => {
    for (const doc of documents.all()) schedule(doc.uri, 0);
  });
  documents.onDidOpen(({ document }) => schedule(document.uri, 0));
  documents.onDidChangeContent(({ document }) => {
    const quiet = !timers.has(document.uri) && performance.now() - (lastCheck.get(document.uri) ?? -Infinity) >= debounceMs;
    schedule(document.uri, quiet ? 0 : debounceMs);
  });
  documents.onDidClose(({ document }) => {
    clearTimeout(timers.get(document.uri));
    timers.delete(document.uri);
    lastCheck.delete(document.uri);
    service.close(document.uri);
    void connection.sendDiagnostics({ uri: document.uri, diagnostics: [] });
  });
  connection.onCodeAction((params) => {
    const doc = documents.get(params.textDocument.uri);
    return doc ? service.codeActions(doc.uri, doc.getText(), params.context.diagnostics) : [];
  });
  connection.onHover(({ textDocument, position }) => {
    const doc = documents.get(textDocument.uri);
    return doc ? service.hover(doc.uri, doc.getText(), position.line, position.character) : null;
  });
  connection.onCompletion(({ textDocument, position }) => {
    const doc = documents.get(textDocument.uri);
    return doc ? service.complete(doc.uri, doc.getText(), position.line, position.character) : [];
  });
  connection.onShutdown(() => {
    for (const timer of timers.values()) clearTimeout(timer);
    timers.clear();
  });

  documents.listen(connection);
  connection.listen();
  return connection;
}
