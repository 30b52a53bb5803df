/**
 * Settings that validate but cannot work where the job runs: a task app URL
 * only this machine can reach, and vision turned off on a vision-only model.
 */
import { isQwen3VL, rlModelOf } from "../models.js";
import { defineRule, tableAt, type RuleHit } from "./types.js";

/** Hosts that name this machine only. */
const LOOPBACK = /^(localhost|127(?:\.\d{1,3}){3}|0\.0\.0\.0|\[(?:::1|0:0:0:0:0:0:0:1|::)\])$/i;

/** The host of an http(s) URL, lower-cased, or undefined when it does not parse. */
function hostOf(url: string): string | undefined {
  try {
    return new URL(url).hostname.toLowerCase();
  } catch {
    return undefined;
  }
}

export const loopbackTaskUrl = defineRule({
  code: "loopback_task_url",
  kinds: ["rl"],
  severity: "warning",
  summary: "services.task_url on 127.0.0.1, localhost, ::1 or 0.0.0.0 only works for a trainer on this machine; a remote trainer cannot reach it.",
  check(doc) {
    const url = tableAt(doc, "services")?.task_url;
    if (typeof url !== "string") return [];
    const host = hostOf(url);
    if (!host || !LOOPBACK.test(host)) return [];
    return [
      {
        path: ["services", "task_url"],
        message: `task_url ${JSON.stringify(url)} points at this machine (${host}): a remote trainer cannot reach it; deploy it (task-app deploy apply prints the URL) or try it through a tunnel (task-app serve --tunnel) and use that address`,
      },
    ];
  },
});

export const visionOffOnVisionModel = defineRule({
  code: "vision_off_on_vision_model",
  kinds: ["rl"],
  severity: "warning",
  summary: "supports_vision = false on a Qwen3-VL model: no vision settings are filled in and images are not sent; say so explicitly or drop the key.",
  check(doc) {
    const model = rlModelOf(doc);
    if (!model || !isQwen3VL(model.id)) return [];
    const hits: RuleHit[] = [];
    for (const section of [model.section, "training"]) {
      if (tableAt(doc, section)?.supports_vision === false)
        hits.push({
          path: [section, "supports_vision"],
          message: `supports_vision = false, but ${model.id} is a Qwen3-VL vision model: the policy will not see images and no vision settings are filled in; remove the key to train with vision`,
        });
    }
    return hits;
  },
});
