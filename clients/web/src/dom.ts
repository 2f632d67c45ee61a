/** Small DOM helpers: elements by id, elements and SVG elements from props and children. */

export function $(id: string): HTMLElement {
  const node = document.getElementById(id);
  if (!node) throw new Error(`#${id} is missing from the page`);
  return node;
}

type Props<K extends keyof HTMLElementTagNameMap> = Partial<Omit<HTMLElementTagNameMap[K], "dataset" | "style">> & {
  dataset?: Record<string, string>;
  aria?: Record<string, string>;
};

export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Props<K> = {},
  ...children: (Node | string | undefined | false)[]
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  const { dataset, aria, ...rest } = props;
  Object.assign(node, rest);
  for (const [k, v] of Object.entries(dataset ?? {})) node.dataset[k] = v;
  for (const [k, v] of Object.entries(aria ?? {})) node.setAttribute(`aria-${k}`, v);
  for (const child of children) if (child !== undefined && child !== false) node.append(child);
  return node;
}

/** A button that runs `onClick`; `label` is its visible text. */
export function button(
  label: string,
  onClick: () => void,
  props: Props<"button"> = {},
  ...extra: (Node | string)[]
): HTMLButtonElement {
  const node = el("button", { type: "button", ...props }, label, ...extra);
  node.addEventListener("click", onClick);
  return node;
}

const SVG_NS = "http://www.w3.org/2000/svg";

export function svg(tag: string, attrs: Record<string, string | number> = {}, ...children: (Node | string)[]): SVGElement {
  const node = document.createElementNS(SVG_NS, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  for (const child of children) node.append(child);
  return node;
}

/** Which control had the focus (and the caret), to give it back after a redraw. */
interface Focus {
  id: string;
  key: string;
  selection?: [number, number];
}

function keyOf(node: HTMLElement): string {
  return [node.tagName, node.dataset.card ?? "", node.dataset.call ?? "", node.dataset.action ?? "", node.textContent ?? ""].join("|");
}

export function rememberFocus(): Focus | undefined {
  const active = document.activeElement;
  if (!(active instanceof HTMLElement) || active === document.body) return undefined;
  const focus: Focus = { id: active.id, key: keyOf(active) };
  if (active instanceof HTMLTextAreaElement || active instanceof HTMLInputElement) {
    focus.selection = [active.selectionStart ?? 0, active.selectionEnd ?? 0];
  }
  return focus;
}

export function restoreFocus(focus: Focus | undefined): void {
  if (!focus || document.activeElement !== document.body) return;
  let target: HTMLElement | null = focus.id ? document.getElementById(focus.id) : null;
  if (!target) {
    target = [...$("room").querySelectorAll<HTMLElement>("button, textarea, input")].find((n) => keyOf(n) === focus.key) ?? null;
  }
  if (!target) return;
  target.focus();
  if (focus.selection && (target instanceof HTMLTextAreaElement || target instanceof HTMLInputElement)) {
    target.setSelectionRange(...focus.selection);
  }
}
