/**
 * The only way the viewer builds DOM: elements and text nodes. Trace content
 * only ever becomes a text node (or an <img> whose source is checked to be a
 * data:image URL); nothing here parses HTML.
 */
export type Child = Node | string | number | null | undefined | false | Child[];

export interface Props {
  class?: string;
  title?: string;
  id?: string;
  testid?: string;
  type?: string;
  value?: string;
  placeholder?: string;
  name?: string;
  checked?: boolean;
  disabled?: boolean;
  on?: Partial<Record<"click" | "change" | "input" | "submit" | "load" | "error", (event: Event) => void>>;
}

export function h<K extends keyof HTMLElementTagNameMap>(tag: K, props: Props = {}, ...children: Child[]): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  if (props.class) el.className = props.class;
  if (props.title) el.title = props.title;
  if (props.id) el.id = props.id;
  if (props.testid) el.dataset.testid = props.testid;
  if (props.type) el.setAttribute("type", props.type);
  if (props.name) el.setAttribute("name", props.name);
  if (props.placeholder) el.setAttribute("placeholder", props.placeholder);
  if (props.value !== undefined) (el as HTMLInputElement).value = props.value;
  if (props.checked) (el as HTMLInputElement).checked = true;
  if (props.disabled) (el as HTMLButtonElement).disabled = true;
  for (const [name, handler] of Object.entries(props.on ?? {})) el.addEventListener(name, handler as EventListener);
  append(el, children);
  return el;
}

export function append(el: Node, children: Child[]): void {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    if (Array.isArray(child)) append(el, child);
    else el.appendChild(typeof child === "string" || typeof child === "number" ? document.createTextNode(String(child)) : child);
  }
}

const DATA_IMAGE = /^data:image\/(png|jpeg|gif|webp);base64,/;

/**
 * An image from a data:image URL, shown at least 192 px wide (pixelated, so
 * a 64x64 frame stays sharp) inside a button that opens it large in a modal
 * dialog (Escape, the Close button or a click beside it closes it);
 * anything else is shown as text, never fetched.
 */
export function dataImage(url: string, alt: string): Node {
  if (!DATA_IMAGE.test(url)) return h("span", { class: "muted" }, `[image not shown: ${url.slice(0, 60)}]`);
  const button = h("button", { type: "button", class: "image-button", title: "Show larger", on: { click: () => enlarge(url, alt) } }, imageOf(url, alt, "trace-image"));
  button.setAttribute("aria-label", `Show larger: ${alt}`);
  return button;
}

function imageOf(url: string, alt: string, className: string): HTMLImageElement {
  const img = document.createElement("img");
  img.alt = alt;
  img.className = className;
  img.src = url;
  return img;
}

function enlarge(url: string, alt: string): void {
  const dialog = h("dialog", { class: "image-dialog", testid: "image-dialog" }, imageOf(url, alt, "enlarged"));
  dialog.append(h("button", { type: "button", on: { click: () => dialog.close() } }, "Close"));
  dialog.setAttribute("aria-label", alt);
  dialog.addEventListener("click", (event) => event.target === dialog && dialog.close());
  dialog.addEventListener("close", () => dialog.remove());
  document.body.append(dialog);
  dialog.showModal();
}

/** Aligns each header of the tables in `el` as its column's numbers (a header over right-aligned cells gets `num`). */
export function alignHeads(el: Element): void {
  for (const table of el.querySelectorAll("table")) {
    const cells = [...(table.querySelector("tbody tr")?.children ?? [])];
    table.querySelectorAll("thead th").forEach((th, i) => cells[i]?.classList.contains("num") && th.classList.add("num"));
  }
}

/** Replaces the content of `el`. */
export function render(el: Element, ...children: Child[]): void {
  el.replaceChildren();
  append(el, children);
}

export const fmt = (x: number | null | undefined, digits = 3) => (x === null || x === undefined || !Number.isFinite(x) ? "–" : x.toFixed(digits));
export const pct = (x: number | null | undefined) => (x === null || x === undefined ? "–" : `${(x * 100).toFixed(1)}%`);
export const pm = (m: number | null | undefined, se: number | null | undefined) => (m === null || m === undefined ? "–" : `${fmt(m)} ± ${fmt(se ?? 0)}`);
