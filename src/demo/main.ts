/** `npm run demo`: runs {@link runDemo} and exits 0 when the check and every rollout passed. */
import { runDemo } from "./run.js";

const report = await runDemo();
process.stdout.write(report.ok ? "\nDemo passed.\n" : "\nDemo FAILED: see the report above.\n");
process.exitCode = report.ok ? 0 : 1;
