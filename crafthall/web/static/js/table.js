// A table page: joining, the live connection, the turn banner, the game's board (drawn by the
// game's module), the score sheet, the move log, the rules reminder and the end screen.
import { api, remember, remembered, playerName, setPlayerName } from "./api.js";
import { h, replace, button, seatChip, seatMark, fairnessNote, hintsText, thoughtText } from "./dom.js";
import { Live } from "./live.js";
import { gameModule } from "./games/index.js";
import { showLearn } from "./learn.js";
import { hintButton, reviewButton } from "./review.js";
import { showRefusal, clearRefusals } from "./refusals.js";

function setConn(state, text) {
  const el = document.getElementById("conn");
  if (!el) return;
  el.className = `conn ${state}`;
  el.textContent = state === "live" ? "● live" : state === "offline" ? "○ offline" : "◌ connecting";
  el.title = text;
}

export function seatNames(table) {
  return table.seats.map((s, i) => s.name || (s.kind === "bot" ? `Bot ${s.bot || ""}`.trim() : s.kind === "open" ? `Seat ${i + 1} (open)` : `Seat ${i + 1}`));
}

const ZOMBIE_REASONS = { left: "they left", timeout: "out of time", disconnected: "away too long on their turn" };

/** Whether a bot plays this connection's seat now (its player left or ran out of time). */
function takenOver(msg) {
  return msg.seat !== null && Boolean(msg.table.seats[msg.seat] && msg.table.seats[msg.seat].zombie);
}

/** The end screen's score breakdown: the game's own columns, or every per-seat number of the
 * result's details (a list of per-seat lists gives one column each, e.g. rounds). */
export function breakdown(module, result, view, seats) {
  const details = result.details || {};
  if (module.breakdown) return module.breakdown(details, view, seats);
  const head = [];
  const columns = [];
  const perSeat = (v) => Array.isArray(v) && v.length === seats && v.every((x) => typeof x === "number");
  for (const [key, value] of Object.entries(details)) {
    const label = key.replace(/_/g, " ");
    if (perSeat(value)) { head.push(label); columns.push(value); }
    else if (Array.isArray(value) && value.length && value.every(perSeat)) value.forEach((v, i) => { head.push(`${label} ${i + 1}`); columns.push(v); });
  }
  if (!head.length) return null;
  return { head, rows: Array.from({ length: seats }, (_, seat) => columns.map((c) => c[seat])) };
}

export async function showTable(root, id, params) {
  if (id.startsWith("learn-")) return showLearn(root, id); // a tutorial: see learn.js
  document.getElementById("where").textContent = `Table ${id}`;
  let summary;
  try {
    summary = await api.table(id);
  } catch (err) {
    replace(root, h("section", { class: "panel" }, h("h1", {}, "No such table"), h("p", { class: "refusal" }, err.message), h("a", { href: "/" }, "Back to the lobby")));
    return;
  }
  const seatParam = params.get("seat");
  const invite = params.get("invite");
  const held = remembered()[id];
  // An invite to a seat taken since (or a finished game) opens the table to watch.
  const open = seatParam !== null && summary.seats[Number(seatParam)] && summary.seats[Number(seatParam)].kind === "open";
  if (invite && open && !(held && held.tokens && held.tokens[seatParam])) {
    showJoin(root, id, summary, Number(seatParam), invite);
    return;
  }
  if (invite) history.replaceState(null, "", `/t/${encodeURIComponent(id)}`);
  const page = new TablePage(root, id, summary);
  window.crafthallTable = page; // for the console and the browser tests
  page.start();
}

