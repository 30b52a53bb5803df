// The task-app extension: starts `task-app lsp --stdio` from the project's node_modules (one server per
// workspace folder that has task-app) for the config files task-app's schema catalog names.
"use strict";
const vscode = require("vscode");
const { LanguageClient, TransportKind } = require("vscode-languageclient/node");
const { filePatterns, findTaskApp } = require("./server-path.js");

/** @type {Map<string, LanguageClient>} */
const clients = new Map();

function settings(folder) {
  const config = vscode.workspace.getConfiguration("task-app", folder.uri);
  return { rules: config.get("rules") ?? {}, allowUnknown: config.get("allowUnknown") ?? false, serverPath: config.get("serverPath") ?? "", files: config.get("files") ?? [] };
}

async function startFor(folder, output) {
  if (clients.has(folder.uri.toString()) || folder.uri.scheme !== "file") return;
  const own = settings(folder);
  const bin = own.serverPath || findTaskApp(folder.uri.fsPath);
  if (!bin) {
    output.appendLine(`${folder.name}: no node_modules/task-app found; install task-app in the project or set task-app.serverPath`);
    return;
  }
  const documentSelector = filePatterns(bin, own.files).map((pattern) => ({ scheme: "file", pattern: new vscode.RelativePattern(folder, pattern) }));
  const run = { module: bin, args: ["lsp", "--stdio"], transport: TransportKind.stdio, options: { cwd: folder.uri.fsPath } };
  const client = new LanguageClient(`task-app:${folder.name}`, `task-app (${folder.name})`, { run, debug: run }, {
    documentSelector,
    workspaceFolder: folder,
    outputChannel: output,
    initializationOptions: { "task-app": { rules: own.rules, allowUnknown: own.allowUnknown } },
    synchronize: { configurationSection: "task-app", fileEvents: vscode.workspace.createFileSystemWatcher("**/task-app.toml") },
  });
  clients.set(folder.uri.toString(), client);
  output.appendLine(`${folder.name}: ${bin} lsp --stdio`);
  await client.start();
}

async function activate(context) {
  const output = vscode.window.createOutputChannel("task-app");
  context.subscriptions.push(output);
  for (const folder of vscode.workspace.workspaceFolders ?? []) await startFor(folder, output);
  context.subscriptions.push(
    vscode.workspace.onDidChangeWorkspaceFolders(async (event) => {
      for (const folder of event.added) await startFor(folder, output);
      for (const folder of event.removed) {
        const client = clients.get(folder.uri.toString());
        clients.delete(folder.uri.toString());
        await client?.stop();
      }
    }),
  );
}

async function deactivate() {
  await Promise.all([...clients.values()].map((c) => c.stop()));
  clients.clear();
}

module.exports = { activate, deactivate };
