/**
 * The task apps an eval talks to: one, or several replicas sharing the work.
 * Each rollout goes to the healthy replica with the fewest rollouts in
 * flight; a replica that stops answering is health-checked and, when it fails,
 * taken out for the rest of the run.
 */

export interface Replica {
  url: string;
  inFlight: number;
  healthy: boolean;
  done: number;
}

/** GET /health with the key; true on a 200 within `timeoutMs`. */
export async function checkHealth(url: string, apiKey: string | undefined, timeoutMs = 5000): Promise<boolean> {
  try {
    const res = await fetch(`${url}/health`, { headers: apiKey ? { "x-api-key": apiKey } : {}, signal: AbortSignal.timeout(timeoutMs) });
    await res.arrayBuffer();
    return res.status === 200;
  } catch {
    return false;
  }
}

export class ReplicaPool {
  readonly replicas: Replica[];
  private checking = new Map<Replica, Promise<boolean>>();

  constructor(
    urls: readonly string[],
    private readonly apiKey: string | undefined,
    private readonly onRemoved: (replica: Replica) => void = () => {},
  ) {
    this.replicas = urls.map((url) => ({ url, inFlight: 0, healthy: true, done: 0 }));
  }

  /** Health-checks every replica; those that fail are out. Returns the healthy ones. */
  async checkAll(): Promise<Replica[]> {
    await Promise.all(this.replicas.map(async (r) => (r.healthy = await checkHealth(r.url, this.apiKey))));
    return this.healthy();
  }

  healthy(): Replica[] {
    return this.replicas.filter((r) => r.healthy);
  }

  /** The healthy replica with the fewest rollouts in flight (ties: the one that did fewer), or undefined when none is left. */
  pick(exclude?: Replica): Replica | undefined {
    const candidates = this.healthy().filter((r) => r !== exclude);
    const pool = candidates.length ? candidates : this.healthy();
    return pool.reduce<Replica | undefined>((best, r) => (!best || r.inFlight < best.inFlight || (r.inFlight === best.inFlight && r.done < best.done) ? r : best), undefined);
  }

  /** After a connection failure: checks the replica once (concurrent callers share the check) and takes it out when it fails. */
  async suspect(replica: Replica): Promise<void> {
    if (!replica.healthy) return;
    let check = this.checking.get(replica);
    if (!check) {
      check = checkHealth(replica.url, this.apiKey, 2000);
      this.checking.set(replica, check);
    }
    const ok = await check;
    this.checking.delete(replica);
    if (!ok && replica.healthy) {
      replica.healthy = false;
      this.onRemoved(replica);
    }
  }
}
