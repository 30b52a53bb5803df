/**
 * Every relative link of the docs names something that exists: in
 * README.md, CONTRIBUTING.md, docs/*.md, packages/*\/README.md and the
 * generated references, each `[text](target)` (and `![alt](image)`) outside
 * code resolves to a file or folder of the repository, and a `#anchor` to a
 * heading of the target file (GitHub's slugs: lower case, punctuation but `-`
 * and `_` dropped, spaces to `-`, repeats numbered `-1`, `-2`) or an
 * `<a id>` in it. No network: links with a scheme (https:, mailto:) are
 * left alone. A negative control holds the checker to finding a broken file
 * and a broken anchor.
 */
import assert from "node:assert/strict";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { test } from "node:test";
import { REPO_ROOT } from "./helpers/roots.js";

/** The markdown files whose links are checked. */
function docFiles(): string[] {
  const docs = join(REPO_ROOT, "docs");
  const packages = join(REPO_ROOT, "packages");
  return [
    join(REPO_ROOT, "README.md"),
    join(REPO_ROOT, "CONTRIBUTING.md"),
    ...readdirSync(docs).filter((f) => f.endsWith(".md")).map((f) => join(docs, f)),
    ...readdirSync(packages).map((p) => join(packages, p, "README.md")).filter((f) => existsSync(f)),
    join(packages, "task-app", "generated", "CONFIG.md"),
    join(packages, "task-app", "generated", "CLI.md"),
  ];
}

/** The text outside fenced code blocks and code spans (a link there is code, not a link). */
function prose(text: string): string {
  return text.replace(/^ {0,3}(```|~~~)[^\n]*\n[\s\S]*?^ {0,3}\1[^\n]*$/gm, "").replace(/`[^`\n]*`/g, "``");
}

/** GitHub's anchor of a heading's text. */
export function slugOf(heading: string): string {
  const text = heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/<[^>]+>/g, "")
    .trim()
    .toLowerCase();
  return text.replace(/[^\p{L}\p{N}\p{M}\s_-]/gu, "").replace(/ /g, "-");
}

/** Every anchor a markdown file offers: its headings' slugs (numbered when repeated) and its `<a id>` / `name`s. */
export function anchorsOf(text: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  const outside = text.replace(/^ {0,3}(```|~~~)[^\n]*\n[\s\S]*?^ {0,3}\1[^\n]*$/gm, "");
  for (const match of outside.matchAll(/^#{1,6}[ \t]+(.+?)[ \t#]*$/gm)) {
    const slug = slugOf(match[1]!.replace(/`/g, ""));
    const n = seen.get(slug) ?? 0;
    seen.set(slug, n + 1);
    anchors.add(n === 0 ? slug : `${slug}-${n}`);
  }
  for (const match of outside.matchAll(/<a\s+(?:id|name)="([^"]+)"/g)) anchors.add(match[1]!);
  return anchors;
}

/** The broken relative links of one markdown file, as `file: target (why)`. */
export function brokenLinks(file: string, text: string, read: (path: string) => string = (p) => readFileSync(p, "utf8")): string[] {
  const broken: string[] = [];
  const where = relative(REPO_ROOT, file);
  for (const match of prose(text).matchAll(/!?\[(?:[^\]\\]|\\.)*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) {
    const target = match[1]!;
    if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // https:, mailto:: not checked (no network)
    const [path, anchor] = target.split("#", 2) as [string, string | undefined];
    const resolved = path ? resolve(dirname(file), decodeURIComponent(path)) : file;
    if (!existsSync(resolved)) {
      broken.push(`${where}: ${target} (no such file)`);
      continue;
    }
    if (anchor === undefined) continue;
    if (statSync(resolved).isDirectory() || !resolved.endsWith(".md")) {
      broken.push(`${where}: ${target} (an anchor into a file that is not markdown)`);
      continue;
    }
    if (!anchorsOf(read(resolved)).has(decodeURIComponent(anchor))) broken.push(`${where}: ${target} (no heading #${anchor})`);
  }
  return broken;
}

test("GitHub's heading slugs", () => {
  assert.equal(slugOf("Keys, redirects, body caps and what is redacted"), "keys-redirects-body-caps-and-what-is-redacted");
  assert.equal(slugOf("Rollout wires: 0.2.x and the container era"), "rollout-wires-02x-and-the-container-era");
  assert.equal(slugOf("task-app traces ls"), "task-app-traces-ls");
  assert.equal(slugOf("`[compute.topology]`".replace(/`/g, "")), "computetopology");
  assert.deepEqual([...anchorsOf("# A\n## A\n```sh\n# not a heading\n```\n<a id=\"rules\"></a>\n")], ["a", "a-1", "rules"]);
});

test("every relative link of the docs resolves, anchors included", () => {
  const files = docFiles();
  assert.ok(files.length >= 10, `the docs are found: ${files.map((f) => relative(REPO_ROOT, f)).join(", ")}`);
  let links = 0;
  const broken: string[] = [];
  for (const file of files) {
    const text = readFileSync(file, "utf8");
    links += [...prose(text).matchAll(/\]\(/g)].length;
    broken.push(...brokenLinks(file, text));
  }
  assert.ok(links >= 40, `links are found (${links})`);
  assert.deepEqual(broken, []);
});

test("negative control: a missing file, a missing heading and a link in code", () => {
  const file = join(REPO_ROOT, "docs", "README.md");
  const text = [
    "[gone](no-such-guide.md) [bad anchor](validate.md#no-such-heading) [good](validate.md#rule-severities)",
    "[self](#references) [self, missing](#nowhere) [web](https://example.com/x.md)",
    "`[in a code span](missing-too.md)`",
    "```md\n[in a fence](missing-as-well.md)\n```",
  ].join("\n");
  assert.deepEqual(brokenLinks(file, text), [
    "docs/README.md: no-such-guide.md (no such file)",
    "docs/README.md: validate.md#no-such-heading (no heading #no-such-heading)",
    "docs/README.md: #nowhere (no heading #nowhere)",
  ]);
});
