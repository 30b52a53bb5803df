/**
 * Work delivered in batches: at most one delivery per `intervalMs` (default
 * 100 ms, so ten a second), whatever the rate items come at. An item that
 * comes after a quiet spell is delivered at once; items that come faster
 * wait for the next delivery, at most `intervalMs`, on one timer. `flush()`
 * delivers what waits. Eval's result lines and its progress go through one:
 * at thousands of rollouts a second they cost one write a tenth of a second
 * instead of one per rollout.
 */
export interface Batch<T> {
  push(item: T): void;
  /** Delivers what waits now. */
  flush(): void;
}

export function createBatch<T>(deliver: (items: T[]) => void, options: { intervalMs?: number; maxItems?: number } = {}): Batch<T> {
  const intervalMs = options.intervalMs ?? 100;
  const maxItems = options.maxItems ?? 4096;
  let pending: T[] = [];
  let lastDelivery = -Infinity;
  let timer: NodeJS.Timeout | undefined;
  const flush = () => {
    if (timer) {
      clearTimeout(timer);
      timer = undefined;
    }
    if (!pending.length) return;
    const items = pending;
    pending = [];
    lastDelivery = performance.now();
    deliver(items);
  };
  return {
    push(item) {
      pending.push(item);
      if (pending.length >= maxItems || performance.now() - lastDelivery >= intervalMs) return flush();
      if (!timer) {
        timer = setTimeout(flush, Math.max(1, lastDelivery + intervalMs - performance.now()));
        timer.unref();
      }
    },
    flush,
  };
}

/** Lines (newline included) written in batches through `write`, joined. */
export function createLineBatcher(write: (text: string) => void, options: { intervalMs?: number } = {}): Batch<string> {
  return createBatch((lines) => write(lines.join("")), options);
}
