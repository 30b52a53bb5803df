/** Finding a project's files from inside it: the nearest one of a name at or above a folder. */
import { statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";

/** The nearest regular file called `name` at or above `dir`, or undefined. */
export function findUp(name: string, dir: string): string | undefined {
  for (let current = resolve(dir); ; current = dirname(current)) {
    const candidate = join(current, name);
    try {
      if (statSync(candidate).isFile()) return candidate;
    } catch {
      // not here
    }
    if (dirname(current) === current) return undefined;
  }
}
