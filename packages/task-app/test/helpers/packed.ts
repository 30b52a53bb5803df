/**
 * task-app and create-task-app as `npm pack` makes them, shared by the suites that install them as
 * a user would (scripts/test-packed.mjs): the runner's packs when `npm test` runs the suite, else
 * packed here once per process (into a folder removed when the process exits).
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { PACKED_ENV, packPackages, readPacked, type PackedPackages } from "../../scripts/test-packed.mjs";

export type { PackedPackage, PackedPackages } from "../../scripts/test-packed.mjs";

let packed: Promise<PackedPackages> | undefined;

/** Both packages, packed (tarballs shared: copy one before changing it). */
export function packedPackages(): Promise<PackedPackages> {
  return (packed ??= (async () => {
    const shared = process.env[PACKED_ENV];
    if (shared) return readPacked(shared);
    const dir = mkdtempSync(path.join(os.tmpdir(), "task-app-packed-"));
    process.once("exit", () => rmSync(dir, { recursive: true, force: true }));
    return packPackages(dir);
  })());
}
