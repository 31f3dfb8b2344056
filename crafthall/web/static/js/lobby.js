// @ts-check
// The lobby: your name, create a table, open tables, your tables, replays.
import {
  api, remember, remembered, playerName, setPlayerName, lobbyChoices, rememberLobbyChoices, firstVisit,
} from "./api.js";
import { h, replace, button, seatChip, hintsText, PREPARED_TEXT } from "./dom.js";
import { learnPanel } from "./learn.js";

const DICTIONARIES = ["common", "standard", "large"];
/** @type {any[]} the games of /api/games */
let GAMES = [];
let ZOMBIE_LEVEL = "casual"; // the server's default take-over bot (from /api/games)
const BOT_LEVEL = "casual"; // a new bot seat's level: the ladder's second rung
// The hints setting's choices: the server's default (null) only at a table of bots.
const HINTS = [["", "Against bots only"], ["on", "On"], ["off", "Off"]];

/** @param {string} name a game's name */
const gameTitle = (name) => (GAMES.find((g) => g.name === name) || {}).title || name;

/** @param {string} message */
const refusal = (message) => h("p", { class: "refusal", role: "alert" }, message);

/** @param {HTMLElement} root */
export async function showLobby(root) {
  document.title = "crafthall: lobby";
  document.getElementById("where").textContent = "Lobby";
  // Read before anything is remembered: a first visit gets a table against a bot by default.
  const first = firstVisit();
  const nameInput = h("input",
    { id: "your-name", maxlength: 32, value: playerName(), placeholder: "Your name", autocomplete: "nickname" });
  nameInput.addEventListener("change", () => setPlayerName(nameInput.value.trim()));
  const createBox = h("section", { class: "panel", id: "create" },
    h("h2", {}, "Create a table"), h("p", {}, "Loading the games…"));
  const openBox = h("section", { class: "panel", id: "open-tables" }, h("h2", {}, "Open tables"));
  const mineBox = h("section", { class: "panel", id: "my-tables" }, h("h2", {}, "Your tables"));
  const replayBox = h("section", { class: "panel", id: "replays" }, h("h2", {}, "Replays"));
  replace(root,
    h("div", { class: "lobby" },
      h("section", { class: "panel intro" },
        h("h1", {}, "Play crafting word games with friends and bots"),
        h("label", { class: "field" }, "Your name ", nameInput),
        h("p", { class: "hint" }, "Create a table below, then send the invite link of an open seat to a friend,"
          + " or fill the seats with bots.")),
      createBox, learnPanel(), openBox, mineBox, replayBox));
  try {
    const listed = await api.games();
    GAMES = listed.games;
    ZOMBIE_LEVEL = listed.zombie_level || ZOMBIE_LEVEL;
  } catch (err) {
    replace(createBox, h("h2", {}, "Create a table"), refusal(err.message));
    return;
  }
  drawCreate(createBox, nameInput, first);
  drawOpen(openBox);
  drawMine(mineBox);
  drawReplays(replayBox);
  const timer = setInterval(() => {
    if (!document.body.contains(openBox)) clearInterval(timer);
    else drawOpen(openBox, true);
  }, 5000);
}

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
function optionField(game, option) {
  const schema = (game.options_schema.properties || {})[option.name] || {};
  const id = `opt-${option.name}`;
  const def = option.default;
  /** @type {HTMLInputElement | HTMLSelectElement} */
  let input;
  /** @type {() => unknown} */
  let read;
  if (option.name === "dictionary") {
    input = h("select", { id }, DICTIONARIES.map((d) => h("option", { value: d, selected: d === def }, d)));
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
    const placeholder = def === null || def === undefined ? "none (default)" : JSON.stringify(def);
    input = h("input", { id, type: "text", placeholder });
    read = () => {
      const text = input.value.trim();
      if (!text) return def;
      if (nullableInt && /^\d+$/.test(text)) return Number(text);
      try { return JSON.parse(text); } catch { throw new Error(badOption(option.name, schema, nullableInt)); }
    };
  }
  const defText = def === null || def === undefined ? "none" : JSON.stringify(def);
  const row = optionRow(id, option.name.replace(/_/g, " "), input,
    option.description || "", " ", h("span", { class: "default" }, `Default: ${defText}.`));
  return { row, read: () => read(), name: option.name, def };
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
 * The create form: the game, its seats, its options and the table's own, and Create.
 * @param {HTMLElement} box
 * @param {HTMLInputElement} nameInput
 * @param {boolean} first whether this is the browser's first visit
 */
function drawCreate(box, nameInput, first) {
  const last = lobbyChoices() || {};
  const select = h("select", { id: "game" },
    GAMES.map((g) => h("option", { value: g.name, selected: g.name === last.game }, g.title || g.name)));
  const about = h("p", { class: "hint" });
  const count = h("select", { id: "seat-count" });
  const seatsBox = h("div", { class: "seats" });
  const optionsBox = h("div", { class: "options" });
  const undo = h("input", { type: "checkbox", id: "undo", checked: true });
  const priv = h("input", { type: "checkbox", id: "private" });
  const clock = h("input", { type: "number", id: "clock", min: 1, placeholder: "no clock" });
  const seed = h("input", { type: "number", id: "seed", min: 0, placeholder: "random" });
  const grace = h("input", { type: "number", id: "grace", min: 1, max: 86400, placeholder: "none" });
  const hints = h("select", { id: "hints" },
    HINTS.map(([value, label]) => h("option", { value, selected: value === (last.hints || "") }, label)));
  const zombieBox = h("span", { class: "zombie-box" });
  const status = h("div", { class: "status" });
  /** @type {ReturnType<typeof seatRow>[]} */
  let seats = [];
  /** @type {ReturnType<typeof optionField>[]} */
  let options = [];
  /** @type {ReturnType<typeof levelPicker> | null} */
  let zombie = null;
  const game = () => GAMES.find((g) => g.name === select.value);
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
    zombie = levelPicker(g, last.zombie_level || ZOMBIE_LEVEL, { id: "zombie-level" });
    replace(zombieBox, zombie.select, " ", zombie.line);
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
      status.append(refusal("Write your name first (top of the page): the other players see it."));
      nameInput.focus();
      return;
    }
    if (me) setPlayerName(me);
    else me = "You";
    /** @type {Record<string, any>} */
    const spec = {
      game: select.value, seats: [], options: {}, undo: undo.checked, private: priv.checked,
      zombie_level: zombie?.select.value,
    };
    if (hints.value) spec.hints = hints.value === "on";
    try {
      for (const o of options) {
        const value = o.read();
        if (JSON.stringify(value) !== JSON.stringify(o.def)) spec.options[o.name] = value;
      }
    } catch (err) {
      status.append(refusal(err.message));
      return;
    }
    seats.forEach((s, i) => {
      const kind = s.kind.value;
      if (kind === "human") spec.seats.push({ kind, name: i === 0 ? me : s.name.value.trim() || `Player ${i + 1}` });
      else if (kind === "bot") spec.seats.push({ kind, level: s.level.value });
      else spec.seats.push({ kind: "open" });
    });
    if (clock.value) spec.clock = { initial: Number(clock.value) * 60, increment: 5 };
    if (seed.value !== "") spec.seed = Number(seed.value);
    if (grace.value !== "") spec.grace = Number(grace.value);
    try {
      const made = await api.create(spec);
      const chosen = seats.map((s) => ({ kind: s.kind.value, level: s.level.value }));
      rememberLobbyChoices({ game: spec.game, seats: chosen, zombie_level: spec.zombie_level, hints: hints.value });
      /** @type {Record<string, string>} */
      const invites = {};
      for (const [seat, inv] of Object.entries(made.invites)) invites[seat] = /** @type {any} */ (inv).url;
      const current = Number(Object.keys(made.tokens)[0] ?? 0);
      remember(made.table.id, { game: spec.game, tokens: made.tokens, invites, current });
      location.href = `/t/${encodeURIComponent(made.table.id)}`;
    } catch (err) {
      status.append(refusal(err.message));
    }
  };
  replace(box,
    h("h2", {}, "Create a table"),
    h("div", { class: "field" }, h("label", { for: "game" }, "Game "), select), about,
    h("div", { class: "field" }, h("label", { for: "seat-count" }, "Players "), count),
    seatsBox,
    h("details", { class: "options-box" }, h("summary", {}, "Options and variants (defaults explained)"), optionsBox,
      optionRow("undo", "undo", undo,
        "Players may take back their own last move while nobody has acted since. Default: on."),
      optionRow("private", "private", priv,
        "Private tables are not listed under open tables; only invite links reach them. Default: off."),
      optionRow("clock", "clock (minutes)", clock,
        "Minutes on each seat's clock, plus 5 s a move; a seat out of time is played by a bot. Default: no clock."),
      optionRow("grace", "grace (seconds)", grace,
        "Seconds a player may stay disconnected on their turn before a bot takes their seat over for good."
        + " Default: none (the seat waits)."),
      optionRow("zombie-level", "take-over bot", zombieBox,
        `The bot that plays a seat whose player left or ran out of time. Default: ${ZOMBIE_LEVEL}.`),
      optionRow("hints", "hints", hints,
        "May players ask for good moves at their turn? Default: only at a table where every other seat is a bot."),
      optionRow("seed", "seed", seed,
        "A number to deal the same table again; the table is then marked as prepared (not a fair game),"
        + " since you know the cards. Default: drawn by the server and revealed at the end.")),
    button("Create the table", create, { class: "primary", id: "create-table" }),
    status);
  drawGame();
}

