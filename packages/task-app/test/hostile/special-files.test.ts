/**
 * Special files as every `--out` of `export-sft` and `filter` (the output of
 * its [filter] config): a character device (made with mknod in a temporary
 * directory, never /dev itself), a FIFO, a symlink to /proc/self/fd/1 and a
 * directory are refused by name, stay what they were, and no temporary file
 * is left beside them. A symlink to a regular file is followed.
 */
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync, symlinkSync, writeFileSync, type Stats } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { openTraceStore } from "../../src/traces/store.js";
import { runCli } from "../helpers/run-cli.js";
import { makeSessionTrace } from "../helpers/session-trace.js";

const dir = mkdtempSync(join(tmpdir(), "hostile-out-"));
const db = join(dir, "traces", "synth_ai.db");
before(async () => {
  const store = await openTraceStore(db);
  for (const i of [0, 1, 2]) await store.insertSession(makeSessionTrace(i, { runId: "out" }));
  await store.close();
});
after(() => rmSync(dir, { recursive: true, force: true }));

interface Special {
  name: string;
  what: RegExp;
  /** Makes it at `path`; returns a reason when it cannot be made here. */
  make(path: string): string | undefined;
  still(stats: Stats, path: string): boolean;
}

const SPECIALS: Special[] = [
  {
    name: "character device",
    what: /a character device, not a regular file/,
    make: (path) => {
      const made = spawnSync("mknod", [path, "c", "1", "3"], { encoding: "utf8" });
      return made.status === 0 ? undefined : `mknod needs root here: ${made.stderr.trim()}`;
    },
    still: (stats) => stats.isCharacterDevice(),
  },
  {
    name: "FIFO",
    what: /a FIFO \(named pipe\), not a regular file/,
    make: (path) => (spawnSync("mkfifo", [path]).status === 0 ? undefined : "mkfifo failed"),
    still: (stats) => stats.isFIFO(),
  },
  {
    name: "symlink to /proc/self/fd/1",
    what: /a symlink to (a FIFO \(named pipe\)|a character device|a socket|not a file), not a regular file/,
    make: (path) => void symlinkSync("/proc/self/fd/1", path),
    still: (stats, path) => stats.isSymbolicLink() && readlinkSync(path) === "/proc/self/fd/1",
  },
  {
    name: "directory",
    what: /a directory, not a regular file/,
    make: (path) => void mkdirSync(path),
    still: (stats) => stats.isDirectory(),
  },
];

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

for (const special of SPECIALS) {
  for (const command of ["export-sft", "filter"] as const) {
    test(`${command} refuses a ${special.name} as its output and leaves it as it was`, async (t) => {
      const place = mkdtempSync(join(dir, "case-"));
      const target = join(place, "out.jsonl");
      const reason = special.make(target);
      if (reason) return t.skip(reason);
      let argv: string[];
      if (command === "export-sft") argv = ["export-sft", db, "--out", target];
      else {
        const config = join(dir, `${place.split("/").pop()}.toml`);
        writeFileSync(config, `type = "filter"\n\n[filter]\ndb = ${JSON.stringify(db)}\noutput = ${JSON.stringify(target)}\n`);
        argv = ["filter", "--config", config];
      }
      const res = await runCli(argv, dir, undefined, { timeoutMs: 60_000 });
      assert.equal(res.code, 1, `exit ${res.code}: ${res.stderr}`);
      assert.match(res.stderr, new RegExp(`output ${escape(target)} is ${special.what.source}`));
      assert.ok(special.still(lstatSync(target), target), `${special.name} was replaced`);
      assert.deepEqual(readdirSync(place), ["out.jsonl"], "a temporary file was left behind");
    });
  }
}

test("a symlink to a regular file is followed: the file gets the export, the link stays", async () => {
  const real = join(dir, "real.jsonl");
  const link = join(dir, "link.jsonl");
  writeFileSync(real, "old\n");
  symlinkSync(real, link);
  const res = await runCli(["export-sft", db, "--out", link], dir, undefined, { timeoutMs: 60_000 });
  assert.equal(res.code, 0, res.stderr);
  assert.ok(lstatSync(link).isSymbolicLink());
  assert.equal(readFileSync(real, "utf8").trim().split("\n").length, 9);
});
