// @ts-check
// The create form's options: each of the game's options as an input fitting its JSON schema
// (read back, or refused with what to write), and the options every table has.
import { h } from "./dom.js";

/**
 * What to write in an option's box, after an entry that is not JSON: the example fits the
 * option's type (a number for a timer, a list of lists for teams).
 * @param {string} name
 * @param {any} schema the option's JSON schema
 * @param {boolean} nullableInt
 */
function badOption(name, schema, nullableInt) {
  if (nullableInt) return `Option ${name}: write a whole number, or leave it empty for none.`;
  const list = (schema.anyOf || [schema]).find((/** @type {any} */ t) => t.type === "array");
  const items = list && list.items ? list.items.type : null;
  const example = items === "array" ? "[[0, 2], [1, 3]]" : items === "string" ? '["easy", "hard"]' : "[1, 2]";
  return `Option ${name}: write JSON, e.g. ${example}.`;
}

/**
 * An option's value in words, as the form shows it: "standard", "off" for an unticked box,
 * "none" for nothing, a list as "0, 3" (lists in it in brackets).
 * @param {unknown} value
 * @returns {string}
 */
function optionText(value) {
  if (value === null || value === undefined || (Array.isArray(value) && value.length === 0)) return "none";
  if (typeof value === "boolean") return value ? "on" : "off";
  if (Array.isArray(value)) {
    return value.map((v) => (Array.isArray(v) ? `(${optionText(v)})` : optionText(v))).join(", ");
  }
  if (typeof value === "object") return Object.entries(value).map(([k, v]) => `${k} ${optionText(v)}`).join(", ");
  return String(value);
}

/**
 * An option's row of the create form: a label, its input, what it does and its default.
 * @param {string} id the input's id
 * @param {string} label
 * @param {HTMLElement} input
 * @param {...import("./dom.js").Kid} about
 */
function optionRow(id, label, input, ...about) {
  return h("div", { class: "option" }, h("label", { for: id }, label), input, h("p", { class: "hint" }, ...about));
}

/**
 * An input for one of the game's options, by its schema, and how to read it back.
 * @param {any} game
 * @param {any} option
 */
export function optionField(game, option) {
  const schema = (game.options_schema.properties || {})[option.name] || {};
  const id = `opt-${option.name}`;
  const def = option.default;
  /** @type {HTMLInputElement | HTMLSelectElement} */
  let input;
  /** @type {() => unknown} */
  let read;
  if (schema.type === "string" && Array.isArray(schema.examples)) {
    // Text with named choices (a dictionary's size): the choices, from the game's schema.
    input = h("select", { id }, schema.examples.map((/** @type {string} */ d) =>
      h("option", { value: d, selected: d === def }, d)));
    read = () => input.value;
  } else if (schema.type === "boolean") {
    const box = h("input", { id, type: "checkbox", checked: Boolean(def) });
    input = box;
    read = () => box.checked;
  } else if (schema.enum) {
    input = h("select", { id },
      schema.enum.map((/** @type {unknown} */ v) => h("option", { value: v, selected: v === def }, String(v))));
    read = () => input.value;
  } else if (schema.type === "integer" || schema.type === "number") {
    const step = schema.type === "integer" ? 1 : "any";
    input = h("input", { id, type: "number", value: def ?? "", min: schema.minimum, max: schema.maximum, step });
    read = () => (input.value === "" ? def : Number(input.value));
  } else {
    // Lists, optional numbers and the like: JSON, or empty for the default.
    const nullableInt = (schema.anyOf || []).some((/** @type {any} */ t) => t.type === "integer");
    const placeholder = `${optionText(def)} (default)`;
    input = h("input", { id, type: "text", placeholder });
    read = () => {
      const text = input.value.trim();
      if (!text) return def;
      if (nullableInt && /^\d+$/.test(text)) return Number(text);
      try { return JSON.parse(text); } catch { throw new Error(badOption(option.name, schema, nullableInt)); }
    };
  }
  const row = optionRow(id, option.name.replace(/_/g, " "), input,
    option.description || "", " ", h("span", { class: "default" }, `Default: ${optionText(def)}.`));
  return { row, read: () => read(), name: option.name, def };
}

/**
 * The rows of the options every table has, each with what it does and its default.
 * @param {Record<"undo" | "priv" | "rated" | "clock" | "grace" | "zombieBox" | "hints" | "seed", HTMLElement>} inputs
 * @param {string} zombieLevel the server's default take-over bot
 */
export function tableOptionRows(inputs, zombieLevel) {
  return [
    optionRow("undo", "undo", inputs.undo,
      "Players may take back their own last move while nobody has acted since. Default: on."),
    optionRow("private", "private", inputs.priv,
      "Private tables are not listed under open tables; only invite links reach them. Default: off."),
    optionRow("rated", "rated", inputs.rated,
      "The game changes the ratings of the players signed in to an account (never a table with a chosen seed)."
      + " Default: on."),
    optionRow("clock", "clock (minutes)", inputs.clock,
      "Minutes on each seat's clock, plus 5 s a move; a seat out of time is played by a bot. Default: no clock."),
    optionRow("grace", "grace (seconds)", inputs.grace,
      "Seconds a player may stay disconnected on their turn before a bot takes their seat over for good."
      + " Default: none (the seat waits)."),
    optionRow("zombie-level", "take-over bot", inputs.zombieBox,
      `The bot that plays a seat whose player left or ran out of time. Default: ${zombieLevel}.`),
    optionRow("hints", "hints", inputs.hints,
      "May players ask for good moves at their turn? Default: only at a table where every other seat is a bot."),
    optionRow("seed", "seed", inputs.seed,
      "A number to deal the same table again; the table is then marked as prepared (not a fair game),"
      + " since you know the cards. Default: drawn by the server and revealed at the end."),
  ];
}
