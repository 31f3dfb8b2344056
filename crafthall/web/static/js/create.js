// @ts-check
// The lobby's create form: the game, its seats (people, bots and their levels, open seats),
// the game's options from its schema, the table's own options, and Create. The last choices
// are remembered, and offered again to a returning player.
import { api, remember, setPlayerName, lobbyChoices, rememberLobbyChoices } from "./api.js";
import { h, replace, button, seatChip, refusalNote } from "./dom.js";
import { optionField, tableOptionRows } from "./options.js";

const BOT_LEVEL = "casual"; // a new bot seat's level: the ladder's second rung
// The hints setting's choices: the server's default (null) only at a table of bots.
const HINTS = [["", "Against bots only"], ["on", "On"], ["off", "Off"]];

const DAY = 86400;
// A table's pace: real time, or turn-based at one of Board Game Arena's speeds.
const PACES = [["", "Real time"], [String(DAY), "Turn-based: 24 hours a move"],
  [String(3 * DAY), "Turn-based: 3 days a move"], [String(7 * DAY), "Turn-based: 7 days a move"]];
const BANKS = [["0", "no time bank"], [String(DAY), "a day's bank"], [String(3 * DAY), "3 days' bank"]];
const TIMEOUTS = [["skip", "its move is skipped"], ["bot", "the take-over bot plays the seat"],
  ["wait", "the table waits"]];

/**
 * @param {string[][]} choices value and label of each option
 * @param {Record<string, string>} attrs the select's
 */
const choice = (choices, attrs) => h("select", attrs, choices.map(([value, label]) => h("option", { value }, label)));

/**
 * The pace of a new table: real time, or a time per move with a time bank and what happens
 * when it runs out. A game played by everyone at once has no turn-based form: its sentence
 * says so in place of the choice.
 */
function paceFields() {
  const pace = choice(PACES, { id: "pace" });
  const bank = choice(BANKS, { id: "pace-bank", "aria-label": "Time bank" });
  const timeout = choice(TIMEOUTS, { id: "pace-timeout", "aria-label": "When a player's time runs out" });
  const more = h("span", { class: "pace-more" }, " with ", bank, "; when a player's time runs out, ", timeout);
  const why = h("p", { class: "hint", id: "no-turn-based" });
  const sync = () => { more.hidden = !pace.value; };
  pace.addEventListener("change", sync);
  /** @param {any} game */
  const forGame = (game) => {
    const none = game.no_turn_based || "";
    if (none) pace.value = "";
    pace.disabled = Boolean(none);
    why.textContent = none;
    why.hidden = !none;
    sync();
  };
  const read = () => (pace.value
    ? { move: Number(pace.value), bank: Number(bank.value), timeout: timeout.value } : null);
  const row = h("div", { class: "field" }, h("label", { for: "pace" }, "Pace "), pace, more, why);
  return { row, forGame, read };
}

/**
 * A bot level: its name, its one-line description, and the level it is an old name of.
 * @typedef {{name: string, description: string, alias_of: string | null}} Level
 */

/**
 * A game's bot levels with their lines; old names of levels are left out of the choices.
 * @param {any} game
 * @returns {Level[]}
 */
function levelsOf(game) {
  /** @type {Level[]} */
  const described = game.bot_levels
    || game.bots.map((/** @type {string} */ name) => ({ name, description: "", alias_of: null }));
  return described.filter((level) => !level.alias_of);
}

/**
 * A bot level select with the chosen level's line beside it (kept up to date).
 * @param {any} game
 * @param {string | null | undefined} chosen
 * @param {Record<string, string>} attrs the select's
 */
function levelPicker(game, chosen, attrs) {
  const levels = levelsOf(game);
  const pick = levels.some((l) => l.name === chosen) ? chosen : BOT_LEVEL;
  const select = h("select", attrs,
    levels.map((l) => h("option", { value: l.name, selected: l.name === pick }, l.name)));
  const line = h("span", { class: "hint level-line", "aria-live": "polite" });
  const sync = () => { line.textContent = levels.find((l) => l.name === select.value)?.description || ""; };
  select.addEventListener("change", sync);
  sync();
  return { select, line };
}