/**
 * A seat in a list of tables: open, a bot and its level, or the player's name.
 * @param {any} seat
 */
const listedSeat = (seat) => seatChip(seat.index,
  seat.kind === "open" ? "open" : seat.kind === "bot" ? `bot (${seat.bot})` : seat.name);

/** @param {string} id */
const replayLink = (id) => h("a", { class: "button ghost", href: `/t/${encodeURIComponent(id)}?replay` }, "Replay");

/**
 * The tables waiting for players, each with its seats, its hints setting and a link per open seat.
 * @param {HTMLElement} box
 * @param {boolean} [quiet] whether a failure to list them is left unsaid (the refresh every 5 s)
 */
async function drawOpen(box, quiet = false) {
  let tables;
  try {
    tables = (await api.openTables()).tables;
  } catch (err) {
    if (!quiet) replace(box, h("h2", {}, "Open tables"), h("p", { class: "refusal" }, err.message));
    return;
  }
  const refresh = button("↻", () => drawOpen(box), { class: "small", title: "Refresh", "aria-label": "Refresh" });
  replace(box, h("h2", {}, "Open tables ", refresh),
    tables.length === 0 ? h("p", { class: "hint" }, "No table is waiting for players right now.") :
      h("ul", { class: "table-list" }, tables.map((/** @type {any} */ t) => h("li", { dataset: { table: t.id } },
        h("strong", {}, gameTitle(t.game)), " ",
        t.prepared ? h("span", { class: "prepared-mark", title: PREPARED_TEXT }, "Prepared table") : null, " ",
        h("span", { class: "seats-inline" }, t.seats.map(listedSeat)),
        " ", h("span", { class: "hint hints-mark" }, hintsText(t.hints)), " ",
        t.open_seats.map((/** @type {any} */ o) => h("a", { class: "button", href: o.url }, `Join seat ${o.seat + 1}`)),
        h("a", { class: "button ghost", href: `/t/${encodeURIComponent(t.id)}` }, "Watch")))));
}

