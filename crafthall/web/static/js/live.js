// @ts-check
// The live WebSocket connection to one table: hello, updates, answers, and reconnection.
import { playerName } from "./api.js";

/**
 * What the page does with the connection's news: each update, the welcome, the connection's
 * state in words, a fatal sentence (the seat's token or the table is gone) and a notice.
 * @typedef {object} LiveHandlers
 * @property {(msg: any) => void} update
 * @property {(msg: any) => void} [welcome]
 * @property {(state: "connecting" | "live" | "offline", text: string) => void} status
 * @property {(text: string) => void} fatal
 * @property {(msg: any) => void} [notice]
 */

export class Live {
  /**
   * The connection comes back by itself after a drop, asking for what it missed (since).
   * @param {string} tableId
   * @param {string | null} token the seat's token (null: watch)
   * @param {boolean} wantLegal whether updates list the seat's legal actions
   * @param {LiveHandlers} handlers
   */
  constructor(tableId, token, wantLegal, handlers) {
    this.tableId = tableId;
    this.token = token;
    this.wantLegal = wantLegal;
    this.handlers = handlers;
    this.version = -1;
    this.nextId = 1;
    /** @type {Map<number, (answer: any) => void>} */
    this.pending = new Map();
    this.retry = 0;
    this.closed = false;
    /** @type {WebSocket | null} */
    this.ws = null;
    /** @type {ReturnType<typeof setTimeout> | undefined} */
    this.timer = undefined;
    /** @type {ReturnType<typeof setInterval> | undefined} */
    this.keepAlive = undefined;
  }

  url() {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    return `${scheme}://${location.host}/ws/tables/${encodeURIComponent(this.tableId)}`;
  }

  connect() {
    if (this.closed) return;
    this.handlers.status("connecting", this.retry ? "Reconnecting…" : "Connecting…");
    const ws = new WebSocket(this.url());
    this.ws = ws;
    ws.onopen = () => {
      /** @type {Record<string, unknown>} */
      const hello = { type: "hello", since: this.version, legal: this.wantLegal, chat: true, id: "hello" };
      if (this.token) hello.token = this.token;
      else if (playerName()) hello.name = playerName(); // a spectator's name in its chat
      ws.send(JSON.stringify(hello));
    };
    ws.onmessage = (event) => this.receive(JSON.parse(event.data));
    // The server closes sockets silent for a few minutes: a ping a minute keeps this one.
    clearInterval(this.keepAlive);
    this.keepAlive = setInterval(() => {
      if (ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify({ type: "ping" }));
    }, 60000);
    ws.onclose = (event) => this.dropped(ws, event);
    ws.onerror = () => {};
  }

  /** @param {any} msg */
  receive(msg) {
    if (msg.type === "welcome") {
      this.retry = 0;
      this.handlers.status("live", "Connected");
      this.handlers.welcome?.(msg);
      return;
    }
    if (msg.type === "update") {
      this.version = msg.version;
      this.handlers.update(msg);
      // The update that shows our own change carries our request's id: it is the answer.
      if (msg.id !== undefined && this.pending.has(msg.id)) {
        const done = this.pending.get(msg.id);
        this.pending.delete(msg.id);
        done({ type: "ok", id: msg.id, version: msg.version });
      }
      return;
    }
    if (msg.type === "chat") {
      // Lines go to the chat panel (chat.js); the writer's own copy answers its message.
      document.dispatchEvent(new CustomEvent("crafthall-chat", { detail: msg }));
      if (msg.id !== undefined && this.pending.has(msg.id)) {
        const done = this.pending.get(msg.id);
        this.pending.delete(msg.id);
        done(msg);
      }
      return;
    }
    if (msg.type === "bye") {
      this.handlers.status("connecting", msg.reason || "The server is restarting…");
      return;
    }
    // slow-down names the message it delays; that message's own answer still follows.
    const final = msg.type !== "error" || msg.code !== "slow-down";
    if ((msg.type === "error" || msg.type === "legal") && final && this.pending.has(msg.id)) {
      const done = this.pending.get(msg.id);
      this.pending.delete(msg.id);
      done(msg);
      return;
    }
    if (msg.type === "error") this.handlers.notice?.(msg);
  }

  /**
   * @param {WebSocket} ws
   * @param {CloseEvent} event
   */
  dropped(ws, event) {
    if (ws !== this.ws) return;
    const message = "The connection dropped before the server answered; try again.";
    for (const done of this.pending.values()) done({ type: "error", code: "connection-lost", message });
    this.pending.clear();
    if (this.closed) return;
    if (event.code === 4401 || event.code === 4404) {
      this.closed = true;
      this.handlers.fatal(event.code === 4401
        ? "This seat's token is not valid at this table any more."
        : "There is no such table.");
      return;
    }
    this.retry += 1;
    const wait = Math.min(5000, 250 * 2 ** Math.min(this.retry, 5));
    this.handlers.status("offline", `Connection lost; trying again in ${Math.ceil(wait / 1000)} s…`);
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.connect(), wait);
  }

  /**
   * Send a message; resolves with the server's answer: {type: "ok", id, version} once the
   * update showing the change came, else the error or legal list.
   * @param {Record<string, unknown>} message
   * @returns {Promise<any>}
   */
  send(message) {
    return new Promise((resolve) => {
      if (!this.ws || this.ws.readyState !== WebSocket.OPEN) {
        const offline = "Not connected to the table right now; reconnecting, try again in a moment.";
        resolve({ type: "error", code: "offline", message: offline });
        return;
      }
      const id = this.nextId++;
      this.pending.set(id, resolve);
      this.ws.send(JSON.stringify({ ...message, id }));
    });
  }

  close() {
    this.closed = true;
    clearTimeout(this.timer);
    clearInterval(this.keepAlive);
    if (this.ws) this.ws.close(1000);
  }
}
