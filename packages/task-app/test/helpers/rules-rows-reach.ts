/**
 * Rows of the rules about settings that cannot work where the job runs
 * (run by test/rules-reach.test.ts).
 */
import { edit } from "./corpus.js";
import { RL, RL_POLICY, RL_VL, type RowTable } from "./rules-table.js";

const withTaskUrl = (url: string) => edit(RL, ['task_url = "https://task.example.com"', `task_url = "${url}"`]);
const loopback = (url: string, host: string) => ({
  name: `${host} is this machine`,
  kind: "rl" as const,
  toml: withTaskUrl(url),
  expect: [
    {
      at: "task_url = ",
      code: "loopback_task_url",
      text: `warning: services.task_url: task_url "${url}" points at this machine (${host}): a remote trainer cannot reach it; deploy it (task-app deploy apply prints the URL) or try it through a tunnel (task-app serve --tunnel) and use that address`,
    },
  ],
});

const DEPLOY = '[deploy]\nname = "m"\nimage = "a/b:1"\n';

export const REACH_ROWS: RowTable = {
  deploy_env_proto: [
    {
      name: "an env table named __proto__ would be dropped without a word",
      kind: "deploy",
      toml: `${DEPLOY}[deploy.env.__proto__]\nsecret = "s"\nkey = "k"\n`,
      expect: [
        {
          at: "__proto__]",
          code: "deploy_env_proto",
          text: "error: deploy.env.__proto__: __proto__ cannot be an environment variable name here (a settings table cannot hold the key); read the value under another name",
        },
      ],
    },
    { name: "any other name is kept", kind: "deploy", toml: `${DEPLOY}[deploy.env.PROTO]\nsecret = "s"\nkey = "k"\n`, expect: [] },
  ],
  loopback_task_url: [
    loopback("http://127.0.0.1:8001", "127.0.0.1"),
    loopback("http://localhost:8765/", "localhost"),
    loopback("http://[::1]:8001", "[::1]"),
    loopback("http://0.0.0.0:8001", "0.0.0.0"),
    loopback("http://127.1.2.3", "127.1.2.3"),
    { name: "a public host is fine", kind: "rl", toml: withTaskUrl("https://my-app.modal.run"), expect: [] },
    { name: "a private network address is left alone", kind: "rl", toml: withTaskUrl("http://10.0.0.5:8001"), expect: [] },
    { name: "a name that merely starts with localhost is not loopback", kind: "rl", toml: withTaskUrl("http://localhost.example.com"), expect: [] },
  ],
  vision_off_on_vision_model: [
    {
      name: "[model] supports_vision = false on Qwen3-VL",
      kind: "rl",
      toml: edit(RL_VL, ['base = "Qwen/Qwen3-VL-4B-Instruct"', 'base = "Qwen/Qwen3-VL-4B-Instruct"\nsupports_vision = false']),
      expect: [
        {
          at: "supports_vision = false",
          code: "vision_off_on_vision_model",
          text: "warning: model.supports_vision: supports_vision = false, but Qwen/Qwen3-VL-4B-Instruct is a Qwen3-VL vision model: the policy will not see images and no vision settings are filled in; remove the key to train with vision",
        },
      ],
    },
    {
      name: "[training] supports_vision = false on a Qwen3-VL [policy]",
      kind: "rl",
      toml: `${edit(RL_POLICY, ['model_name = "Qwen/Qwen3-4B"', 'model_name = "Qwen/Qwen3-VL-8B-Thinking"'])}`.replace("[training]\n", "[training]\nsupports_vision = false\n"),
      expect: [
        {
          at: "supports_vision = false",
          code: "vision_off_on_vision_model",
          text: "warning: training.supports_vision: supports_vision = false, but Qwen/Qwen3-VL-8B-Thinking is a Qwen3-VL vision model: the policy will not see images and no vision settings are filled in; remove the key to train with vision",
        },
      ],
    },
    {
      name: "supports_vision = false on a text model says nothing",
      kind: "rl",
      toml: edit(RL, ['base = "Qwen/Qwen3-4B"', 'base = "Qwen/Qwen3-4B"\nsupports_vision = false']),
      expect: [],
    },
  ],
};
