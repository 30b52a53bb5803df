/**
 * `npm run demo`: runs {@link runDemo}; exit 0 when the check and every
 * rollout passed, 1 when not, 130 when Ctrl-C stopped it (the running
 * rollouts finish; a second Ctrl-C exits at once). Errors print as one line.
 */
import { runDemo } from "./run.js";

const stop = new AbortController();
process.on("SIGINT", () => {
  if (stop.signal.aborted) process.exit(130);
  stop.abort();
  process.stderr.write("\nstopping the demo: no new rollouts (Ctrl-C again exits at once)\n");
});
try {
  const report = await runDemo({ stop: stop.signal });
  if (report.notRun > 0) {
    process.stdout.write(`\nDemo interrupted: ${report.notRun} rollouts not run. The traces so far are in ${report.traceDb}.\n`);
    process.exitCode = 130;
  } else {
    process.stdout.write(report.ok ? "\nDemo passed.\n" : "\nDemo FAILED: see the report above.\n");
    process.exitCode = report.ok ? 0 : 1;
  }
} catch (error) {
  process.stderr.write(`\nDemo ${stop.signal.aborted ? "interrupted" : "failed"}: ${(error as Error).message}\n`);
  process.exitCode = stop.signal.aborted ? 130 : 1;
}
