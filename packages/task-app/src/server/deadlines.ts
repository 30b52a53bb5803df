/**
 * Rollout deadlines on one timer per server instead of one per request.
 * Entries sit in a set; a single timer is armed for the earliest deadline,
 * holding the process open only while a deadline is pending (as a timer per
 * request did). Adding a later deadline (the usual case: every rollout gets the
 * same `max_time_s`) touches no timer; removing one touches none either.
 * When the timer fires it expires what is due, in order of deadline, and
 * re-arms for the earliest left.
 */

/** One pending deadline; pass it back to `cancel`. */
export interface Deadline {
  readonly at: number;
}

/** What a deadline expires. */
export interface Expirable {
  expire(): void;
}

/** Deadlines sharing one timer. */
export interface Deadlines {
  /** Calls `target.expire()` `ms` (capped at 2^31 - 1) after `since` (default: now, on `now()`'s clock) unless cancelled first. */
  add(ms: number, target: Expirable, since?: number): Deadline;
  /** The clock deadlines are counted on. */
  now(): number;
  cancel(deadline: Deadline): void;
  /** How many deadlines are pending. */
  readonly size: number;
}

class Entry implements Deadline {
  constructor(
    readonly at: number,
    readonly target: Expirable,
  ) {}
}

const MAX_DELAY_MS = 2 ** 31 - 1;

/** A set of deadlines on one timer. */
export function createDeadlines(now: () => number = performance.now.bind(performance)): Deadlines {
  const pending = new Set<Entry>();
  let timer: NodeJS.Timeout | undefined;
  let armedAt = Infinity;
  const arm = (at: number) => {
    if (timer) clearTimeout(timer);
    armedAt = at;
    timer = setTimeout(fire, Math.max(0, Math.min(at - now(), MAX_DELAY_MS)));
    if (pending.size === 0) timer.unref();
  };
  const fire = () => {
    timer = undefined;
    armedAt = Infinity;
    const t = now();
    const due: Entry[] = [];
    let next = Infinity;
    for (const entry of pending) {
      if (entry.at <= t) due.push(entry);
      else if (entry.at < next) next = entry.at;
    }
    due.sort((a, b) => a.at - b.at);
    for (const entry of due) pending.delete(entry);
    if (next !== Infinity) arm(next);
    for (const entry of due) entry.target.expire();
  };
  return {
    add(ms, target, since = now()) {
      const entry = new Entry(since + Math.min(ms, MAX_DELAY_MS), target);
      pending.add(entry);
      if (entry.at < armedAt) arm(entry.at);
      else if (pending.size === 1) timer?.ref();
      return entry;
    },
    cancel(deadline) {
      if (pending.delete(deadline as Entry) && pending.size === 0) timer?.unref();
    },
    get size() {
      return pending.size;
    },
    now,
  };
}
