// @ts-check
// The lobby: your name, create a table, open tables, your tables, replays.
import { api, remembered, playerName, setPlayerName, firstVisit } from "./api.js";
import { h, replace, button, seatChip, hintsText, plural, refusalNote, PREPARED_TEXT } from "./dom.js";
import { learnPanel } from "./learn.js";
import { drawCreate } from "./create.js";
import { showLevels } from "./account.js";
import { paceText } from "./yourturn.js";

/** @type {any[]} the games of /api/games */
let GAMES = [];

/** @param {string} name a game's name */
const gameTitle = (name) => (GAMES.find((g) => g.name === name) || {}).title || name;

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
  let zombieLevel;
  try {
    const listed = await api.games();
    GAMES = listed.games;
    zombieLevel = listed.zombie_level || "casual"; // the server's default take-over bot
  } catch (err) {
    replace(createBox, h("h2", {}, "Create a table"), refusalNote(err.message));
    return;
  }
  drawCreate(createBox, nameInput, first, GAMES, zombieLevel);
  drawOpen(openBox);
  drawMine(mineBox);
  drawReplays(replayBox);
  const timer = setInterval(() => {
    if (!document.body.contains(openBox)) clearInterval(timer);
    else drawOpen(openBox, true);
  }, 5000);
}

/**
 * A seat in a list of tables in words: open, a bot and its level, or the player's name.
 * @param {any} seat
 */
const seatLabel = (seat) => (seat.kind === "open" ? "open" : seat.kind === "bot" ? `bot (${seat.bot})` : seat.name);

/**
 * A seat in a list of tables, with its seat's colour and symbol.
 * @param {any} seat
 */
const listedSeat = (seat) => seatChip(seat.index, seatLabel(seat));

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
        t.pace ? h("span", { class: "hint pace-mark" }, paceText(t.pace), " ") : null,
        t.open_seats.map((/** @type {any} */ o) => h("a", { class: "button", href: o.url }, `Join seat ${o.seat + 1}`)),
        h("a", { class: "button ghost", href: `/t/${encodeURIComponent(t.id)}` }, "Watch")))));
  showLevels(box);
}

/**
 * A table of this browser's in words: finished (and who won), playing (how far), or waiting.
 * @param {any} table the table's summary
 * @param {number[]} mine the seats this browser holds
 */
function tableState(table, mine) {
  if (table.status === "waiting") return "waiting for players";
  if (table.status === "playing") return `playing, ${plural(table.moves, "move")} so far`;
  const winners = (table.result && table.result.winners) || [];
  if (winners.some((/** @type {number} */ s) => mine.includes(s))) {
    return winners.length > 1 ? "finished: you shared the win" : "finished: you won";
  }
  const won = winners.map((/** @type {number} */ s) => seatLabel(table.seats[s])).join(" and ");
  return `finished: ${won || "nobody"} won`;
}

/**
 * The tables this browser made, joined or visited, the latest first, each with its game, the
 * other players and its state (the table's id stays in the link, out of sight).
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
  const list = h("ul", { class: "table-list", id: "my-table-list" });
  replace(box, h("h2", {}, "Your tables"), list);
  for (const [id, entry] of mine) {
    const held = Object.keys(entry.tokens || {}).map(Number);
    const title = h("strong", {}, entry.game ? gameTitle(entry.game) : "A table");
    const others = h("span", { class: "seats-inline" });
    const state = h("span", { class: "hint" }, "…");
    const li = h("li", {},
      h("a", { href: `/t/${encodeURIComponent(id)}`, title: `Table ${id}` }, title), " ", others, " · ", state);
    list.append(li);
    api.table(id).then((t) => {
      title.textContent = gameTitle(t.game);
      const rest = t.seats.filter((/** @type {any} */ s) => !held.includes(s.index));
      others.replaceChildren(...(rest.length ? ["with ", ...rest.map(listedSeat)] : []));
      state.textContent = tableState(t, held);
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
      status.append(refusalNote(err.message));
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
  showLevels(list);
}
