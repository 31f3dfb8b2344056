// @ts-check
// A table page's flow: the join form for an invite, then the live connection, and at each
// update the turn banner, the tool bar, the score sheet, the log, the game's board (boards.js)
// and, once over, the end screen. Each part is drawn by a script of its own.
import { api, remember, remembered } from "./api.js";
import { h, replace, fairnessNote, failurePanel } from "./dom.js";
import { Live } from "./live.js";
import { openBoard, rulesReminder } from "./boards.js";
import { showLearn, rulesLink } from "./learn.js";
import { showRefusal, clearRefusals } from "./refusals.js";
import { showJoin, invitedSeat } from "./join.js";
import { MoveLog } from "./log.js";
import { seatNames, takenOver } from "./seats.js";
import { setConn, drawTurn } from "./banner.js";
import { scoreSheet, glance, tickClocks } from "./scores.js";
import { toolBar, waitingPanel } from "./tools.js";
import { endCard } from "./end.js";
import { chatPanel } from "./chat.js";
import { showPace } from "./yourturn.js";
import { takeUpSeats } from "./account.js";

/**
 * The page of table ``id`` (a tutorial's is learn.js's); an invite to a seat still open asks
 * the player's name first (join.js).
 * @param {HTMLElement} root
 * @param {string} id
 * @param {URLSearchParams} params
 */
export async function showTable(root, id, params) {
  if (id.startsWith("learn-")) return showLearn(root, id);
  /** @type {HTMLElement} */ (document.getElementById("where")).textContent = `Table ${id}`;
  let summary;
  let opened;
  try {
    summary = await api.table(id);
    opened = await openBoard(summary.game);
  } catch (err) {
    replace(root, failurePanel(summary ? "This table cannot be shown" : "No such table", err.message));
    return;
  }
  const start = (/** @type {any} */ table) => {
    const page = new TablePage(root, id, table, opened);
    /** @type {any} */ (window).crafthallTable = page; // for the console and the browser tests
    page.start();
  };
  await takeUpSeats(id, summary.game);
  const invited = invitedSeat(id, summary, params);
  if (invited) showJoin(root, id, summary, invited.seat, invited.invite, opened.game.title, start);
  else start(summary);
}

class TablePage {
  /**
   * @param {HTMLElement} root
   * @param {string} id
   * @param {any} summary
   * @param {Awaited<ReturnType<typeof openBoard>>} opened the game, its board, what every context carries
   */
  constructor(root, id, summary, opened) {
    this.root = root;
    this.id = id;
    this.summary = summary;
    this.game = opened.game;
    this.board = opened.board;
    this.shared = opened.shared;
    this.entry = remembered()[id] || null;
    /** @type {number | null} */
    this.seat = null;
    /** @type {string | null} */
    this.token = null;
    const seats = Object.keys((this.entry && this.entry.tokens) || {}).map(Number);
    if (seats.length) {
      this.seat = seats.includes(this.entry.current) ? this.entry.current : seats[0];
      this.token = this.entry.tokens[this.seat];
    }
    this.mounted = false;
    this.endShown = false;
    /** @type {any} the last update */
    this.last = null;
    this.ui = {};
    this.log = new MoveLog();
    /** @type {Live | null} */
    this.live = null;
    /** @type {ReturnType<typeof setTimeout> | undefined} */
    this.noticeTimer = undefined;
    this.turn = h("div", { id: "turn", class: "turn", "aria-live": "polite" });
    this.tools = h("div", { class: "tools" });
    // Always in view (the bar sticks to the top): your score, whose turn, the clocks.
    this.glance = h("div", { id: "glance", class: "glance" });
    this.pace = h("div", { id: "pace-note", class: "hint", hidden: true });
    this.boardBox = h("section", { id: "board", class: "board", tabindex: "-1" });
    this.waiting = h("section", { id: "waiting", class: "panel", hidden: true });
    this.sheet = h("section", { id: "scores", class: "panel" }, h("h2", {}, "Score sheet"));
    this.notice = h("div", { id: "notice", class: "notice", role: "status" });
    this.fairness = h("div", { id: "fairness" });
    this.end = h("div", { id: "end", class: "end-screen", hidden: true });
  }