function showJoin(root, id, summary, seat, invite) {
  const name = h("input", { id: "join-name", maxlength: 32, value: playerName(), placeholder: "Your name", required: true, autocomplete: "nickname" });
  const status = h("div", { class: "status" });
  const join = async (event) => {
    event.preventDefault();
    status.replaceChildren();
    try {
      const answer = await api.join(id, seat, invite, name.value);
      setPlayerName(name.value.trim());
      remember(id, { game: summary.game, tokens: { [answer.seat]: answer.token }, current: answer.seat });
      history.replaceState(null, "", `/t/${encodeURIComponent(id)}`);
      new TablePage(root, id, answer.table).start();
    } catch (err) {
      status.append(h("p", { class: "refusal", role: "alert" }, err.message));
    }
  };
  const module = gameModule(summary.game);
  replace(root, h("section", { class: "panel join" },
    h("h1", {}, `Join ${module.title || summary.game}`),
    h("p", {}, "Seats: ", summary.seats.map((s) => seatChip(s.index, s.name || (s.kind === "open" ? "open" : s.kind)))),
    h("p", { class: "hint", id: "join-settings" }, `This table: ${hintsText(summary.hints)}; a seat left for good is played by a ${summary.zombie_level || "random"} bot.`),
    fairnessNote(summary),
    h("form", { onsubmit: join }, h("label", { for: "join-name" }, `Your name for seat ${seat + 1} `), name, " ",
      h("button", { type: "submit", class: "primary", id: "join-button" }, "Join")),
    status,
    h("p", {}, h("a", { href: `/t/${encodeURIComponent(id)}` }, "Just watch"), " · ", h("a", { href: "/" }, "Lobby"))));
  name.focus();
}

class TablePage {
  constructor(root, id, summary) {
    this.root = root;
    this.id = id;
    this.summary = summary;
    this.module = Object.create(gameModule(summary.game));
    this.entry = remembered()[id] || null;
    this.seat = null;
    this.token = null;
    if (this.entry && this.entry.tokens) {
      const seats = Object.keys(this.entry.tokens).map(Number);
      const current = seats.includes(this.entry.current) ? this.entry.current : seats[0];
      if (seats.length) {
        this.seat = current;
        this.token = this.entry.tokens[current];
      }
    }
    this.log = [];
    this.mounted = false;
    this.endShown = false;
    this.last = null;
    this.ui = {};
  }

  start() {
    const title = this.module.title || this.summary.game;
    document.title = `crafthall: ${title}`;
    document.getElementById("where").textContent = title;
    this.turn = h("div", { id: "turn", class: "turn", "aria-live": "polite" });
    this.tools = h("div", { class: "tools" });
    // Always in view (the bar sticks to the top): your score, whose turn, the clocks.
    this.glance = h("div", { id: "glance", class: "glance" });
    this.board = h("section", { id: "board", class: "board", tabindex: "-1" });
    this.waiting = h("section", { id: "waiting", class: "panel", hidden: true });
    this.sheet = h("section", { id: "scores", class: "panel" }, h("h2", {}, "Score sheet"));
    this.logList = h("ol", { class: "log-list", tabindex: 0, "aria-label": "Moves so far" }); // scrollable: keyboard users reach it
    this.logBox = h("section", { id: "log", class: "panel" }, h("h2", {}, "Moves"), this.logList);
    this.rules = h("details", { id: "rules", class: "panel", open: window.innerWidth > 900 },
      h("summary", {}, "Rules reminder"),
      h("ul", {}, (this.module.rules || []).map((line) => h("li", {}, line))));
    this.notice = h("div", { id: "notice", class: "notice", role: "status" });
    this.fairness = h("div", { id: "fairness" });
    this.end = h("div", { id: "end", class: "end-screen", hidden: true });
    replace(this.root, h("div", { class: `table-page game-${this.summary.game}` },
      h("div", { class: "status-bar" }, this.turn, this.glance, this.tools),
      this.notice,
      this.fairness,
      this.waiting,
      h("div", { class: "table-layout" }, this.board, h("aside", { class: "side" }, this.sheet, this.logBox, this.rules)),
      this.end));
    this.connect();
    this.clockTimer = setInterval(() => this.drawClocks(), 1000);
  }