/**
 * Seat ``index``'s row: ``chosen`` (a kind and a bot level) is what the player picked last
 * time; without it a first visit plays a bot, a later one invites a friend to seat 2.
 * @param {any} game
 * @param {number} index
 * @param {{kind?: string, level?: string} | undefined} chosen
 * @param {boolean} first
 */
function seatRow(game, index, chosen, first) {
  const fallback = index === 0 ? "human" : index === 1 && !first ? "open" : "bot";
  const wanted = index === 0 ? "human" : (chosen && chosen.kind) || fallback;
  const kind = h("select", { class: "seat-kind", "aria-label": `Seat ${index + 1}` },
    h("option", { value: "human" }, index === 0 ? "You" : "A person at this screen"),
    h("option", { value: "open" }, "Open: invite a friend"),
    h("option", { value: "bot" }, "Bot"));
  kind.value = wanted;
  const name = h("input", { class: "seat-name", maxlength: 32, placeholder: "Name" });
  const { select: level, line } = levelPicker(game, chosen && chosen.level,
    { class: "seat-level", "aria-label": `Seat ${index + 1} bot level` });
  const sync = () => {
    name.hidden = kind.value !== "human" || index === 0;
    level.hidden = line.hidden = kind.value !== "bot";
  };
  kind.addEventListener("change", sync);
  sync();
  const row = h("div", { class: "seat-row" }, seatChip(index, `Seat ${index + 1}`), kind, name, level, line);
  return { row, kind, name, level };
}

/**
 * The seats of a new table's spec, from the seat rows: the creator first (``me``), each other
 * person at this screen by name, each bot with its level, each open seat.
 * @param {ReturnType<typeof seatRow>[]} seats
 * @param {string} me
 */
function seatSpecs(seats, me) {
  return seats.map((s, i) => {
    const kind = s.kind.value;
    if (kind === "human") return { kind, name: i === 0 ? me : s.name.value.trim() || `Player ${i + 1}` };
    if (kind === "bot") return { kind, level: s.level.value };
    return { kind: "open" };
  });
}

/**
 * Remember the table just made (its tokens and invite links) and the choices that made it.
 * @param {any} made the server's answer
 * @param {Record<string, any>} spec
 * @param {ReturnType<typeof seatRow>[]} seats
 * @param {string} hints the hints select's value
 */
function rememberMade(made, spec, seats, hints) {
  const chosen = seats.map((s) => ({ kind: s.kind.value, level: s.level.value }));
  rememberLobbyChoices({ game: spec.game, seats: chosen, zombie_level: spec.zombie_level, hints });
  /** @type {Record<string, string>} */
  const invites = {};
  for (const [seat, inv] of Object.entries(made.invites)) invites[seat] = /** @type {any} */ (inv).url;
  const current = Number(Object.keys(made.tokens)[0] ?? 0);
  remember(made.table.id, { game: spec.game, tokens: made.tokens, invites, current });
}

/**
 * The create form: the game, its seats, its options and the table's own, and Create.
 * @param {HTMLElement} box
 * @param {HTMLInputElement} nameInput
 * @param {boolean} first whether this is the browser's first visit
 * @param {any[]} games the games of /api/games
 * @param {string} zombieLevel the server's default take-over bot
 */
