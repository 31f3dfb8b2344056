// @ts-check
// Pieces every board shares, whether a game's own (/games/<name>/board.js) or the generic one:
// they import them from here by absolute URL, as they may import nothing of another game's.
import { h, seatMark } from "./dom.js";

export { showRefusal } from "./refusals.js";

/**
 * A small label of the board's status line ("Round 2 of 3"); `kind` adds "big" or "warn".
 * @param {any} text
 * @param {string} [kind]
 */
export function tag(text, kind = "") {
  return h("span", { class: ["tag", kind] }, text);
}

/**
 * The heading of a player's own area (a sheet, a sword, a wizard): their mark and name.
 * @param {number} seat
 * @param {string} name
 */
export function playerHeading(seat, name) {
  return [seatMark(seat), " ", h("strong", {}, name)];
}

/**
 * A text box for a word: no autocompletion nor spell check, which would give words away.
 * @param {string} id
 * @param {string} label what a screen reader announces
 * @param {string} placeholder
 * @param {number} [maxlength]
 */
export function wordInput(id, label, placeholder, maxlength = 30) {
  return /** @type {HTMLInputElement} */ (
    h("input", {
      type: "text",
      id,
      "aria-label": label,
      placeholder,
      autocomplete: "off",
      spellcheck: "false",
      maxlength,
    })
  );
}

/**
 * A board's bar of controls as a form: Enter in its text box submits it, as its main button does.
 * @param {string} id
 * @param {() => void} submit what Enter does (claim the word, play it)
 * @param {...any} kids the bar's controls
 */
export function actionForm(id, submit, ...kids) {
  const onsubmit = (/** @type {Event} */ event) => {
    event.preventDefault();
    submit();
  };
  return h("form", { class: "actionbar", id, onsubmit }, ...kids);
}

/**
 * The game's component facts (its components.json) the page handed the board, or a sentence
 * saying what is missing: a board that needs them cannot draw without.
 * @param {{components?: any}} ctx
 * @returns {any}
 */
export function components(ctx) {
  if (!ctx.components) throw new Error("This board needs its game's components.json, and the page gave none.");
  return ctx.components;
}

/**
 * Arrow keys over a board's places (cells, corners, letters, cards): one of them is in the Tab
 * order at a time (a roving tabindex), the arrows move the focus to the nearest place in that
 * direction as drawn on the screen, Home and End to the first and last, and Enter or Space
 * clicks the focused place. Call it again after each redraw: the focus stays on the place of
 * the same `data-key`, or the first. Works for any layout, since it reads where places are drawn.
 * @param {HTMLElement} container
 * @param {string} selector the places, e.g. ".eg-cell"; each needs a `data-key`
 * @returns {HTMLElement[]} the places, in document order
 */
export function rovingFocus(container, selector) {
  const places = /** @type {HTMLElement[]} */ ([...container.querySelectorAll(selector)]);
  const kept = container.dataset.focusKey;
  const current = places.find((p) => p.dataset.key === kept) || places[0];
  for (const place of places) place.tabIndex = place === current ? 0 : -1;
  if (!container.dataset.roving) {
    container.dataset.roving = "1";
    container.addEventListener("keydown", (event) => moveFocus(container, selector, event));
    container.addEventListener("focusin", (event) => {
      const place = /** @type {HTMLElement} */ (event.target).closest(selector);
      if (place instanceof HTMLElement && place.dataset.key) container.dataset.focusKey = place.dataset.key;
    });
  }
  return places;
}

const DIRECTIONS = /** @type {Record<string, [number, number]>} */ ({
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
});

/**
 * @param {HTMLElement} container
 * @param {string} selector
 * @param {KeyboardEvent} event
 */
function moveFocus(container, selector, event) {
  const from = /** @type {HTMLElement} */ (event.target);
  if (!(from instanceof HTMLElement) || !from.matches(selector)) return;
  const places = /** @type {HTMLElement[]} */ ([...container.querySelectorAll(selector)]);
  let to = null;
  if (event.key === "Enter" || event.key === " ") {
    event.preventDefault();
    from.click();
    return;
  }
  if (event.key === "Home") to = places[0];
  else if (event.key === "End") to = places[places.length - 1];
  else if (DIRECTIONS[event.key]) to = nearest(from, places, DIRECTIONS[event.key]);
  else return;
  event.preventDefault();
  if (!to) return;
  from.tabIndex = -1;
  to.tabIndex = 0;
  to.focus();
}

/**
 * The place nearest `from` in direction `[dx, dy]`, as drawn: ahead of it, closest first, with
 * a sideways step counting double so that the arrows follow rows and columns.
 * @param {HTMLElement} from
 * @param {HTMLElement[]} places
 * @param {[number, number]} direction
 */
function nearest(from, places, [dx, dy]) {
  const centre = (/** @type {HTMLElement} */ el) => {
    const r = el.getBoundingClientRect();
    return [r.left + r.width / 2, r.top + r.height / 2];
  };
  const [x0, y0] = centre(from);
  let best = null;
  let bestCost = Infinity;
  for (const place of places) {
    if (place === from) continue;
    const [x, y] = centre(place);
    const ahead = (x - x0) * dx + (y - y0) * dy;
    if (ahead <= 1) continue;
    const aside = Math.abs((x - x0) * dy) + Math.abs((y - y0) * dx);
    const cost = ahead + 2 * aside;
    if (cost < bestCost) [best, bestCost] = [place, cost];
  }
  return best;
}

/**
 * Mark the places a selected piece may go (from the game's legal actions, never restated
 * rules): each gets the class `target` and says so to a screen reader; the rest lose it.
 * @param {HTMLElement[]} places
 * @param {Set<string>} keys the `data-key`s of the targets
 */
export function markTargets(places, keys) {
  for (const place of places) {
    const on = keys.has(place.dataset.key || "");
    place.classList.toggle("target", on);
    if (on) place.setAttribute("aria-description", "a place you may play to");
    else place.removeAttribute("aria-description");
  }
}
