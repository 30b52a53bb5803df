/** A mistake in how the command was called: exit code 2, task-app's words and the command's --help. */
export class UsageError extends Error {
  override name = "UsageError";
}
