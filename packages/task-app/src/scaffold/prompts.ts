/**
 * The interactive questions `create-task-app` asks on a terminal. Each one
 * fills an option that also has a flag, and is skipped when the flag was
 * given, so a non-interactive run needs no answers at all.
 */
import path from "node:path";
import type { Readable, Writable } from "node:stream";
import * as p from "@clack/prompts";
import { listTemplates } from "./catalog.js";
import { defaultProjectName } from "./create.js";
import { PromptCancelled } from "./errors.js";
import { checkPackageName, toValidPackageName } from "./names.js";
import { listBlockingEntries } from "./write.js";

/** What the bin knows before asking: flags the user gave (undefined = not given). */
export interface KnownOptions {
  dir?: string;
  template?: string;
  name?: string;
  force?: boolean;
  install?: boolean;
  git?: boolean;
}

/** Every option settled, ready for `createTaskApp` and the install/git steps. */
export interface SettledOptions {
  dir: string;
  template: string;
  name?: string;
  force: boolean;
  install: boolean;
  git: boolean;
}

/** Streams the prompts read and draw on. */
export interface PromptStreams {
  input: Readable;
  output: Writable;
  cwd: string;
}

function settle<T>(value: T): Exclude<T, symbol> {
  if (p.isCancel(value)) throw new PromptCancelled();
  return value as Exclude<T, symbol>;
}

export { PromptCancelled };

/** Asks for each option that has no flag; returns them all settled. */
export async function promptForOptions(known: KnownOptions, streams: PromptStreams): Promise<SettledOptions> {
  const io = { input: streams.input, output: streams.output };
  const dir =
    known.dir ??
    settle(
      await p.text({
        ...io,
        message: "Where should the task app go?",
        placeholder: "my-task-app",
        defaultValue: "my-task-app",
        validate: (v) => (v !== undefined && v.trim() !== v ? "No leading or trailing spaces" : undefined),
      }),
    );
  const templates = await listTemplates();
  const template =
    known.template ??
    settle(
      await p.select({
        ...io,
        message: "Which template?",
        options: templates.map((t) => ({ value: t.name, label: t.name, hint: t.description })),
        initialValue: templates[0]?.name,
      }),
    );
  let name = known.name;
  const derived = defaultProjectName(dir, streams.cwd);
  if (name === undefined && checkPackageName(derived).length > 0) {
    name = settle(
      await p.text({
        ...io,
        message: "Package name?",
        defaultValue: toValidPackageName(derived),
        placeholder: toValidPackageName(derived),
        validate: (v) => (v ? checkPackageName(v)[0] : undefined),
      }),
    );
  }
  let force = known.force ?? false;
  const blocking = await listBlockingEntries(path.resolve(streams.cwd, dir));
  if (!force && blocking.length > 0) {
    force = settle(
      await p.confirm({
        ...io,
        message: `${dir} is not empty (${blocking.slice(0, 3).join(", ")}${blocking.length > 3 ? ", …" : ""}). Add the files next to what is there? Nothing will be overwritten.`,
        initialValue: false,
      }),
    );
    if (!force) throw new PromptCancelled();
  }
  const install = known.install ?? settle(await p.confirm({ ...io, message: "Install dependencies?", initialValue: true }));
  const git = known.git ?? settle(await p.confirm({ ...io, message: "Initialise a git repository?", initialValue: true }));
  return { dir, template, ...(name !== undefined ? { name } : {}), force, install, git };
}
