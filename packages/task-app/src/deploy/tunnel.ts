/**
 * `serve --tunnel`: a public URL for trying an app without a cluster, from
 * a cloudflared quick tunnel (`cloudflared tunnel --url http://127.0.0.1:<port>`).
 * The URL cloudflared prints is parsed and must be a quick tunnel's
 * (`https://<name>.trycloudflare.com`), then it is checked with the probes
 * `task-app check` runs before it is shown as usable.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { accessSync, constants } from "node:fs";
import { delimiter, join } from "node:path";
import { checkTaskApp, type CheckReport } from "../check/index.js";
import { escapeTerminal } from "../text/terminal.js";

/** The tunnel cannot start: the words to show and the exit code. */
export class TunnelError extends Error {
  override name = "TunnelError";
  constructor(
    message: string,
    readonly code = 1,
  ) {
    super(message);
  }
}

/** Where cloudflared comes from. */
export const CLOUDFLARED_DOWNLOADS = "https://developers.cloudflare.com/cloudflare-one/connections/connect-networks/downloads/";

/** The absolute path of an executable `name` on PATH, or undefined. */
export function findOnPath(name: string, env: NodeJS.ProcessEnv = process.env): string | undefined {
  for (const dir of (env.PATH ?? "").split(delimiter).filter(Boolean)) {
    const candidate = join(dir, name);
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  return undefined;
}

/** The domain of cloudflared's quick tunnels: their public URL is `https://<name>.trycloudflare.com`. */
export const QUICK_TUNNEL_DOMAIN = "trycloudflare.com";

/**
 * The origin of a tunnel URL cloudflared printed, when it is a quick
 * tunnel's: `https:` on a name under trycloudflare.com, with no port, user or
 * path. Anything else (plain `http:`, another host, a look-alike such as
 * `trycloudflare.com.example.net`) is a TunnelError: the check probes carry
 * the key, and a URL the banner names is no proof that cloudflared printed it.
 */
export function acceptTunnelUrl(printed: string): string {
  let url: URL | undefined;
  try {
    url = new URL(printed);
  } catch {
    url = undefined;
  }
  const name = url?.hostname.toLowerCase() ?? "";
  const ok =
    url?.protocol === "https:" &&
    name.endsWith(`.${QUICK_TUNNEL_DOMAIN}`) &&
    /^[a-z0-9-]+$/.test(name.slice(0, -QUICK_TUNNEL_DOMAIN.length - 1)) &&
    url.port === "" &&
    url.username === "" &&
    url.password === "" &&
    (url.pathname === "/" || url.pathname === "") &&
    url.search === "" &&
    url.hash === "";
  if (!ok || !url)
    throw new TunnelError(
      `cloudflared printed ${JSON.stringify(escapeTerminal(printed))} as the tunnel's URL, not https://<name>.${QUICK_TUNNEL_DOMAIN}: nothing is sent to it (the key included) and no public URL is shown; check that the cloudflared on PATH is Cloudflare's`,
    );
  return url.origin;
}

/** The public URL in cloudflared's output: the line after "Your quick Tunnel has been created", or any trycloudflare.com URL. */
export function parseTunnelUrl(output: string): string | undefined {
  const after = output.split(/Your quick Tunnel has been created[^\n]*\n/)[1];
  const boxed = after ? /(https?:\/\/[^\s|]+)/.exec(after)?.[1] : undefined;
  return boxed ?? /(https:\/\/[a-z0-9-]+\.trycloudflare\.com)/.exec(output)?.[1];
}

/** cloudflared's last three lines, escaped for a terminal. */
const lastWords = (output: string) => escapeTerminal(output.trim().split("\n").slice(-3).join(" | "));

/** A running tunnel. */
export interface QuickTunnel {
  url: string;
  child: ChildProcess;
  close(): Promise<void>;
}

/** Checks cloudflared is on PATH; throws TunnelError (exit 2) when it is not. */
export function requireCloudflared(env: NodeJS.ProcessEnv = process.env): string {
  const binary = findOnPath("cloudflared", env);
  if (!binary) throw new TunnelError(`--tunnel needs cloudflared on PATH (not found in PATH): install it (${CLOUDFLARED_DOWNLOADS}) or serve without --tunnel`, 2);
  return binary;
}

/** Starts `cloudflared tunnel --url <localUrl>` and resolves with the public URL it prints. */
export function startQuickTunnel(localUrl: string, options: { env?: NodeJS.ProcessEnv; timeoutMs?: number } = {}): Promise<QuickTunnel> {
  const binary = requireCloudflared(options.env);
  const child = spawn(binary, ["tunnel", "--no-autoupdate", "--url", localUrl], { stdio: ["ignore", "pipe", "pipe"], env: options.env ?? process.env });
  let output = "";
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const close = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
    await exited;
  };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      void close();
      reject(new TunnelError(`cloudflared printed no tunnel URL within ${Math.round((options.timeoutMs ?? 60_000) / 1000)} s; its last words: ${lastWords(output)}`));
    }, options.timeoutMs ?? 60_000);
    let found = false;
    const onData = (chunk: Buffer) => {
      output = (output + chunk.toString("utf8")).slice(-64 * 1024);
      // Whole lines only: a URL cut between two chunks is not the URL.
      const url = found ? undefined : parseTunnelUrl(output.slice(0, output.lastIndexOf("\n") + 1));
      if (!url) return;
      found = true;
      clearTimeout(timer);
      try {
        resolve({ url: acceptTunnelUrl(url), child, close });
      } catch (error) {
        void close();
        reject(error as Error);
      }
    };
    child.stdout!.on("data", onData);
    child.stderr!.on("data", onData);
    child.once("error", (error) => {
      clearTimeout(timer);
      reject(new TunnelError(`cannot start cloudflared: ${error.message}`));
    });
    void exited.then(() => {
      clearTimeout(timer);
      reject(new TunnelError(`cloudflared exited (code ${String(child.exitCode ?? child.signalCode)}) before printing a tunnel URL: ${lastWords(output)}`));
    });
  });
}

/** Runs the check probes against the tunnel's URL, waiting up to `waitMs` for it to answer at all (a new tunnel takes a moment). */
export async function verifyTunnel(url: string, apiKey: string, waitMs = 30_000): Promise<CheckReport> {
  const deadline = Date.now() + waitMs;
  for (;;) {
    const report = await checkTaskApp({ url, apiKey, timeoutMs: 10_000 });
    if (!report.stopped?.startsWith("nothing answered") || Date.now() >= deadline) return report;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}
