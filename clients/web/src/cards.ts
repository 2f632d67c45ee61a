/**
 * Card faces as SVG, for every game: a symbol, the card's name and its colour's word, so a
 * card reads without colour (colour-blind safe) and without letters standing for names (no
 * "B" for Bear, Bison and Bow). Each hue has a pattern as well as a colour (Okabe–Ito
 * palette, told apart by the common colour blindnesses), and the text is dark ink on a light
 * face (WCAG AA contrast).
 */

import { svg } from "./dom.js";

/** The hues card faces use (the CSS custom properties `--hue-<name>` hold the same). */
export const HUES = {
  red: { fill: "#D55E00", tint: "#FBE3D3", pattern: "stripes" },
  blue: { fill: "#0072B2", tint: "#D6EAF6", pattern: "dots" },
  violet: { fill: "#9F4A96", tint: "#F1DDEF", pattern: "waves" },
  white: { fill: "#6B6B6B", tint: "#FFFFFF", pattern: "plain" },
  green: { fill: "#007A5A", tint: "#D2F0E6", pattern: "cross" },
  yellow: { fill: "#B59B00", tint: "#FBF5C4", pattern: "checks" },
  orange: { fill: "#C47F00", tint: "#FCEBC9", pattern: "zigzag" },
  sky: { fill: "#2C89C4", tint: "#DDF0FB", pattern: "rings" },
  black: { fill: "#1B1B1B", tint: "#E4E4E4", pattern: "solid" },
  brown: { fill: "#8B5A2B", tint: "#EFE0D0", pattern: "bricks" },
  none: { fill: "#444444", tint: "#F6F2E8", pattern: "plain" },
} as const;

export type Hue = keyof typeof HUES;

/** What a face shows. */
export interface Face {
  /** The big symbol in the middle (one or two characters DejaVu Sans draws). */
  readonly symbol: string;
  /** The card's name, written out. */
  readonly title: string;
  /** A second line: the colour's word, a need, a power. */
  readonly subtitle?: string;
  /** Top-left corner: a value or points ("7", "+2"). */
  readonly corner?: string;
  /** Top-right corner: crowns, a mark. */
  readonly mark?: string;
  readonly hue: Hue;
  /** What a screen reader says for the whole card. */
  readonly label: string;
  /** The tooltip (the face's <title>): what the card does, from the game's catalogue;
   * the label when absent. */
  readonly tip?: string | undefined;
}

const W = 84;
const H = 120;

/** Pattern tiles (defined once per page by {@link patternDefs}). */
function patternTile(name: string, colour: string): SVGElement {
  const p = svg("pattern", { id: `pat-${name}`, width: 8, height: 8, patternUnits: "userSpaceOnUse" });
  const stroke = { stroke: colour, "stroke-width": 2, fill: "none" };
  switch (name) {
    case "stripes":
      p.append(svg("path", { d: "M-2,10 L10,-2 M-2,2 L2,-2 M6,10 L10,6", ...stroke }));
      break;
    case "dots":
      p.append(svg("circle", { cx: 4, cy: 4, r: 2, fill: colour }));
      break;
    case "waves":
      p.append(svg("path", { d: "M0,4 Q2,0 4,4 T8,4", ...stroke }));
      break;
    case "cross":
      p.append(svg("path", { d: "M4,0 V8 M0,4 H8", ...stroke, "stroke-width": 1.5 }));
      break;
    case "checks":
      p.append(svg("rect", { x: 0, y: 0, width: 4, height: 4, fill: colour }), svg("rect", { x: 4, y: 4, width: 4, height: 4, fill: colour }));
      break;
    case "zigzag":
      p.append(svg("path", { d: "M0,6 L2,2 L4,6 L6,2 L8,6", ...stroke, "stroke-width": 1.5 }));
      break;
    case "rings":
      p.append(svg("circle", { cx: 4, cy: 4, r: 2.5, ...stroke, "stroke-width": 1.2 }));
      break;
    case "bricks":
      p.append(svg("path", { d: "M0,0.5 H8 M0,4.5 H8 M2,0 V4 M6,4 V8", ...stroke, "stroke-width": 1.2 }));
      break;
    case "solid":
      p.append(svg("rect", { x: 0, y: 0, width: 8, height: 8, fill: colour }));
      break;
    default:
      break;
  }
  return p;
}

/** One hidden <svg> with every hue's pattern, put in the page once. */
export function patternDefs(): SVGElement {
  const defs = svg("defs");
  for (const [name, hue] of Object.entries(HUES)) {
    const tile = patternTile(hue.pattern, hue.fill);
    tile.setAttribute("id", `pat-${name}`);
    defs.append(tile);
  }
  return svg("svg", { width: 0, height: 0, "aria-hidden": "true", focusable: "false", style: "position:absolute" }, defs);
}

