/**
 * One way to hold a promise to a deadline: the work's own outcome when it
 * settles in time, else the error `onTimeout` makes. The timer is always
 * cleared, so a settled race keeps no process alive.
 */
export async function withDeadline<T>(work: Promise<T>, ms: number, onTimeout: () => Error): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(onTimeout()), ms)));
  try {
    return await Promise.race([work, deadline]);
  } finally {
    clearTimeout(timer);
  }
}
