/**
 * Debian's Chromium driven by playwright-core (never a downloaded browser),
 * with every request that leaves 127.0.0.1 refused and recorded, console
 * errors, page errors and dialogs recorded, so a test can assert that none
 * happened.
 */
import { existsSync } from "node:fs";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";

export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
export const hasChromium = existsSync(CHROMIUM);

export async function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
  });
}

export interface WatchedPage {
  page: Page;
  context: BrowserContext;
  /** Requests refused because they would have left the machine. */
  refused: string[];
  consoleErrors: string[];
  pageErrors: string[];
  dialogs: string[];
}

/** A page whose requests may only go to 127.0.0.1 (and data: / file: URLs when `allowFile`). */
export async function watchedPage(browser: Browser, options: { allowFile?: boolean; offline?: boolean } = {}): Promise<WatchedPage> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, ...(options.offline ? { offline: true } : {}) });
  const page = await context.newPage();
  const watched: WatchedPage = { page, context, refused: [], consoleErrors: [], pageErrors: [], dialogs: [] };
  await context.route("**/*", (route) => {
    const url = new URL(route.request().url());
    const local = url.hostname === "127.0.0.1" || url.protocol === "data:" || (options.allowFile && url.protocol === "file:");
    if (local) return route.continue();
    watched.refused.push(route.request().url());
    return route.abort("blockedbyclient");
  });
  page.on("console", (msg) => {
    if (msg.type() === "error") watched.consoleErrors.push(msg.text());
  });
  page.on("pageerror", (error) => watched.pageErrors.push(String(error)));
  page.on("dialog", (dialog) => {
    watched.dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  return watched;
}