function fitText(text: string, x: number, y: number, size: number, maxWidth: number, weight = "normal"): SVGElement {
  const node = svg("text", { x, y, "font-size": size, "text-anchor": "middle", "font-weight": weight, fill: "#111" }, text);
  // About 0.55 em per character in DejaVu Sans: squeeze long words instead of cutting them.
  if (text.length * size * 0.55 > maxWidth) {
    node.setAttribute("textLength", String(maxWidth));
    node.setAttribute("lengthAdjust", "spacingAndGlyphs");
  }
  return node;
}

/** A card face as an <svg role="img">. */
export function cardSvg(face: Face): SVGElement {
  const hue = HUES[face.hue];
  const root = svg("svg", {
    class: "card-face",
    viewBox: `0 0 ${W} ${H}`,
    role: "img",
    "aria-label": face.label,
  });
  root.append(
    svg("title", {}, face.tip ?? face.label),
    svg("rect", { x: 1.5, y: 1.5, width: W - 3, height: H - 3, rx: 8, fill: hue.tint, stroke: hue.fill, "stroke-width": 3 }),
    svg("rect", { x: 5, y: 5, width: W - 10, height: 18, rx: 4, fill: `url(#pat-${face.hue})`, stroke: hue.fill, "stroke-width": 1 }),
    svg("circle", { cx: W / 2, cy: 52, r: 22, fill: "#fff", stroke: hue.fill, "stroke-width": 2 }),
    fitText(face.symbol, W / 2, 61, face.symbol.length > 2 ? 16 : 26, 40),
    fitText(face.title, W / 2, 90, 12, W - 10, "bold"),
  );
  if (face.subtitle) root.append(fitText(face.subtitle, W / 2, 106, 10, W - 10));
  if (face.corner) {
    root.append(svg("rect", { x: 4, y: 4, width: 24, height: 20, rx: 4, fill: "#fff", stroke: hue.fill }), fitText(face.corner, 16, 19, 13, 22, "bold"));
  }
  if (face.mark) {
    root.append(svg("rect", { x: W - 34, y: 4, width: 30, height: 20, rx: 4, fill: "#fff", stroke: hue.fill }), fitText(face.mark, W - 19, 19, 11, 28, "bold"));
  }
  return root;
}

/** The back of a card (face down), with a label for screen readers. */
export function cardBack(label: string, mark?: string): SVGElement {
  const root = svg("svg", { class: "card-face back", viewBox: `0 0 ${W} ${H}`, role: "img", "aria-label": label });
  root.append(
    svg("title", {}, label),
    svg("rect", { x: 1.5, y: 1.5, width: W - 3, height: H - 3, rx: 8, fill: "#2F3A56", stroke: "#111", "stroke-width": 3 }),
    svg("rect", { x: 9, y: 9, width: W - 18, height: H - 18, rx: 5, fill: "none", stroke: "#C9D3EE", "stroke-width": 2, "stroke-dasharray": "4 3" }),
  );
  if (mark) root.append(svg("text", { x: W / 2, y: H / 2 + 10, "font-size": 28, "text-anchor": "middle", fill: "#fff", "font-weight": "bold" }, mark));
  return root;
}

/** A gem: a shape per colour (circle, diamond, triangle, square) so no colour stands alone. */
export const GEMS = {
  blue: { hue: "blue", shape: "circle" },
  red: { hue: "red", shape: "diamond" },
  yellow: { hue: "yellow", shape: "triangle" },
  black: { hue: "black", shape: "square" },
} as const;

export type GemColour = keyof typeof GEMS;

export function gemSvg(colour: GemColour, label: string, size = 18): SVGElement {
  const { hue, shape } = GEMS[colour];
  const fill = HUES[hue].fill;
  const root = svg("svg", { class: "gem", viewBox: "0 0 20 20", width: size, height: size, role: "img", "aria-label": label });
  const outline = { fill, stroke: "#000", "stroke-width": 1.2 };
  if (shape === "circle") root.append(svg("circle", { cx: 10, cy: 10, r: 8, ...outline }));
  else if (shape === "diamond") root.append(svg("path", { d: "M10,1 L19,10 L10,19 L1,10 Z", ...outline }));
  else if (shape === "triangle") root.append(svg("path", { d: "M10,1.5 L19,18 L1,18 Z", ...outline }));
  else root.append(svg("rect", { x: 2, y: 2, width: 16, height: 16, ...outline }));
  return root;
}

/** What goes inside a card button: the face for the eyes, the words for screen readers (the
 * button's name is its text, so what is seen and what is said agree). */
export function cardButtonContent(face: SVGElement, words: string): Node[] {
  face.setAttribute("aria-hidden", "true");
  face.removeAttribute("role");
  const text = document.createElement("span");
  text.className = "sr-only";
  text.textContent = words;
  return [face, text];
}
