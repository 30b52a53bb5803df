// node's TAP reporter over events whose mirror paths are named back to their test/ files (see
// test-mirror.mjs): scripts/test.mjs runs the suites from a compiled mirror, the report names
// test/x.test.ts.
import { tap } from "node:test/reporters";
import { withOriginalPaths } from "./test-mirror.mjs";

export default async function* tapReporter(source) {
  yield* tap(withOriginalPaths(source));
}