export function drawCreate(box, nameInput, first, games, zombieLevel) {
  const last = lobbyChoices() || {};
  const select = h("select", { id: "game" },
    games.map((g) => h("option", { value: g.name, selected: g.name === last.game }, g.title || g.name)));
  const about = h("p", { class: "hint" });
  const count = h("select", { id: "seat-count" });
  const seatsBox = h("div", { class: "seats" });
  const optionsBox = h("div", { class: "options" });
  const undo = h("input", { type: "checkbox", id: "undo", checked: true });
  const priv = h("input", { type: "checkbox", id: "private" });
  const rated = h("input", { type: "checkbox", id: "rated", checked: true });
  const clock = h("input", { type: "number", id: "clock", min: 1, placeholder: "no clock" });
  const seed = h("input", { type: "number", id: "seed", min: 0, placeholder: "random" });
  const grace = h("input", { type: "number", id: "grace", min: 1, max: 86400, placeholder: "none" });
  const hints = h("select", { id: "hints" },
    HINTS.map(([value, label]) => h("option", { value, selected: value === (last.hints || "") }, label)));
  const zombieBox = h("span", { class: "zombie-box" });
  const pace = paceFields();
  const status = h("div", { class: "status" });
  /** @type {ReturnType<typeof seatRow>[]} */
  let seats = [];
  /** @type {ReturnType<typeof optionField>[]} */
  let options = [];
  /** @type {ReturnType<typeof levelPicker> | null} */
  let zombie = null;
  const game = () => games.find((g) => g.name === select.value);
  // The last choices hold for the game they were made for.
  const lastSeats = () => (last.game === select.value && Array.isArray(last.seats) ? last.seats : []);
  const drawSeats = () => {
    const g = game();
    const n = Number(count.value);
    seats = Array.from({ length: n }, (_, i) => seatRow(g, i, lastSeats()[i], first));
    replace(seatsBox, seats.map((s) => s.row));
  };
  const drawGame = () => {
    const g = game();
    about.textContent = g.summary || "";
    const counts = [];
    for (let n = Math.max(2, g.min_seats); n <= g.max_seats; n++) counts.push(n);
    if (g.min_seats === 1) counts.unshift(1);
    const wanted = counts.includes(lastSeats().length) ? lastSeats().length : 2;
    replace(count, counts.map((n) => h("option", { value: n, selected: n === wanted }, `${n} seats`)));
    options = g.options.map((o) => optionField(g, o));
    replace(optionsBox, options.length ? options.map((o) => o.row)
      : h("p", { class: "hint" }, "This game has no options."));
    zombie = levelPicker(g, last.zombie_level || zombieLevel, { id: "zombie-level" });
    replace(zombieBox, zombie.select, " ", zombie.line);
    pace.forGame(g);
    drawSeats();
  };
  select.addEventListener("change", drawGame);
  count.addEventListener("change", drawSeats);
  const create = async () => {
    status.replaceChildren();
    let me = nameInput.value.trim();
    // A name is for the other people at the table: against bots alone, "You" will do.
    const botsOnly = seats.every((s, i) => i === 0 || s.kind.value === "bot");
    if (!me && !botsOnly) {
      status.append(refusalNote("Write your name first (top of the page): the other players see it."));
      nameInput.focus();
      return;
    }
    if (me) setPlayerName(me);
    else me = "You";
    /** @type {Record<string, any>} */
    const spec = {
      game: select.value, seats: seatSpecs(seats, me), options: {}, undo: undo.checked, private: priv.checked,
      rated: rated.checked,
      zombie_level: zombie?.select.value,
    };
    if (hints.value) spec.hints = hints.value === "on";
    try {
      for (const o of options) {
        const value = o.read();
        if (JSON.stringify(value) !== JSON.stringify(o.def)) spec.options[o.name] = value;
      }
    } catch (err) {
      status.append(refusalNote(err.message));
      return;
    }
    spec.pace = pace.read();
    // A turn-based table keeps time by the day: no real-time clock nor grace there.
    if (clock.value && !spec.pace) spec.clock = { initial: Number(clock.value) * 60, increment: 5 };
    if (seed.value !== "") spec.seed = Number(seed.value);
    if (grace.value !== "" && !spec.pace) spec.grace = Number(grace.value);
    try {
      const made = await api.create(spec);
      rememberMade(made, spec, seats, hints.value);
      location.href = `/t/${encodeURIComponent(made.table.id)}`;
    } catch (err) {
      status.append(refusalNote(err.message));
    }
  };
  replace(box,
    h("h2", {}, "Create a table"),
    h("div", { class: "field" }, h("label", { for: "game" }, "Game "), select), about,
    h("div", { class: "field" }, h("label", { for: "seat-count" }, "Players "), count),
    seatsBox,
    pace.row,
    h("details", { class: "options-box" }, h("summary", {}, "Options and variants (defaults explained)"), optionsBox,
      tableOptionRows({ undo, priv, rated, clock, grace, zombieBox, hints, seed }, zombieLevel)),
    button("Create the table", create, { class: "primary", id: "create-table" }),
    status);
  drawGame();
}
