// @ts-check
// The board of a game without its own: the view as labelled sections (never raw JSON) and
// every legal action as a button, grouped by its type and labelled from its fields. Any game
// the engine runs can be played to its end with it, by mouse or keyboard.
import { h, replace, button } from "./dom.js";
import { tag } from "./board-kit.js";

/** Past this many buttons of one type, the rest are counted rather than drawn. */
const MOST_BUTTONS = 120;

/**
 * A field name as words: "hand_sizes" reads "hand sizes".
 * @param {string} key
 */
export function words(key) {
  return key.replace(/[_-]+/g, " ").trim();
}

/**
 * A value that needs no section of its own: a string, a number, a yes/no, nothing.
 * @param {unknown} value
 */
function plain(value) {
  return value === null || value === undefined || typeof value !== "object";
}

/**
 * A plain value as text: nothing is a dash, a yes/no is a word.
 * @param {unknown} value
 */
function plainText(value) {
  if (value === null || value === undefined) return "–";
  if (typeof value === "boolean") return value ? "yes" : "no";
  return String(value);
}

/**
 * A value in one line, for a button: lists joined, objects as "field value" pairs.
 * @param {unknown} value
 * @returns {string}
 */
export function inline(value) {
  if (Array.isArray(value)) return value.map(inline).join(" ");
  if (plain(value)) return plainText(value);
  return Object.entries(/** @type {object} */ (value))
    .map(([key, inner]) => `${words(key)} ${inline(inner)}`)
    .join(", ");
}

/**
 * An action's button label, from its fields other than its type ("group A, side 2"); an
 * action with no other field is named by its type.
 * @param {Record<string, unknown>} action
 */
export function actionLabel(action) {
  const fields = Object.entries(action).filter(([key]) => key !== "type");
  if (!fields.length) return words(String(action.type ?? "move"));
  return fields.map(([key, value]) => `${words(key)} ${inline(value)}`).join(", ");
}

/**
 * Any part of a view drawn readably: a plain value as text, a list of plain values on one
 * line, a list of parts as a numbered list, an object as a list of labelled entries whose
 * nested parts get a heading of their own.
 * @param {unknown} value
 * @param {number} depth how deep in the view (headings go from h3 to h6)
 * @returns {Node | string}
 */
export function showValue(value, depth = 0) {
  if (plain(value)) return plainText(value);
  if (Array.isArray(value)) {
    if (!value.length) return "none";
    if (value.every(plain)) return value.map(plainText).join(", ");
    return h(
      "ol",
      { class: "generic-list" },
      value.map((item) => h("li", {}, showValue(item, depth + 1))),
    );
  }
  const entries = Object.entries(/** @type {object} */ (value));
  const simple = entries.filter(([, inner]) => plain(inner) || (Array.isArray(inner) && inner.every(plain)));
  const nested = entries.filter((entry) => !simple.includes(entry));
  const heading = /** @type {"h3" | "h4" | "h5" | "h6"} */ (`h${Math.min(3 + depth, 6)}`);
  return h(
    "div",
    { class: "generic-object" },
    simple.length
      ? h(
          "dl",
          { class: "generic-fields" },
          simple.map(([key, inner]) => [h("dt", {}, words(key)), h("dd", {}, showValue(inner, depth + 1))]),
        )
      : null,
    nested.map(([key, inner]) =>
      h("section", { class: "generic-section" }, h(heading, {}, words(key)), showValue(inner, depth + 1)),
    ),
  );
}

/**
 * The legal actions grouped by type, in the order the game lists them.
 * @param {Record<string, unknown>[]} legal
 * @returns {Map<string, Record<string, unknown>[]>}
 */
export function byType(legal) {
  const groups = new Map();
  for (const action of legal) {
    const type = String(action.type ?? "move");
    if (!groups.has(type)) groups.set(type, []);
    groups.get(type).push(action);
  }
  return groups;
}

class GenericBoard {
  wantLegal = true;

  /**
   * @param {HTMLElement} root
   * @param {any} ctx
   */
  mount(root, ctx) {
    this.ctx = ctx;
    this.view = h("div", { class: "card generic-view", id: "generic-view" });
    this.actions = h("div", { class: "actionbar generic-actions", id: "generic-actions", role: "group" });
    root.append(h("h3", {}, "Your moves"), this.actions, h("h3", {}, "The table"), this.view);
  }

  /** @param {any} ctx */
  update(ctx) {
    this.ctx = ctx;
    replace(this.view, showValue(ctx.view));
    this.drawActions();
  }

  drawActions() {
    const ctx = this.ctx;
    this.actions.setAttribute("aria-label", "Your moves");
    this.actions.hidden = ctx.readonly || ctx.over;
    if (!ctx.myTurn) {
      replace(this.actions, h("span", {}, "Waiting for the other players."));
      return;
    }
    const groups = byType(ctx.legal || []);
    if (!groups.size) {
      replace(this.actions, h("span", {}, "No move is open to you now."));
      return;
    }
    replace(
      this.actions,
      [...groups].map(([type, actions]) =>
        h(
          "fieldset",
          { class: "generic-group", dataset: { type } },
          h("legend", {}, words(type)),
          actions
            .slice(0, MOST_BUTTONS)
            .map((action) =>
              button(actionLabel(action), () => ctx.act(action, this.actions), { class: "small generic-move" }),
            ),
          actions.length > MOST_BUTTONS ? tag(`and ${actions.length - MOST_BUTTONS} more`) : null,
        ),
      ),
    );
  }
}

/** A fresh generic board for one page: every piece of its state lives in the object. */
export default function createBoard() {
  return new GenericBoard();
}
