/**
 * `task-app lsp --stdio`: the language server editors start (diagnostics of
 * every rule `validate` knows, quick fixes, hover, completion). `--socket
 * <port>` connects to a client listening on 127.0.0.1 instead.
 */
import type { Argv, CommandModule } from "yargs";
import { contextOf } from "../context.js";

interface LspArgs {
  stdio: boolean;
  socket?: number;
  "debounce-ms": number;
}

async function runLsp(args: LspArgs): Promise<void> {
  if (args.stdio && args.socket !== undefined) {
    process.stderr.write("task-app: --stdio and --socket are two ways to connect; give one\nRun `task-app lsp --help` for usage.\n");
    contextOf(args).setExitCode(2);
    return;
  }
  if (args.socket !== undefined && (!Number.isInteger(args.socket) || args.socket < 1 || args.socket > 65535)) {
    process.stderr.write("task-app: --socket must be a port number (1-65535)\nRun `task-app lsp --help` for usage.\n");
    contextOf(args).setExitCode(2);
    return;
  }
  const { startLanguageServer } = await import("../../lsp/server.js");
  if (args.socket !== undefined) {
    const { connect } = await import("node:net");
    const socket = connect(args.socket, "127.0.0.1");
    const failure = await new Promise<Error | undefined>((resolve) => socket.once("connect", () => resolve(undefined)).once("error", resolve));
    if (failure) {
      const refused = (failure as NodeJS.ErrnoException).code === "ECONNREFUSED";
      process.stderr.write(`task-app lsp: ${refused ? `nothing listens on 127.0.0.1:${args.socket}; start the editor's LSP client on that port first` : failure.message}\n`);
      contextOf(args).setExitCode(1);
      return;
    }
    startLanguageServer({ input: socket, output: socket, debounceMs: args["debounce-ms"] });
    return;
  }
  // Started by hand in a terminal: say what it is waiting for (stderr; stdout is the protocol's).
  if (process.stdin.isTTY) process.stderr.write("task-app lsp: speaking the Language Server Protocol on stdin/stdout, as editors start it (`task-app lsp --help`); Ctrl-C stops it\n");
  startLanguageServer({ debounceMs: args["debounce-ms"] });
}

export const lspCommand: CommandModule<object, LspArgs> = {
  command: "lsp",
  describe: "Start the config language server (diagnostics, quick fixes, hover, completion) for editors",
  builder: (yargs: Argv<object>) =>
    yargs
      .option("stdio", { type: "boolean", default: false, describe: "Speak LSP over stdin/stdout (what editors start; the default)" })
      .option("socket", { type: "number", describe: "Connect to an LSP client listening on this 127.0.0.1 port instead" })
      .option("debounce-ms", { type: "number", default: 30, describe: "Least time between two checks of a document while it is being edited" })
      .example("$0 lsp --stdio", "what an editor's LSP client runs")
      .epilogue("Every rule `task-app validate` knows, as you type. A task-app.toml [rules] table changes severities.") as unknown as Argv<LspArgs>,
  handler: runLsp,
};
