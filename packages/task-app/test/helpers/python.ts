/**
 * Finds a Python 3 interpreter with the modules a cross-check needs. Tests
 * that use a second, independent implementation (Python `jsonschema`,
 * `openapi-spec-validator`) skip with this message when it is missing, so a
 * missing Python is reported, never mistaken for a pass.
 */
import { spawnSync } from "node:child_process";

/** Either a usable interpreter, or why there is none. */
export type PythonStatus = { ok: true; python: string } | { ok: false; reason: string };

/** Looks for `python3` (or `$PYTHON`) able to import every module in `modules`. */
export function findPython(modules: readonly string[]): PythonStatus {
  const candidates = [process.env.PYTHON, "python3", "python"].filter((c): c is string => Boolean(c));
  const reasons: string[] = [];
  for (const python of candidates) {
    const probe = spawnSync(python, ["-c", `import sys; import ${modules.join(", ")}; print(sys.version_info[0])`], {
      encoding: "utf8",
    });
    if (probe.error) {
      reasons.push(`${python}: ${probe.error.message}`);
      continue;
    }
    if (probe.status === 0 && probe.stdout.trim() === "3") return { ok: true, python };
    reasons.push(`${python} cannot import ${modules.join(", ")}: ${probe.stderr.trim().split("\n").pop() ?? ""}`);
  }
  return { ok: false, reason: `SKIPPED: Python 3 with ${modules.join(", ")} is not available (${reasons.join("; ")})` };
}