  connect() {
    if (this.live) this.live.close();
    this.log = [];
    this.logList.replaceChildren();
    this.live = new Live(this.id, this.token, Boolean(this.module.wantLegal), {
      status: (state, text) => setConn(state, text),
      update: (msg) => this.update(msg),
      fatal: (text) => this.fatal(text),
      notice: (msg) => this.flash(msg.message),
    });
    this.live.connect();
  }

  fatal(text) {
    this.flash(text);
    if (this.token) {
      // A seat the server no longer knows: watch instead.
      this.token = null;
      this.seat = null;
      this.connect();
    }
  }

  flash(text) {
    this.notice.textContent = text;
    this.notice.classList.add("shown");
    clearTimeout(this.noticeTimer);
    this.noticeTimer = setTimeout(() => this.notice.classList.remove("shown"), 6000);
  }

  async act(action, anchor) {
    clearRefusals();
    const answer = await this.live.send({ type: "act", action });
    if (answer.type === "error") showRefusal(anchor || this.board, answer.message);
    return answer;
  }

  async send(type, anchor) {
    clearRefusals();
    const answer = await this.live.send({ type });
    if (answer.type === "error") showRefusal(anchor || this.tools, answer.message);
    return answer;
  }

  update(msg) {
    this.last = msg;
    this.summary = msg.table;
    const names = seatNames(msg.table);
    for (const change of msg.changes || []) this.addLog(change, names);
    this.drawTools(msg, names);
    this.drawTurn(msg, names);
    this.drawSheet(msg, names);
    this.drawGlance(msg, names);
    replace(this.fairness, fairnessNote(msg.table));
    if (msg.table.status === "waiting" || !msg.view) {
      this.drawWaiting(msg, names);
      this.board.hidden = true;
      return;
    }
    this.waiting.hidden = true;
    this.board.hidden = false;
    const ctx = this.context(msg, names);
    if (!this.mounted) {
      this.board.replaceChildren();
      this.module.mount(this.board, ctx);
      this.mounted = true;
    }
    this.module.update(ctx);
    this.drawEnd(msg, names);
  }

  context(msg, names) {
    const seat = msg.seat;
    const zombie = takenOver(msg);
    return {
      view: msg.view,
      seat,
      active: msg.active || [],
      legal: msg.legal || null,
      names,
      table: msg.table,
      ui: this.ui,
      readonly: seat === null || Boolean(zombie),
      myTurn: seat !== null && !zombie && (msg.active || []).includes(seat),
      over: msg.table.status === "finished",
      act: (action, anchor) => this.act(action, anchor),
    };
  }

  addLog(change, names) {
    const lines = [];
    const who = (seat) => (typeof seat === "number" ? names[seat] || `Seat ${seat + 1}` : "");
    if (change.kind === "created") lines.push(change.started ? "The table is set: the game begins." : "The table was made; waiting for players.");
    else if (change.kind === "joined") lines.push(`${change.name} sat down${change.started ? "; the game begins" : ""}.`);
    else if (change.kind === "undo") lines.push(`${who(change.seat)} took back a move.`);
    else if (change.kind === "zombie") lines.push(`A bot (${change.bot}) plays for ${who(change.seat)} from now on (${ZOMBIE_REASONS[change.reason] || change.reason}).`);
    else if (change.kind === "move") {
      for (const event of change.events || []) {
        const text = this.module.describe ? this.module.describe(event, names, change.seat) : null;
        // A line carries the mark of the player it is about (none for the table's own events).
        if (text) lines.push([text, typeof event.seat === "number" ? event.seat : null]);
      }
      if (!lines.length) lines.push(`${who(change.seat)} moved.`);
    }
    let item = null;
    for (const entry of lines) {
      const [line, seat] = Array.isArray(entry) ? entry : [entry, change.seat];
      item = h("li", { class: `log-${change.kind}` }, typeof seat === "number" ? seatMark(seat) : null, " ", line);
      this.logList.append(item);
    }
    // A bot's move says how long the bot thought (CPU time on the server).
    if (item && typeof change.thought_ms === "number") item.append(h("span", { class: "thought" }, ` · ${thoughtText(change.bot || "the", change.thought_ms)}`));
    while (this.logList.children.length > 400) this.logList.firstChild.remove();
    this.logList.scrollTop = this.logList.scrollHeight;
  }

