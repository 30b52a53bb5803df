// Test files that share a node process under `npm test` (scripts/test.mjs). node's runner gives
// every file a process of its own, and each of those loads task-app's modules again: a quarter
// of a second of CPU a file before its first test. Files run in groups instead: a group is one
// process whose file imports its members, each inside a suite named by the member's path, so a
// member's tests, its top-level hooks and its failures stay its own and the reports still name
// test/x.test.ts. Every member's top-level work is done before the first test runs; then the
// members' tests run one file after another. Groups, and files alone, run side by side as files
// did.
//
// A file keeps a process of its own when it says so on a line of its own:
//   // npm test: own process (why)
// (it measures its own process's memory, say, or runs long enough that sharing would hold up the
// others), and when its mirror registers the module hook (scripts/test-mirror.mjs): the hook
// would make every later member's loads cost twice as much.
// Files that share costly work a process keeps (the TypeScript compiler's parsed library and
// declaration files, test/helpers/typecheck.ts) say so, and go in one group wherever they fall:
//   // npm test: group typescript (why)
// TASK_APP_TEST_GROUP=1 gives every file its own process again (a member suspected of upsetting
// another is then checked alone); =N sets the largest group.
import { readFileSync } from "node:fs";
import { basename, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

export const OWN_PROCESS_MARK = /^\/\/ npm test: own process\b/m;
/** `// npm test: group <name>`: the files naming one group share its process (its name is the match's first group). */
export const SHARED_GROUP_MARK = /^\/\/ npm test: group ([a-z][a-z0-9-]*)\b/m;
const GROUP_PREFIX = "task-app-test-group-";
const DEFAULT_SIZE = 6;

/** The largest group TASK_APP_TEST_GROUP asks for (1: no groups), DEFAULT_SIZE when unset. */
export function groupSizeFrom(env) {
  const asked = Number.parseInt(env.TASK_APP_TEST_GROUP ?? "", 10);
  return Number.isInteger(asked) && asked >= 1 ? asked : DEFAULT_SIZE;
}

/**
 * The runner's entries for the suites: `suites` pairs each original test file with what runs
 * (its mirror; `compiled` false when it runs as given). A file marked as needing its own
 * process, or whose mirror loads the module hook, is an entry alone; the others, in order, fill
 * groups of at most `size`, and those naming one group (SHARED_GROUP_MARK) fill it, whatever its
 * size. A group is listed where its first member was, except that the marked files come first:
 * they are the long ones (a minute or two, much of it waiting on installs, databases and
 * timeouts), and the runner starts entries in order, so one started last would be
 * the run's tail, one core idle behind it; started first, the short entries fill the cores
 * around them.
 */
export function planTestGroups(suites, size, readText = (file) => readFileSync(file, "utf8")) {
  const long = [];
  const entries = [];
  /** The named groups (SHARED_GROUP_MARK), listed where their first member was. */
  const named = new Map();
  let group;
  for (const suite of suites) {
    const text = suite.compiled ? readText(suite.original) : "";
    if (suite.compiled && OWN_PROCESS_MARK.test(text)) {
      long.push({ file: suite.run });
      continue;
    }
    if (size <= 1 || needsOwnProcess(suite, readText)) {
      entries.push({ file: suite.run });
      continue;
    }
    const name = SHARED_GROUP_MARK.exec(text)?.[1];
    if (name) {
      if (!named.has(name)) {
        named.set(name, { members: [] });
        entries.push(named.get(name));
      }
      named.get(name).members.push(suite.run);
      continue;
    }
    if (!group || group.members.length >= size) {
      group = { members: [] };
      entries.push(group);
    }
    group.members.push(suite.run);
  }
  // A group of one is that file alone.
  return [...long, ...entries.map((entry) => (entry.members?.length === 1 ? { file: entry.members[0] } : entry))];
}

/** A file alone though not marked: not compiled by the mirror (run as given), or its mirror loads the module hook. */
function needsOwnProcess(suite, readText) {
  return !suite.compiled || LOADER_BANNER.test(readText(suite.run));
}
/** The line the mirror puts first in a file that needs the module hook (scripts/test-mirror.mjs). */
const LOADER_BANNER = /^import "file:\/\/[^"]*\/scripts\/test-loader\.mjs";/;

/** The path a group's file is written to, inside `dir`: `<dir>/task-app-test-group-<n>.test.mjs`. */
export function groupFilePath(dir, index) {
  return join(dir, `${GROUP_PREFIX}${String(index + 1).padStart(2, "0")}.test.mjs`);
}

/**
 * Whether a test event's file is a group's (its top-level suites are then its members): its path,
 * or the name nameGroupFiles gives it (reporters share the events, and one may have renamed them).
 */
export function isGroupFile(file) {
  return basename(file ?? "").startsWith(GROUP_PREFIX) || (file ?? "").endsWith(GROUP_NAME_SUFFIX);
}
const GROUP_NAME_SUFFIX = " (one process)";

/**
 * `text` with every group's file in it (a path or file URL) named by its members instead:
 * `<member> + <member> + … (one process)`. A failure of the group as a whole (its process timed
 * out or crashed) then names the files that were in it. A file no longer readable stays as it is.
 */
export function nameGroupFiles(text) {
  if (!text.includes(GROUP_PREFIX)) return text;
  return text.replace(GROUP_FILE, (path) => {
    try {
      const source = readFileSync(path.startsWith("file:") ? fileURLToPath(path) : path, "utf8");
      const members = [...source.matchAll(/^member\(("(?:[^"\\]|\\.)*"),/gm)].map((match) => JSON.parse(match[1]));
      return members.length > 0 ? `${members.join(" + ")}${GROUP_NAME_SUFFIX}` : path;
    } catch {
      return path;
    }
  });
}
const GROUP_FILE = new RegExp(`(?:file://)?[^\\s'"\`():]*/${GROUP_PREFIX}\\d+\\.test\\.mjs`, "g");

/**
 * A group's file: each member imported inside a suite named by its path, in order. Every member is
 * imported, its top-level work done, before any member's tests run (each suite's build waits for
 * all the imports): a member's synchronous top-level work (a type-check, say) would otherwise stall
 * the event loop under an earlier member's tests and their deadlines. A member that ends the process
 * (process.exit) would end the members after it unseen, the process exiting 0: a process that exits
 * before the group's last hook has run fails instead, saying so.
 */
export function renderGroupFile(members) {
  const lines = members.map((member) => `member(${JSON.stringify(member)}, ${JSON.stringify(pathToFileURL(member).href)});`);
  return [
    'import { after, describe } from "node:test";',
    "let finished = false;",
    "after(() => { finished = true; });",
    `process.on("exit", () => { if (!finished) { process.stderr.write("${ENDED_EARLY}\\n"); process.exitCode = 1; } });`,
    "const imports = [];",
    "function member(name, url) {",
    "  describe(name, async () => {",
    "    const loading = import(url);",
    "    imports.push(loading.catch(() => {}));",
    "    await loading;",
    "    await Promise.all(imports);",
    "  });",
    "}",
    ...lines,
    "",
  ].join("\n");
}
const ENDED_EARLY = "this group's process ended before its files' tests did (a process.exit() in one of them?): the tests after it never ran";