/**
 * The tables this browser made, joined or visited, the latest first, each with its state.
 * @param {HTMLElement} box
 */
async function drawMine(box) {
  const mine = Object.entries(remembered())
    .sort((a, b) => (b[1].seen || 0) - (a[1].seen || 0))
    .slice(0, 12);
  if (mine.length === 0) {
    replace(box, h("h2", {}, "Your tables"), h("p", { class: "hint" }, "Tables you create or join appear here."));
    return;
  }
  const list = h("ul", { class: "table-list" });
  replace(box, h("h2", {}, "Your tables"), list);
  for (const [id, entry] of mine) {
    const state = h("span", { class: "hint" }, "…");
    const link = h("a", { href: `/t/${encodeURIComponent(id)}` }, `${entry.game || "table"} ${id}`);
    const li = h("li", {}, link, " ", state);
    list.append(li);
    api.table(id).then((t) => {
      state.textContent = t.status === "finished" ? "finished"
        : t.status === "playing" ? `playing, move ${t.moves}` : "waiting for players";
      if (t.status === "finished") li.append(" ", replayLink(id));
    }).catch(() => { state.textContent = "gone"; });
  }
}

/**
 * Replays: the finished public games, a table's id, or a record to upload.
 * @param {HTMLElement} box
 */
function drawReplays(box) {
  const idInput = h("input", { id: "replay-id", placeholder: "table id", maxlength: 64 });
  const file = h("input",
    { type: "file", id: "replay-file", accept: ".jsonl,.ndjson,.txt,application/x-ndjson" });
  const status = h("div", { class: "status" });
  const upload = async () => {
    status.replaceChildren();
    if (!file.files?.length) return;
    const text = await file.files[0].text();
    try {
      const made = await api.upload(text);
      location.href = `/?upload=${encodeURIComponent(made.id)}`;
    } catch (err) {
      status.append(refusal(err.message));
    }
  };
  file.addEventListener("change", upload);
  const finished = h("ul", { class: "table-list", id: "finished-tables" });
  /** @param {SubmitEvent} e */
  const open = (e) => {
    e.preventDefault();
    const id = idInput.value.trim();
    if (id) location.href = `/t/${encodeURIComponent(id)}?replay`;
  };
  replace(box, h("h2", {}, "Replays"),
    h("p", { class: "hint" }, "Step through a finished game move by move: pick a finished public game,"
      + " give a table's id, or upload a match record (.jsonl)."),
    finished,
    h("form", { class: "inline", onsubmit: open }, idInput, h("button", { type: "submit" }, "Open replay")),
    h("label", { class: "field" }, "Upload a record ", file), status);
  drawFinished(finished);
}

/**
 * The last ten finished public games, each with a link to its replay.
 * @param {HTMLElement} list
 */
async function drawFinished(list) {
  let tables = [];
  try {
    tables = (await api.finishedTables()).tables.slice(0, 10);
  } catch {
    return;
  }
  list.replaceChildren(...tables.map((/** @type {any} */ t) => h("li", { dataset: { table: t.id } },
    h("strong", {}, gameTitle(t.game)), " ",
    h("span", { class: "seats-inline" }, t.seats.map(listedSeat)),
    " ",
    replayLink(t.id))));
}
