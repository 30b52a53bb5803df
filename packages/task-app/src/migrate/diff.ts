/** A unified diff of two texts by lines (longest common subsequence), with three lines of context. */

type Op = { kind: " " | "-" | "+"; line: string };

function diffLines(a: string[], b: string[]): Op[] {
  // Common head and tail first: a migration changes a few lines of a long file.
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++;
  const x = a.slice(head, a.length - tail);
  const y = b.slice(head, b.length - tail);
  const width = y.length + 1;
  const lcs = new Uint32Array((x.length + 1) * width);
  for (let i = x.length - 1; i >= 0; i--)
    for (let j = y.length - 1; j >= 0; j--)
      lcs[i * width + j] = x[i] === y[j] ? lcs[(i + 1) * width + j + 1]! + 1 : Math.max(lcs[(i + 1) * width + j]!, lcs[i * width + j + 1]!);
  const ops: Op[] = a.slice(0, head).map((line) => ({ kind: " ", line }));
  let i = 0;
  let j = 0;
  while (i < x.length || j < y.length) {
    if (i < x.length && j < y.length && x[i] === y[j]) ops.push({ kind: " ", line: x[i++]! }), j++;
    else if (i < x.length && (j === y.length || lcs[(i + 1) * width + j]! >= lcs[i * width + j + 1]!)) ops.push({ kind: "-", line: x[i++]! });
    else ops.push({ kind: "+", line: y[j++]! });
  }
  for (const line of a.slice(a.length - tail)) ops.push({ kind: " ", line });
  return ops;
}

/** `--- a/file` / `+++ b/file` and @@ hunks; "" when the texts are equal. */
export function unifiedDiff(before: string, after: string, file: string, context = 3): string {
  if (before === after) return "";
  const ops = diffLines(before.split("\n"), after.split("\n"));
  const name = file.replace(/^\/+/, "");
  const out = [`--- a/${name}`, `+++ b/${name}`];
  let n = 0;
  while (n < ops.length) {
    if (ops[n]!.kind === " ") {
      n++;
      continue;
    }
    let start = Math.max(0, n - context);
    let end = n;
    // Extend the hunk while changes are within 2 x context of each other.
    for (let k = n; k < ops.length; k++) {
      if (ops[k]!.kind !== " ") end = k;
      else if (k - end > 2 * context) break;
    }
    end = Math.min(ops.length - 1, end + context);
    const oldStart = ops.slice(0, start).filter((o) => o.kind !== "+").length + 1;
    const newStart = ops.slice(0, start).filter((o) => o.kind !== "-").length + 1;
    const hunk = ops.slice(start, end + 1);
    out.push(`@@ -${oldStart},${hunk.filter((o) => o.kind !== "+").length} +${newStart},${hunk.filter((o) => o.kind !== "-").length} @@`);
    for (const o of hunk) out.push(`${o.kind}${o.line}`);
    n = end + 1;
    start = n;
  }
  return `${out.join("\n")}\n`;
}
