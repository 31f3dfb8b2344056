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