  drawTurn(msg, names) {
    const view = msg.view || {};
    const seat = msg.seat;
    const active = msg.active || [];
    let text;
    let cls = "turn";
    if (msg.table.status === "waiting") text = "Waiting for players to take the open seats.";
    else if (msg.table.status === "finished") { text = "The game is over."; cls += " over"; }
    else if (takenOver(msg)) { text = "A bot plays your seat now."; cls += " zombie"; }
    else if (seat !== null && active.includes(seat)) { text = "Your turn"; cls += " mine"; }
    else if (active.length) text = `Waiting for ${active.map((s) => names[s]).join(", ")}`;
    else text = "…";
    this.turn.className = cls;
    replace(this.turn,
      h("strong", {}, text),
      view.prompt && msg.table.status === "playing" ? h("span", { class: "prompt" }, " · ", view.prompt) : null,
      seat === null ? h("span", { class: "watching" }, " · You are watching.") : h("span", { class: "you-are" }, " · You: ", seatChip(seat, names[seat])));
  }

  drawTools(msg, names) {
    const tokens = (this.entry && this.entry.tokens) || {};
    const mine = Object.keys(tokens).map(Number);
    const parts = [];
    if (mine.length > 1) {
      const select = h("select", { id: "seat-switch", "aria-label": "Play as" }, mine.map((s) => h("option", { value: s, selected: s === this.seat }, `Play as ${names[s]}`)));
      select.addEventListener("change", () => this.switchSeat(Number(select.value)));
      parts.push(select);
      const waitingOn = (msg.active || []).filter((s) => mine.includes(s) && s !== this.seat);
      if (msg.table.status === "playing" && !(msg.active || []).includes(this.seat) && waitingOn.length) {
        parts.push(button(`${names[waitingOn[0]]}'s turn: take the seat`, () => this.switchSeat(waitingOn[0]), { class: "primary small" }));
      }
    }
    if (msg.seat !== null && msg.table.status === "playing" && !takenOver(msg)) {
      parts.push(hintButton(this, msg));
      if (msg.table.undo) parts.push(button("↶ Undo", (e) => this.send("undo", e.currentTarget), { id: "undo", disabled: !msg.can_undo, title: "Take back your last move (while nobody has acted since)" }));
      parts.push(button("Leave", (e) => {
        if (confirm("Leave this game for good? A bot will play your seat.")) this.send("leave", e.currentTarget);
      }, { class: "ghost", title: "Hand your seat to a bot for good" }));
    }
    if (msg.table.status === "finished") {
      parts.push(button("Results", () => { this.end.hidden = false; }, { class: "ghost" }));
      parts.push(reviewButton(this));
      parts.push(h("a", { class: "button ghost", href: `/t/${encodeURIComponent(this.id)}?replay` }, "Replay"));
    }
    parts.push(h("a", { class: "button ghost", href: "/" }, "Lobby"));
    replace(this.tools, parts);
  }

  switchSeat(seat) {
    this.seat = seat;
    this.token = this.entry.tokens[seat];
    remember(this.id, { current: seat });
    this.connect();
  }

  drawWaiting(msg, names) {
    this.waiting.hidden = false;
    const invites = (this.entry && this.entry.invites) || {};
    replace(this.waiting, h("h2", {}, "Waiting for players"),
      h("p", {}, "The game starts when every open seat is taken. Send each friend the invite link of one open seat."),
      h("ul", { class: "invite-list" }, msg.table.seats.map((s, i) => {
        const url = invites[i] ? new URL(invites[i], location.origin).href : null;
        return h("li", {}, seatChip(i, names[i]), " ",
          s.kind === "open" && url ? [h("input", { class: "invite-link", readonly: true, value: url, "aria-label": `Invite link for seat ${i + 1}`, onfocus: (e) => e.target.select() }),
            button("Copy link", async (e) => {
              const btn = e.currentTarget;
              try { await navigator.clipboard.writeText(url); btn.textContent = "Copied ✓"; } catch { btn.previousSibling.select(); btn.textContent = "Press Ctrl+C"; }
            }, { class: "small copy-invite" })]
            : s.kind === "open" ? h("span", { class: "hint" }, "open (the table's creator has the invite link)") : h("span", { class: "hint" }, s.kind === "bot" ? "bot" : "seated"));
      })));
  }

