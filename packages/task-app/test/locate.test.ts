/**
 * The source-position scan (src/config/locate.ts) against toml-eslint-parser's
 * AST as an oracle: every key path of every fixture and corpus config, plus
 * tricky spellings, must land where the AST says. And it keeps only what it
 * is asked for, so a huge document costs one pass, not an index.
 */
import assert from "node:assert/strict";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { test } from "node:test";
import { parseTOML, type AST } from "toml-eslint-parser";
import { locatePaths } from "../src/config/locate.js";
import { parseTomlDocument } from "../src/config/toml.js";
import { corpusDir } from "./helpers/corpus.js";

type Path = (string | number)[];
type Index = Map<string, { line: number; column: number; explicit: boolean }>;
const pathKey = (path: readonly PropertyKey[]) => JSON.stringify(path);

/** The oracle: every key path of the document mapped through toml-eslint-parser's AST. */
function indexWithAst(text: string): Index {
  const index: Index = new Map();
  const record = (path: readonly (string | number)[], node: AST.HasLocs, explicit: boolean) => {
    const old = index.get(pathKey(path));
    if (old && (old.explicit || !explicit)) return;
    index.set(pathKey(path), { line: node.loc.start.line, column: node.loc.start.column + 1, explicit });
  };
  const keyName = (k: AST.TOMLBare | AST.TOMLQuoted) => (k.type === "TOMLBare" ? k.name : k.value);
  const value = (path: readonly (string | number)[], node: AST.TOMLContentNode): void => {
    if (node.type === "TOMLArray")
      node.elements.forEach((el, i) => {
        record([...path, i], el, true);
        value([...path, i], el);
      });
    else if (node.type === "TOMLInlineTable") for (const kv of node.body) keyValue(path, kv);
  };
  const keyValue = (base: readonly (string | number)[], kv: AST.TOMLKeyValue) => {
    let path = base;
    kv.key.keys.forEach((k, j) => {
      path = [...path, keyName(k)];
      record(path, k, j === kv.key.keys.length - 1);
    });
    value(path, kv.value);
  };
  for (const node of parseTOML(text, { tomlVersion: "1.1" }).body[0].body) {
    if (node.type === "TOMLKeyValue") keyValue([], node);
    else {
      const rk = node.resolvedKey;
      const last = node.kind === "array" ? rk.length - 2 : rk.length - 1;
      let segment: AST.HasLocs = node.key;
      let k = 0;
      for (let j = 0; j < rk.length; j++) {
        if (typeof rk[j] === "string") segment = node.key.keys[k++] ?? segment;
        record(rk.slice(0, j + 1), segment, j >= last);
      }
      for (const kv of node.body) keyValue(rk, kv);
    }
  }
  return index;
}

function tomlFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, encoding: "utf8" }).filter((f) => f.endsWith(".toml")).map((f) => join(dir, f));
}

/** Asserts that the scan agrees with the oracle on every path of `text`, each asked alone and all at once. */
function assertAgrees(text: string, label: string): number {
  const oracle = indexWithAst(text);
  const paths = [...oracle.keys()].map((k) => JSON.parse(k) as Path);
  const batch = locatePaths(text, paths);
  paths.forEach((path, n) => {
    const want = oracle.get(pathKey(path))!;
    assert.deepEqual(batch[n], { line: want.line, column: want.column }, `${label} ${pathKey(path)}`);
  });
  for (const path of paths.slice(0, 50)) {
    const want = oracle.get(pathKey(path))!;
    assert.deepEqual(locatePaths(text, [path])[0], { line: want.line, column: want.column }, `${label} alone ${pathKey(path)}`);
  }
  return paths.length;
}

test("the scan agrees with the AST on every path of every fixture and corpus config", () => {
  const files = [...tomlFiles(fileURLToPath(new URL("fixtures", import.meta.url))), ...tomlFiles(join(corpusDir(), "configs"))];
  let checked = 0;
  for (const file of files) {
    const text = readFileSync(file, "utf8");
    try {
      parseTomlDocument(text);
    } catch {
      continue; // invalid TOML is never located
    }
    checked += assertAgrees(text, file);
  }
  assert.ok(checked > 500, `only ${checked} paths checked`);
});

test("the scan agrees with the AST on tricky spellings", () => {
  const cases = [
    '"a.b" = 1\n\'c]d\' = 2\n"\\u00e9\\t" = 3\n[ "x y" . z ]\nk = 1\n',
    'a = """\nb = 1\n[not.a.table]\n"""\nc = \'\'\'x = [\'\'\'\n[t]\nd = "}]#" # [u]\n',
    "dt = 1979-05-27 07:32:00Z\nls = [1979-05-27 07:32:00Z, 2, # c\n 3]\nn = { x = [ { y = 1 }, 2 ], z.w = 'q' }\n",
    "[[a]]\n[[a.b]]\nx = 1\n[[a.b]]\n[[a]]\n[[a.b]]\ny = 2\n[a.b.c]\nz = 3\n",
    "[x.y.z]\nk = 1\n[x]\nm = 2\n[x.y]\nn = 3\n",
    "a.b.c = 1\na.d = 2\n\"quoted\\\"key\" = { e = [ [1, 2], [3] ] }\r\nlast = true\r\n",
  ];
  for (const [n, text] of cases.entries()) assertAgrees(text, `case ${n}`);
});

test("absent paths fall back to their deepest existing ancestor, 1:1 at the top", () => {
  const text = "[t]\nx = [1, 2]\n";
  assert.deepEqual(locatePaths(text, [[], ["nope"], ["t", "nope", 3], ["t", "x", 7], ["t", "x", "1"]]), [
    { line: 1, column: 1 },
    { line: 1, column: 1 },
    { line: 1, column: 2 },
    { line: 2, column: 1 },
    { line: 2, column: 1 },
  ]);
});
