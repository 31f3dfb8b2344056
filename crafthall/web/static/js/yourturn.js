// @ts-check
// "Your turn": every turn-based table waiting for this player's move (the seats this browser
// holds, and the signed-in account's), the longest waiting first; and the count of them in
// the page's title, on every page, looked at again every minute.
import { remembered, turnsApi } from "./api.js";
import { takeUpSeats } from "./account.js";
import { h, replace, refusalNote, plural } from "./dom.js";
import { notifyPanel } from "./notify.js";

const LOOK_EVERY_MS = 60_000;
const HOUR = 3600;
const DAY = 24 * HOUR;

/** The seats this browser holds, each with its token (for POST /api/turns). */
function heldSeats() {
  /** @type {{table: string, token: string}[]} */
  const held = [];
  for (const [table, entry] of Object.entries(remembered())) {
    for (const token of Object.values(entry.tokens || {})) held.push({ table, token: String(token) });
  }
  return held.slice(-500);
}

/** The tables waiting for this player's move (the server's answer to POST /api/turns). */
export const waitingTables = () => turnsApi.waiting(heldSeats());

/**
 * A span of seconds in days and hours, or hours, or minutes, as people say it.
 * @param {number} seconds
 */
export function span(seconds) {
  const hours = Math.floor((seconds % DAY) / HOUR);
  if (seconds >= DAY) return plural(Math.floor(seconds / DAY), "day") + (hours ? ` ${plural(hours, "hour")}` : "");
  if (seconds >= HOUR) return plural(hours, "hour");
  return plural(Math.max(1, Math.floor(seconds / 60)), "minute");
}

// The times shown count down (and "waiting" up) between the server's answers: from the
// deadlines it sent, against its clock as the page reckons it (a wrong clock here does not
// change the figures), redrawn every half minute.
const TICK_MS = 30_000;
let offset = 0;

/**
 * Reckon the server's clock from an answer's ``now`` (its time, in seconds).
 * @param {number} now
 */
function setServerNow(now) {
  offset = now - Date.now() / 1000;
}

const serverNow = () => Date.now() / 1000 + offset;

/** @type {Set<{node: HTMLElement, text: (now: number) => string}>} */
const ticking = new Set();
let ticker = 0;

function tick() {
  const now = serverNow();
  for (const one of ticking) {
    if (one.node.isConnected) one.node.textContent = one.text(now);
    else ticking.delete(one);
  }
  if (!ticking.size) {
    clearInterval(ticker);
    ticker = 0;
  }
}

/**
 * A span whose words, ``text`` of the server's time, are redrawn as the time passes.
 * @param {(now: number) => string} text
 * @param {Record<string, any>} [attrs]
 */
function live(text, attrs = {}) {
  const node = h("span", attrs, text(serverNow()));
  ticking.add({ node, text });
  ticker ||= window.setInterval(tick, TICK_MS);
  return node;
}

/**
 * What is left until ``due`` (the server's time), as "2 days 3 hours left".
 * @param {number} due
 */
const timeLeft = (due) => live((now) => (due > now ? `${span(due - now)} left` : "time is up"),
  { class: "time-left" });

const baseTitle = () => document.title.replace(/^\(\d+\) /, "");

/**
 * Show ``count`` in the page's title as "(3) crafthall: lobby" (nothing when none waits).
 * @param {number} count
 */
function badge(count) {
  document.title = count > 0 ? `(${count}) ${baseTitle()}` : baseTitle();
  const link = document.getElementById("turns-link");
  if (link) link.textContent = count > 0 ? `Your turn (${count})` : "Your turn";
}

/** Keep the title's count up to date while the page is open. */
export function watchTurns() {
  const look = async () => {
    try { badge((await waitingTables()).count); } catch { /* the next look tries again */ }
  };
  look();
  setInterval(look, LOOK_EVERY_MS);
}

/**
 * One waiting table's row: its game, how long it has waited, what is left of its time.
 * @param {any} t
 */
function row(t) {
  return h("li", { class: "waiting-table" },
    h("a", { href: `/t/${encodeURIComponent(t.table)}` }, t.title),
    t.against.length ? ` against ${t.against.join(", ")}` : "",
    " · ", live((now) => `waiting ${span(Math.max(0, now - t.since))}`, { class: "waited" }),
    " · ", t.due === null ? "its time ran out: the table waits for you" : timeLeft(t.due));
}

const ON_TIMEOUT = { skip: "the move is skipped", bot: "the take-over bot plays the seat", wait: "the table waits" };