  drawSheet(msg, names) {
    const view = msg.view;
    const extra = view && this.module.scoreSheet ? this.module.scoreSheet(view, names, msg) : null;
    const scores = (msg.table.result && msg.table.result.scores) || (view && view.scores) || [];
    const active = msg.active || [];
    const head = ["Player", "Score", ...(extra ? extra.head : [])];
    // Notes and the clock go under the name, not in columns of their own: the sheet is narrow.
    const rows = msg.table.seats.map((s, i) => {
      const notes = [i === msg.seat ? "you" : null, s.zombie ? "bot now" : null].filter(Boolean).join(", ");
      const cells = [
        h("td", { class: "player" }, active.includes(i) ? h("span", { class: "to-play", title: "to play" }, "▶ ") : null, seatChip(i, names[i]),
          notes || msg.table.clock ? h("div", { class: "hint player-notes" }, notes, msg.table.clock ? h("span", { class: "clock", dataset: { seat: i }, title: "clock" }, "") : null) : null),
        h("td", { class: "num score" }, scores[i] ?? "–"),
        ...(extra ? extra.rows[i].map((c) => h("td", { class: typeof c === "number" ? "num" : "" }, c)) : []),
      ];
      return h("tr", { class: active.includes(i) ? "active" : "" }, cells);
    });
    replace(this.sheet, h("h2", {}, "Score sheet"),
      h("div", { class: "sheet-box" }, h("table", { class: "score-table" }, h("thead", {}, h("tr", {}, head.map((c) => h("th", {}, c)))), h("tbody", {}, rows))),
      extra && extra.note ? h("p", { class: "hint" }, extra.note) : null);
    this.drawClocks();
  }

  drawGlance(msg, names) {
    const scores = (msg.table.result && msg.table.result.scores) || (msg.view && msg.view.scores) || [];
    const active = msg.table.status === "playing" ? msg.active || [] : [];
    const clock = (seat) => (msg.table.clock ? h("span", { class: "clock", dataset: { seat }, title: `${names[seat]}'s clock` }, "") : null);
    replace(this.glance,
      msg.seat === null ? h("span", { id: "status-me" }, "Watching")
        : h("span", { id: "status-me", class: "glance-me" }, seatChip(msg.seat, "You"), ": ", h("b", {}, scores[msg.seat] ?? "–"), " pts ", active.includes(msg.seat) ? null : clock(msg.seat)),
      active.length ? h("span", { id: "status-turn", class: "glance-turn" }, "▶ ", active.map((s) => [seatChip(s, s === msg.seat ? "You" : names[s], { class: "glance-name" }), " ", clock(s)])) : null);
    this.drawClocks();
  }

  drawClocks() {
    const msg = this.last;
    if (!msg || !msg.table.clock || !msg.clock) return;
    const drift = msg.clock.now - Date.now() / 1000;
    for (const cell of this.root.querySelectorAll(".clock[data-seat]")) {
      const seat = Number(cell.dataset.seat);
      let left = msg.table.seats[seat].clock;
      if (left === null || left === undefined) continue;
      if ((msg.active || []).includes(seat) && msg.table.status === "playing") left -= Date.now() / 1000 + drift - msg.clock.since;
      left = Math.max(0, left);
      cell.textContent = `${Math.floor(left / 60)}:${String(Math.floor(left % 60)).padStart(2, "0")}`;
    }
  }

