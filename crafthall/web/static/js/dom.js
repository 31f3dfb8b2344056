// @ts-check
// Building the page without ever parsing text as HTML: every string becomes a text node.
const SVG_NS = "http://www.w3.org/2000/svg";

/**
 * The attributes of h() and s(): ``class`` (a string or a list, falsy entries left out),
 * ``on...`` listeners, ``style`` (custom properties too), ``dataset``, the live properties
 * ``value``, ``checked``, ``disabled``, ``selected``; null, undefined and false leave one out.
 * @typedef {Record<string, any> | null | undefined} Attrs
 */

/**
 * A child of h() and s(): a node, or text; lists (of kids) are flattened; null, undefined and
 * false are skipped.
 * @typedef {Node | string | number | boolean | null | undefined | readonly unknown[]} Kid
 */

/**
 * @param {HTMLElement | SVGElement} el
 * @param {Attrs} attrs
 */
function setAttrs(el, attrs) {
  const any = /** @type {any} */ (el);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "class") el.setAttribute("class", Array.isArray(value) ? value.filter(Boolean).join(" ") : value);
    else if (key.startsWith("on") && typeof value === "function") el.addEventListener(key.slice(2), value);
    else if (key === "style" && typeof value === "object") {
      for (const [prop, v] of Object.entries(value)) {
        if (prop.startsWith("--")) el.style.setProperty(prop, v);
        else any.style[prop] = v;
      }
    }
    else if (key === "dataset") Object.assign(el.dataset, value);
    else if (key === "value" && "value" in el) any.value = value;
    else if (key === "checked" || key === "disabled" || key === "selected") any[key] = Boolean(value);
    else el.setAttribute(key, value === true ? "" : String(value));
  }
}

/**
 * @template {Element} E
 * @param {E} el
 * @param {...Kid} kids
 * @returns {E}
 */
export function append(el, ...kids) {
  for (const kid of kids.flat(Infinity)) {
    if (kid === null || kid === undefined || kid === false) continue;
    el.append(kid instanceof Node ? kid : document.createTextNode(String(kid)));
  }
  return el;
}

/**
 * An HTML element: h("p", {class: "x"}, "text", child, ...). Strings are always text.
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag
 * @param {Attrs} [attrs]
 * @param {...Kid} kids
 * @returns {HTMLElementTagNameMap[K]}
 */
export function h(tag, attrs, ...kids) {
  const el = document.createElement(tag);
  setAttrs(el, attrs);
  return append(el, ...kids);
}

/**
 * An SVG element, the same way.
 * @param {string} tag
 * @param {Attrs} [attrs]
 * @param {...Kid} kids
 * @returns {SVGElement}
 */
export function s(tag, attrs, ...kids) {
  const el = /** @type {SVGElement} */ (document.createElementNS(SVG_NS, tag));
  setAttrs(el, attrs);
  return append(el, ...kids);
}

/**
 * @template {Element} E
 * @param {E} el
 * @returns {E}
 */
export function clear(el) {
  while (el.firstChild) el.firstChild.remove();
  return el;
}

/**
 * The element's children replaced by ``kids``.
 * @template {Element} E
 * @param {E} el
 * @param {...Kid} kids
 * @returns {E}
 */
export function replace(el, ...kids) {
  clear(el);
  return append(el, ...kids);
}

/** Seat colours, each with a symbol so that no colour is the only clue. */
export const SEATS = [
  // Dark enough for white text (a contrast of 4.5:1 at least).
  { colour: "#c2410c", symbol: "▲", name: "orange" },
  { colour: "#1971c2", symbol: "●", name: "blue" },
  { colour: "#237032", symbol: "■", name: "green" },
  { colour: "#ae3ec9", symbol: "◆", name: "purple" },
  { colour: "#495057", symbol: "★", name: "grey" },
  { colour: "#c2255c", symbol: "✚", name: "pink" },
];

/** @param {number} seat */
export function seatStyle(seat) {
  return SEATS[seat % SEATS.length];
}

/**
 * A refusal or failure's sentence, read out at once.
 * @param {string} message
 */
export function refusalNote(message) {
  return h("p", { class: "refusal", role: "alert" }, message);
}

/**
 * A page that cannot be shown: what it is, why (the server's sentence), and the way back.
 * @param {string} title
 * @param {string} message
 */
export function failurePanel(title, message) {
  return h("section", { class: "panel" },
    h("h1", {}, title), refusalNote(message), h("a", { href: "/" }, "Back to the lobby"));
}

/**
 * A small chip naming a seat: its symbol in its colour, and the name.
 * @param {number} seat
 * @param {Kid} name
 * @param {{class?: string}} [extra]
 */
export function seatChip(seat, name, extra = {}) {
  const st = seatStyle(seat);
  const title = typeof name === "string" ? name : null;
  return h("span", { class: ["seat-chip", extra.class], style: { "--seat": st.colour }, title },
    h("span", { class: "seat-sym", "aria-hidden": "true" }, st.symbol), " ", name);
}

