/** Rules of deploy.toml that the schema cannot state. */
import { defineRule, tableAt } from "./types.js";

/**
 * `[deploy.env.__proto__]`: a valid environment variable name that no
 * JavaScript object can hold as an ordinary key, so the schema's record
 * would drop it without a word and the pod would start without it.
 */
export const deployEnvProto = defineRule({
  code: "deploy_env_proto",
  kinds: ["deploy"],
  severity: "error",
  summary: "[deploy.env.__proto__] cannot be kept (a settings table cannot hold the key __proto__); the variable would be dropped without a word.",
  check(doc) {
    const env = tableAt(doc, "deploy", "env");
    if (!env || !Object.hasOwn(env, "__proto__")) return [];
    return [{ path: ["deploy", "env", "__proto__"], message: "__proto__ cannot be an environment variable name here (a settings table cannot hold the key); read the value under another name" }];
  },
});