  /** A new game with the same seats and options: each seat this browser holds sits again. */
  async playAgain(anchor) {
    const tokens = (this.entry && this.entry.tokens) || {};
    const held = [this.seat, ...Object.keys(tokens).map(Number).filter((s) => s !== this.seat)];
    let next = null;
    try {
      for (const seat of held) {
        const answer = await api.again(this.id, tokens[seat]);
        next = answer.table.id;
        remember(next, { game: answer.table.game, tokens: { [answer.seat]: answer.token }, invites: answer.invites || {}, current: this.seat });
      }
    } catch (err) {
      showRefusal(anchor, err.message);
      if (!next) return;
    }
    location.assign(`/t/${encodeURIComponent(next)}`);
  }

  drawEnd(msg, names) {
    const result = msg.table.result;
    if (msg.table.status !== "finished" || !result) return;
    if (this.endShown) return;
    this.endShown = true;
    const order = result.scores.map((score, seat) => ({ seat, score, rank: result.ranks[seat] })).sort((a, b) => a.rank - b.rank || a.seat - b.seat);
    const winners = result.winners.map((s) => names[s]);
    const youWon = msg.seat !== null && result.winners.includes(msg.seat);
    const parts = breakdown(this.module, result, msg.view, names.length);
    replace(this.end, h("div", { class: "end-card", role: "dialog", "aria-labelledby": "end-title" },
      h("h2", { id: "end-title" }, youWon ? "You win!" : "Game over"),
      h("p", { class: "winner" }, winners.length > 1 ? `Shared victory: ${winners.join(" and ")}` : `Winner: ${winners[0] ?? "nobody"}`),
      h("table", { class: "score-table final", id: "end-scores" },
        h("thead", {}, h("tr", {}, h("th", {}, "Place"), h("th", {}, "Player"), h("th", { class: "num" }, "Score"))),
        h("tbody", {}, order.map((r) => h("tr", { class: result.winners.includes(r.seat) ? "winner-row" : "" },
          h("td", { class: "num" }, r.rank), h("td", { class: "player" }, seatChip(r.seat, names[r.seat])), h("td", { class: "num score" }, r.score))))),
      // The breakdown has a row per part and a column per player: it fits a phone.
      parts && parts.head.length ? h("div", { class: "sheet-box" }, h("table", { class: "score-table breakdown", id: "end-breakdown" },
        h("thead", {}, h("tr", {}, h("th", {}, "Score from"), order.map((r) => h("th", { class: "num" }, seatChip(r.seat, names[r.seat]))))),
        h("tbody", {}, parts.head.map((label, i) => h("tr", {}, h("th", { scope: "row" }, label), order.map((r) => h("td", { class: "num" }, parts.rows[r.seat][i])))),
          h("tr", { class: "total" }, h("th", { scope: "row" }, "Total"), order.map((r) => h("td", { class: "num score" }, r.score)))))) : null,
      parts && parts.note ? h("p", { class: "hint" }, parts.note) : null,
      (result.zombies || []).length ? h("p", { class: "hint" }, result.zombies.map((z) => `${names[z.seat]} was played by a bot from move ${z.move + 1} (${ZOMBIE_REASONS[z.reason] || z.reason}).`).join(" ")) : null,
      fairnessNote(msg.table),
      h("div", { class: "end-actions" },
        msg.seat !== null ? button("Play again", (e) => this.playAgain(e.currentTarget), { class: "primary", id: "play-again", title: "A new game with the same players, bots and options" }) : null,
        button("See the table", () => { this.end.hidden = true; }, { id: "close-end" }),
        reviewButton(this, "end-review"),
        h("a", { class: "button", href: `/t/${encodeURIComponent(this.id)}?replay` }, "Replay"),
        h("a", { class: "button", href: `/api/tables/${encodeURIComponent(this.id)}/record`, download: `${this.id}.jsonl` }, "Download record"),
        h("a", { class: "button", href: "/" }, "Lobby"))));
    this.end.hidden = false;
  }
}
