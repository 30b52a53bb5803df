/**
 * task-app coerces a config value exactly as pydantic 2's lax mode does, and
 * only at the keys synth-ai's models type. The rules are run against pydantic
 * itself (the python3 on this machine has pydantic 2.13) over a few thousand
 * generated strings, numbers and booleans; skips, saying so, without it.
 */
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { test } from "node:test";
import { coerceLax } from "../src/config/coerce.js";
import type { SynthScalar } from "../src/config/synth-types.js";
import { findPython } from "./helpers/python.js";

const python = findPython(["pydantic"]);

/** Strings near every rule: signs, digits, underscores, fractions, exponents, words, and whitespace of both languages. */
function candidates(): unknown[] {
  const cores = ["4", "04", "1_000", "1__0", "_1", "1_", "4.0", "4.", ".5", "4.5", "10.000", "1_0.0", "4.0_0", "2e0", "1e3", "1.5E+3", "-.5e-3", "1e", "e5", "0x10", "1,5",
    "inf", "-Infinity", "NaN", "+nan", "infinit", "true", "TRUE", "t", "T", "yes", "Y", "on", "oN", "1", "0", "off", "no", "n", "f", "False", "2", "1.0", "0.0", "", "four", "١"];
  const pads = ["", " ", "\t", "\n", "\x0b", "\x1c", "\x1f", "\x85", "\xa0", "\u2028", "\u3000", "\ufeff", "\u200b"];
  const out: unknown[] = [true, false, 0, 1, 2, -1, 0.5, 4.5, 1e21];
  for (const core of cores) {
    out.push(core, `+${core}`, `-${core}`);
    for (const pad of pads) out.push(`${pad}${core}`, `${core}${pad}`);
  }
  return out;
}

const encode = (v: number | boolean | undefined) => (v === undefined ? "ERR" : typeof v === "number" && !Number.isFinite(v) ? String(v) : JSON.stringify(v));

test("coerceLax agrees with pydantic 2's lax mode for int, float and bool fields", { skip: python.ok ? false : python.reason }, () => {
  if (!python.ok) return;
  const values = candidates();
  const script = `
import json, math, sys
from typing import Optional
from pydantic import BaseModel, ValidationError
class M(BaseModel):
    i: Optional[int] = None
    f: Optional[float] = None
    b: Optional[bool] = None
def enc(v):
    if isinstance(v, float) and math.isnan(v): return "NaN"
    if isinstance(v, float) and math.isinf(v): return "Infinity" if v > 0 else "-Infinity"
    return json.dumps(v)
out = {}
values = json.load(sys.stdin)
for name, field in (("int", "i"), ("float", "f"), ("bool", "b")):
    row = []
    for v in values:
        try:
            row.append(enc(getattr(M.model_validate({field: v}), field)))
        except ValidationError:
            row.append("ERR")
    out[name] = row
print(json.dumps(out))`;
  const run = spawnSync(python.python, ["-c", script], { input: JSON.stringify(values), encoding: "utf8", maxBuffer: 16 << 20 });
  assert.equal(run.status, 0, run.stderr);
  const theirs = JSON.parse(run.stdout) as Record<SynthScalar, string[]>;
  const mismatches: string[] = [];
  for (const type of ["int", "float", "bool"] as const)
    values.forEach((v, n) => {
      // Integers pydantic keeps as ints in an int field need no coercion; only what it changes is compared.
      // Values already of the field's type need no coercion (Zod takes them): only what pydantic changes is compared.
      const ours =
        typeof v === "number" && type !== "bool" ? (type === "float" || Number.isSafeInteger(v) ? v : undefined) : typeof v === "boolean" && type === "bool" ? v : coerceLax(v, type);
      const want = theirs[type][n]!;
      const got = encode(ours);
      const same = got === want || (want === "NaN" && got === "NaN") || (type === "float" && want !== "ERR" && got !== "ERR" && Number(JSON.parse(want === "Infinity" || want === "-Infinity" || want === "NaN" ? `"${want}"` : want)) === Number(got));
      if (!same) mismatches.push(`${type} ${JSON.stringify(v)}: pydantic ${want}, task-app ${got}`);
    });
  assert.deepEqual(mismatches, []);
});
