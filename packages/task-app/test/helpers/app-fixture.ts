/**
 * The path of a fixture app (test/fixtures/apps/) for a test that hands it to a spawned CLI. Under
 * `npm test` the runner's mirror holds each of them compiled (scripts/test-mirror.mjs: imports of
 * src/ made the build's), and this names that JavaScript: the CLI then loads the app as plain
 * JavaScript on the build's modules, where the TypeScript file costs each process tsx's hooks and
 * a second copy of the server compiled from src/ (about 0.6 s of CPU a start). Run otherwise (one
 * file from its TypeScript, no build), the TypeScript file itself. A test whose subject is loading
 * TypeScript names the .ts file directly.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { MIRROR_ENV, mirrorPathOf } from "../../scripts/test-mirror.mjs";

const apps = fileURLToPath(new URL("../fixtures/apps/", import.meta.url));

export function appFixture(name: string): string {
  const source = join(apps, name);
  if (!process.env[MIRROR_ENV]) return source;
  const mirrored = mirrorPathOf(source);
  return existsSync(mirrored) ? mirrored : source;
}