/**
 * A table's pace in words: "real time", or "turn-based: 3 days a move, 1 day bank; out of
 * time, the move is skipped".
 * @param {{move: number, bank: number, timeout: string} | null | undefined} pace
 */
export function paceText(pace) {
  if (!pace) return "real time";
  const bank = pace.bank ? `, ${span(pace.bank)} bank` : "";
  const out = ON_TIMEOUT[/** @type {keyof typeof ON_TIMEOUT} */ (pace.timeout)] || pace.timeout;
  return `turn-based: ${span(pace.move)} a move${bank}; out of time, ${out}`;
}

const TRACK_TRIES = 20;
const TRACK_WAIT_MS = 500;

/** @param {any} found a deadlines answer: is some seat on its turn? */
const onTurn = (found) => found.seats.some((/** @type {any} */ c) => c.since !== null);

/**
 * At a turn-based table, ``box`` says its pace and how long is left of the move of each seat
 * whose turn it is ("Your move" for ``seat``, the seat held here with ``token``); a player may
 * give another, whose time runs, a move's time more (the players agreeing to wait).
 * @param {HTMLElement} box
 * @param {any} table the table's summary
 * @param {number | null} seat
 * @param {string | null} token
 */
export async function showPace(box, table, seat, token) {
  box.hidden = !table.pace;
  if (!table.pace) return;
  const asked = String(table.version);
  box.dataset.version = asked;
  const parts = [];
  if (table.status === "playing") {
    try {
      let found = await turnsApi.deadlines(table.id);
      // The server writes a new turn's deadline just after it sends the change: until it has,
      // no seat is on its turn here, so ask again a few times.
      for (let tries = 0; tries < TRACK_TRIES && !onTurn(found); tries += 1) {
        await new Promise((done) => setTimeout(done, TRACK_WAIT_MS));
        if (box.dataset.version !== asked) return; // a newer update asks for itself
        found = await turnsApi.deadlines(table.id);
      }
      setServerNow(found.now);
      for (const s of found.seats.filter((/** @type {any} */ c) => c.since !== null)) {
        const name = table.seats[s.seat].name || `Seat ${s.seat + 1}`;
        const who = s.seat === seat ? "Your move" : `${name}'s move`;
        parts.push(" · ", s.due === null ? `${who}: time ran out, the table waits` : [`${who}: `, timeLeft(s.due)]);
        if (token && seat !== null && s.seat !== seat && s.left !== null) {
          parts.push(" ", giveButton(box, table, s.seat, name, token, seat));
        }
      }
    } catch { /* the pace alone */ }
  }
  if (box.dataset.version !== asked) return; // a newer update has its own answer
  const text = paceText(table.pace);
  replace(box, `${text[0].toUpperCase()}${text.slice(1)}`, ...parts);
}

/**
 * The button that gives ``name`` (seat ``to``) a move's time more; its answer redraws ``box``.
 * @param {HTMLElement} box
 * @param {any} table
 * @param {number} to
 * @param {string} name
 * @param {string} token
 * @param {number} seat
 */
function giveButton(box, table, to, name, token, seat) {
  const give = async () => {
    try {
      await turnsApi.giveTime(table.id, token, to);
      await showPace(box, table, seat, token);
    } catch (err) {
      box.append(" ", refusalNote(err.message));
    }
  };
  return h("button", { type: "button", class: "small give-time", onclick: give },
    `Give ${name} ${span(table.pace.move)} more`);
}

/** @param {HTMLElement} root */
export async function showYourTurn(root) {
  document.title = "crafthall: your turn";
  document.getElementById("where").textContent = "Your turn";
  const list = h("section", { class: "panel", id: "your-turn" }, h("h2", {}, "Your turn"), h("p", {}, "Loading…"));
  const notify = h("section", { class: "panel", id: "notify" }, h("h2", {}, "Notifications"));
  replace(root, h("div", { class: "lobby" }, list, notify));
  notifyPanel(notify);
  try {
    const found = await waitingTables();
    setServerNow(found.now);
    badge(found.count);
    // The account's seats taken in another browser: their tokens are kept here too.
    await Promise.all(found.tables.map((/** @type {any} */ t) => takeUpSeats(t.table, t.game)));
    replace(list, h("h2", {}, "Your turn"),
      found.count
        ? h("ol", { class: "waiting-tables" }, found.tables.map(row))
        : h("p", { class: "hint" }, "No turn-based table waits for your move."));
  } catch (err) {
    replace(list, h("h2", {}, "Your turn"), refusalNote(err.message));
  }
}