  start() {
    document.title = `crafthall: ${this.game.title}`;
    /** @type {HTMLElement} */ (document.getElementById("where")).textContent = this.game.title;
    const rules = rulesReminder(this.game, { id: "rules", open: window.innerWidth > 900 });
    const side = h("aside", { class: "side" },
      this.sheet, chatPanel(this), this.log.box, rules, rulesLink(this.game.name));
    replace(this.root, h("div", { class: `table-page game-${this.summary.game}` },
      h("div", { class: "status-bar" }, this.turn, this.glance, this.tools), this.pace,
      this.notice, this.fairness, this.waiting,
      h("div", { class: "table-layout" }, this.boardBox, side),
      this.end));
    this.connect();
    setInterval(() => tickClocks(this.root, this.last), 1000);
  }

  connect() {
    if (this.live) this.live.close();
    this.log.clear();
    this.live = new Live(this.id, this.token, Boolean(this.board.wantLegal), {
      status: (state, text) => setConn(state, text),
      update: (msg) => this.update(msg),
      fatal: (text) => this.fatal(text),
      notice: (msg) => this.flash(msg.message),
    });
    this.live.connect();
  }

  /** @param {string} text why the seat's connection ended for good */
  fatal(text) {
    this.flash(text);
    if (!this.token) return;
    // A seat the server no longer knows: watch instead.
    this.token = null;
    this.seat = null;
    this.connect();
  }

  /** @param {string} text */
  flash(text) {
    this.notice.textContent = text;
    this.notice.classList.add("shown");
    clearTimeout(this.noticeTimer);
    this.noticeTimer = setTimeout(() => this.notice.classList.remove("shown"), 6000);
  }

  /**
   * Send a message; a refusal shows next to ``anchor`` (the control that sent it).
   * @param {Record<string, unknown>} message
   * @param {Element | null | undefined} anchor
   */
  async ask(message, anchor) {
    clearRefusals();
    const answer = await /** @type {Live} */ (this.live).send(message);
    if (answer.type === "error") showRefusal(anchor, answer.message);
    return answer;
  }

  /** @param {any} action @param {Element | null} [anchor] */
  act(action, anchor) {
    return this.ask({ type: "act", action }, anchor || this.boardBox);
  }

  /** @param {string} type @param {Element | null} [anchor] */
  send(type, anchor) {
    return this.ask({ type }, anchor || this.tools);
  }

  /** @param {number} seat one this browser holds */
  switchSeat(seat) {
    this.seat = seat;
    this.token = this.entry.tokens[seat];
    remember(this.id, { current: seat });
    this.connect();
  }

  /** @param {any} msg */
  update(msg) {
    this.last = msg;
    this.summary = msg.table;
    const names = seatNames(msg.table);
    for (const change of msg.changes || []) this.log.add(change, names);
    replace(this.tools, toolBar(this, msg, names));
    drawTurn(this.turn, msg, names);
    replace(this.sheet, scoreSheet(this.board, msg, names));
    replace(this.glance, glance(msg, names));
    tickClocks(this.root, msg);
    replace(this.fairness, fairnessNote(msg.table));
    showPace(this.pace, msg.table, this.seat, this.token);
    const waiting = msg.table.status === "waiting" || !msg.view;
    this.waiting.hidden = !waiting;
    this.boardBox.hidden = waiting;
    if (waiting) {
      replace(this.waiting, waitingPanel(msg, names, (this.entry && this.entry.invites) || {}));
      return;
    }
    const ctx = this.context(msg, names);
    if (!this.mounted) {
      this.boardBox.replaceChildren();
      this.board.mount(this.boardBox, ctx);
      this.mounted = true;
    }
    this.board.update(ctx);
    if (msg.table.status === "finished" && msg.table.result && !this.endShown) {
      this.endShown = true;
      replace(this.end, endCard(this, msg, names));
      this.end.hidden = false;
    }
  }

  /**
   * @param {any} msg
   * @param {string[]} names
   * @returns {import("./boards.js").BoardContext}
   */
  context(msg, names) {
    const seat = msg.seat;
    const zombie = takenOver(msg);
    return {
      view: msg.view, seat, active: msg.active || [], legal: msg.legal || null, names, table: msg.table, ui: this.ui,
      changes: msg.changes || [],
      readonly: seat === null || zombie,
      myTurn: seat !== null && !zombie && (msg.active || []).includes(seat),
      over: msg.table.status === "finished",
      act: (action, anchor) => this.act(action, anchor),
      ...this.shared,
    };
  }
}
