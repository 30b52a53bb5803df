/**
 * The task apps an eval talks to: one, or several replicas sharing the work.
 * Each rollout goes to the healthy replica with the fewest rollouts in
 * flight; a replica that stops answering is health-checked and, when it fails,
 * taken out for the rest of the run. Health probes go through the run's
 * HTTP client (its redirect policy and body cap) and say why a replica
 * failed in `check`'s words: nothing answered, or the key was refused.
 */
import { describeProbeFailure } from "../check/verdict.js";
import { redactUrlCredentials } from "../server/secrets.js";
import type { RolloutClient } from "./http.js";

export interface Replica {
  url: string;
  /** `<url>/rollout`. */
  rolloutUrl: string;
  /** The URL as shown and recorded: credentials redacted. */
  name: string;
  inFlight: number;
  healthy: boolean;
  done: number;
}

/** GET /health with the key: undefined on a 200 within `timeoutMs`, else why not. */
export async function checkHealth(client: RolloutClient, url: string, apiKey: string | undefined, timeoutMs = 5000, name = redactUrlCredentials(url)): Promise<string | undefined> {
  const probe = { method: "GET", path: "/health", status: 0, headers: {}, text: "", json: undefined as unknown, error: undefined as string | undefined };
  try {
    const answer = await client.get(`${url}/health`, apiKey ? { "x-api-key": apiKey } : {}, timeoutMs);
    probe.status = answer.status;
    try {
      probe.json = JSON.parse(answer.text);
    } catch {
      // not JSON: only the status counts
    }
  } catch (error) {
    const { code, status } = error as { code?: string; status?: number };
    if (code === "REDIRECT_REFUSED" || code === "RESPONSE_TOO_LARGE") {
      probe.status = status ?? 200;
      probe.error = (error as Error).message;
    } else probe.error = code === "ETIMEDOUT" ? `no answer within ${timeoutMs / 1000}s` : (code ?? (error as Error).message);
  }
  return describeProbeFailure(name, probe);
}

export class ReplicaPool {
  readonly replicas: Replica[];
  private checking = new Map<Replica, Promise<string | undefined>>();

  /** Why each replica out of the run failed its last health check. */
  readonly reasons = new Map<Replica, string>();

  constructor(
    urls: readonly string[],
    private readonly client: RolloutClient,
    private readonly apiKey: string | undefined,
    private readonly onRemoved: (replica: Replica) => void = () => {},
  ) {
    this.replicas = urls.map((url) => ({ url, rolloutUrl: `${url}/rollout`, name: redactUrlCredentials(url), inFlight: 0, healthy: true, done: 0 }));
  }

  /** Health-checks every replica; those that fail are out. Returns the healthy ones. */
  async checkAll(): Promise<Replica[]> {
    await Promise.all(
      this.replicas.map(async (r) => {
        const reason = await checkHealth(this.client, r.url, this.apiKey, 5000, r.name);
        r.healthy = reason === undefined;
        if (reason !== undefined) this.reasons.set(r, reason);
      }),
    );
    return this.healthy();
  }

  healthy(): Replica[] {
    return this.replicas.filter((r) => r.healthy);
  }

  /** Whether any replica is still in the run (what `healthy().length` says, without the array). */
  anyHealthy(): boolean {
    return this.replicas.some((r) => r.healthy);
  }

  /** The healthy replica with the fewest rollouts in flight (ties: the one that did fewer), or undefined when none is left. `exclude` only when another is healthy. */
  pick(exclude?: Replica): Replica | undefined {
    // Called once per rollout: a scan, no arrays.
    let best: Replica | undefined;
    for (const r of this.replicas) if (r.healthy && r !== exclude && (!best || r.inFlight < best.inFlight || (r.inFlight === best.inFlight && r.done < best.done))) best = r;
    return best ?? (exclude?.healthy ? exclude : undefined);
  }

  /** After a connection failure: checks the replica once (concurrent callers share the check) and takes it out when it fails. */
  async suspect(replica: Replica): Promise<void> {
    if (!replica.healthy) return;
    let check = this.checking.get(replica);
    if (!check) {
      check = checkHealth(this.client, replica.url, this.apiKey, 2000, replica.name);
      this.checking.set(replica, check);
    }
    const reason = await check;
    this.checking.delete(replica);
    if (reason !== undefined && replica.healthy) {
      this.reasons.set(replica, reason);
      replica.healthy = false;
      this.onRemoved(replica);
    }
  }
}