/**
 * A marker for one seat (a cube, a claim): the seat's symbol on its colour.
 * @param {number} seat
 * @param {number | null} [count]
 */
export function seatMark(seat, count = null) {
  const st = seatStyle(seat);
  return h("span", { class: "seat-mark", style: { "--seat": st.colour }, title: `seat ${seat + 1}` },
    st.symbol, count === null ? null : String(count));
}

// Small icons drawn inline: emoji such as ✋ ⏮ ⏭ are empty boxes on a system without an emoji font.
const ICONS = {
  stop: "M7 3h2v7h1V2h2v8h1V4h2v9c0 3-2 5-5 5s-5-2-6-4l-2-4 1.5-.7L7 11z",
  first: "M3 3h2v12H3zM16 3v12L6 9z",
  last: "M13 3h2v12h-2zM2 3v12l10-6z",
  timer: "M7 1h4v2H7zM9 4a6 6 0 1 1 0 12A6 6 0 0 1 9 4zm0 2v4.5l3 1.8.8-1.3L10.5 9.7V6z",
};

/**
 * An inline icon; with a label, an image of its own, else hidden from screen readers.
 * @param {keyof typeof ICONS} name
 * @param {string | null} [label]
 */
export function icon(name, label = null) {
  const named = label ? { role: "img", "aria-label": label } : { "aria-hidden": "true" };
  return s("svg", { class: "icon", viewBox: "0 0 18 18", width: "1em", height: "1em", ...named },
    s("path", { d: ICONS[name], fill: "currentColor" }));
}

/**
 * @param {Kid} label
 * @param {(event: MouseEvent & {currentTarget: HTMLButtonElement}) => unknown} onclick
 * @param {Attrs} [attrs]
 */
export function button(label, onclick, attrs = {}) {
  return h("button", { type: "button", ...attrs, onclick }, label);
}

/**
 * The possessive of a player's name, as the game's sentences say it (crafthall.engine.grammar):
 * "Ann's", but "Your" for a player named You (the name a lone player against bots gets).
 * @param {string} name
 */
export function whose(name) {
  const you = name.trim();
  if (you.toLowerCase() !== "you") return `${name}'s`;
  return you + (you === you.toUpperCase() ? "R" : "r");
}

/**
 * "1 move", "2 moves".
 * @param {number} n
 * @param {string} word
 * @param {string} [many]
 */
export function plural(n, word, many = `${word}s`) {
  return `${n} ${n === 1 ? word : many}`;
}

// How fair a table's shuffle is: a prepared table (its creator chose the seed or set-up) is
// marked before anyone joins; a normal one keeps the hash of its seed, and the seed at the end,
// one click away under "Fair shuffle" (most players never open it).
export const PREPARED_TEXT = "Prepared table: its creator chose the shuffle or the set-up, and may know every card."
  + " Fine for puzzles and teaching; not a fair game.";

/** The commitments whose "Fair shuffle" the player opened: the note is drawn again at every update. */
const openFairness = new Set();

/**
 * @param {{prepared?: boolean, commitment?: string, seed?: number, salt?: string}} table
 * @returns {HTMLElement | null}
 */
export function fairnessNote(table) {
  if (table.prepared) return h("p", { class: "prepared-mark", role: "note" }, PREPARED_TEXT);
  if (!table.commitment) return null;
  const revealed = table.seed !== undefined
    ? ` Revealed: seed ${table.seed}, salt ${table.salt}; check the record with "crafthall verify".`
    : " The seed is revealed when the game ends.";
  const commitment = table.commitment;
  /** @param {Event} e */
  const toggled = (e) => {
    if (/** @type {HTMLDetailsElement} */ (e.currentTarget).open) openFairness.add(commitment);
    else openFairness.delete(commitment);
  };
  return h("details", { class: "hint fairness", open: openFairness.has(commitment), ontoggle: toggled },
    h("summary", {}, "Fair shuffle"),
    h("p", {}, "The shuffle (cards, tiles, dice) was fixed before the first move, and this"
      + " fingerprint of it shown (SHA-256): ", h("code", { title: table.commitment },
      table.commitment.slice(0, 16) + "…"), revealed));
}

/**
 * A table's `hints` setting in words (null: the server's default, hints only against bots).
 * @param {boolean | null | undefined} hints
 */
export function hintsText(hints) {
  if (hints === true) return "hints on";
  if (hints === false) return "hints off";
  return "hints only against bots";
}

/**
 * How long a bot thought about a move, as the terminal says it too: "casual bot thought 0.4 s".
 * @param {string} level
 * @param {number} ms
 */
export function thoughtText(level, ms) {
  return `${level} bot thought ${ms < 50 ? "under 0.1 s" : `${(ms / 1000).toFixed(1)} s`}`;
}
