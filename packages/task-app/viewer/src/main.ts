/** The viewer's entry: picks the data source (the server's API, or the data an exported report embeds) and renders the view the URL names. */
import type { ExportData } from "../../src/view/export-data.js";
import { alignHeads, h, render, type Child } from "./dom.js";
import { currentRoute, startRouter } from "./router.js";
import { embeddedSource, serverSource, type Source } from "./source.js";
import "./style.css";
import { compareView } from "./views/compare.js";
import { runView } from "./views/run.js";
import { runsView } from "./views/runs.js";
import { sessionView } from "./views/session.js";
import { storedView } from "./views/stored.js";

const embedded = document.getElementById("task-app-data");
const source: Source = embedded ? embeddedSource(JSON.parse(embedded.textContent ?? "{}") as ExportData) : serverSource();
const app = document.getElementById("app")!;
const where = document.getElementById("where")!;
let generation = 0;

async function show(): Promise<void> {
  const mine = ++generation;
  const route = currentRoute();
  const [name, second] = route.params;
  let nodes: Child[] | undefined;
  let title = "task-app view";
  try {
    if (route.name === "runs") {
      nodes = runsView(await source.runs());
      title = "Runs";
    } else if (route.name === "run") {
      const data = await source.run(name!, route.query);
      if (data) nodes = runView(data, route.query);
      title = `Run ${name}`;
    } else if (route.name === "compare") {
      const data = await source.compare(name!, second!, route.query);
      if (data) nodes = compareView(data, route.query);
      title = `Compare ${name} / ${second}`;
    } else if (route.name === "stored") {
      const data = await source.stored(route.query);
      if (data) nodes = storedView(data, (id) => source.has(id));
      title = `Stored sessions of ${data?.group.model ?? "no model"}`;
    } else if (route.name === "session") {
      const data = await source.session(name!);
      if (data) nodes = sessionView(data, source);
      title = `Session ${name}`;
    }
    nodes ??= [h("h1", {}, "Not found"), h("p", {}, source.exported ? "This report does not hold that view (only the exported runs and their sessions)." : "Nothing here: the run or session may not exist.")];
  } catch (error) {
    nodes = [h("h1", {}, "Could not load this view"), h("pre", { class: "text" }, String((error as Error).message ?? error))];
  }
  if (mine !== generation) return;
  document.title = `${title} · task-app view`;
  render(where, source.exported ? "exported report" : "");
  render(app, ...nodes);
  alignHeads(app);
  app.dataset.ready = String(mine);
}

startRouter({ hash: Boolean(embedded), render: () => void show() });
