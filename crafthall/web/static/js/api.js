// @ts-check
// HTTP calls to the crafthall server (see docs/protocol.md and /docs).

/** A refusal or failure, with the server's stable code and its sentence as the message. */
export class ApiError extends Error {
  /**
   * @param {number} status the HTTP status (0: the server was not reached)
   * @param {string} code
   * @param {string} message
   */
  constructor(status, code, message) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

/** The page's CSRF token (the ``crafthall_csrf`` cookie), repeated with every change. */
function csrfToken() {
  const found = document.cookie.match(/(?:^|;\s*)crafthall_csrf=([^;]*)/);
  return found ? decodeURIComponent(found[1]) : "";
}

/**
 * @param {string} method
 * @param {string} path
 * @param {unknown} [body]
 * @param {string} [type]
 * @returns {Promise<any>}
 */
export async function call(method, path, body, type = "application/json") {
  /** @type {RequestInit & {headers: Record<string, string>}} */
  const init = { method, headers: {} };
  if (method !== "GET") init.headers["x-csrf-token"] = csrfToken();
  if (body !== undefined) {
    init.headers["content-type"] = type;
    init.body = type === "application/json" ? JSON.stringify(body) : /** @type {string} */ (body);
  }
  let response;
  try {
    response = await fetch(path, init);
  } catch {
    throw new ApiError(0, "network", "The server cannot be reached; check your connection and try again.");
  }
  const text = await response.text();
  let data = null;
  try { data = text ? JSON.parse(text) : null; } catch { data = text; }
  if (!response.ok) {
    if (data && data.error) throw new ApiError(response.status, data.error.code, data.error.message);
    if (data && Array.isArray(data.detail)) {
      const why = data.detail.slice(0, 3)
        .map((/** @type {{loc?: string[], msg: string}} */ d) => `${(d.loc || []).slice(1).join(".")}: ${d.msg}`)
        .join("; ");
      throw new ApiError(response.status, "invalid", `The server refused the request (${why}).`);
    }
    throw new ApiError(response.status, "http", `The server answered ${response.status}.`);
  }
  return data;
}

/** @param {string} id a table's id */
const tablePath = (id) => `/api/tables/${encodeURIComponent(id)}`;
/** @param {string} id an uploaded record's id */
const uploadPath = (id) => `/api/replays/${encodeURIComponent(id)}`;
/**
 * A replay step's query: the move, and the seat whose view it is (null: a spectator's).
 * @param {number} move
 * @param {number | null} seat
 */
const stepQuery = (move, seat) => `?move=${move}${seat === null ? "" : `&seat=${seat}`}`;

export const api = {
  games: () => call("GET", "/api/games"),
  openTables: () => call("GET", "/api/tables"),
  finishedTables: () => call("GET", "/api/tables?status=finished"),
  /** @param {string} id */
  table: (id) => call("GET", tablePath(id)),
  /** @param {object} spec */
  create: (spec) => call("POST", "/api/tables", spec),
  /** @param {string} id @param {string} token */
  again: (id, token) => call("POST", `${tablePath(id)}/again`, { token }),
  /** @param {string} id @param {number} seat @param {string} invite @param {string} name */
  join: (id, seat, invite, name) => call("POST", `${tablePath(id)}/join`, { seat, invite, name }),
  /** @param {string} id @param {number} move @param {number | null} seat */
  replay: (id, move, seat) => call("GET", `${tablePath(id)}/replay${stepQuery(move, seat)}`),
  /** @param {string} text a match record (JSON Lines) */
  upload: (text) => call("POST", "/api/replays", text, "application/x-ndjson"),
  /** @param {string} id @param {number} move @param {number | null} seat */
  uploaded: (id, move, seat) => call("GET", `${uploadPath(id)}${stepQuery(move, seat)}`),
  /** @param {string} id @param {string} token */
  hints: (id, token) => call("POST", `${tablePath(id)}/hints`, { token }),
  /** @param {string} id @param {number} [since] the moves reviewed so far from this one on */
  review: (id, since = 0) => call("GET", `${tablePath(id)}/review?since=${since}`),
  /** @param {string} id @param {number} [since] */
  uploadReview: (id, since = 0) => call("GET", `${uploadPath(id)}/review?since=${since}`),
};

/** Turn-based tables: the tables waiting for your move, an account's notices (docs/web.md). */
export const turnsApi = {
  /** @param {{table: string, token: string}[]} seats the seats this browser holds */
  waiting: (seats) => call("POST", "/api/turns", { seats }),
  /** @param {string} id a table's id */
  deadlines: (id) => call("GET", `${tablePath(id)}/turns`),
  /** @param {string} id @param {string} token the giver's seat @param {number} seat the one to move */
  giveTime: (id, token, seat) => call("POST", `${tablePath(id)}/turns/more`, { token, seat }),
  notify: () => call("GET", "/api/notify"),
  /** @param {{push: boolean, email: string | null}} choices */
  choose: (choices) => call("PUT", "/api/notify", choices),
  /** @param {unknown} subscription a PushSubscription as JSON */
  subscribe: (subscription) => call("POST", "/api/notify/push", subscription),
  /** @param {string} endpoint */
  unsubscribe: (endpoint) => call("POST", "/api/notify/push/remove", { endpoint }),
};

/** @param {string} id a lesson's id (or, to start one, a game's name) */
const learnPath = (id) => `/api/learn/${encodeURIComponent(id)}`;

/** The tutorials (docs/web.md, "Learn to play"); ``legal``: whether to list the learner's legal actions. */
export const learnApi = {
  list: () => call("GET", "/api/learn"),
  /** @param {string} game @param {boolean} legal */
  start: (game, legal) => call("POST", `${learnPath(game)}?legal=${legal}`),
  /** @param {string} id @param {boolean} legal */
  state: (id, legal) => call("GET", `${learnPath(id)}/state?legal=${legal}`),
  /** @param {string} id @param {unknown} action @param {boolean} legal */
  move: (id, action, legal) => call("POST", `${learnPath(id)}/move?legal=${legal}`, { action }),
};

// What this browser remembers: the seats it holds (tokens), invites it made, tables it visited.
const KEY = "crafthall.tables";

/** @returns {Record<string, any>} each table's entry: tokens, invites, game, current seat, seen */
export function remembered() {
  try { return JSON.parse(localStorage.getItem(KEY) || "{}") || {}; } catch { return {}; }
}

/**
 * Merge ``patch`` into table ``id``'s entry (tokens and invites add up) and stamp the visit.
 * @param {string} id
 * @param {Record<string, any>} patch
 */
export function remember(id, patch) {
  const all = remembered();
  const entry = { tokens: {}, invites: {}, ...(all[id] || {}) };
  if (patch.tokens) entry.tokens = { ...entry.tokens, ...patch.tokens };
  if (patch.invites) entry.invites = { ...entry.invites, ...patch.invites };
  for (const [k, v] of Object.entries(patch)) if (k !== "tokens" && k !== "invites") entry[k] = v;
  entry.seen = Date.now();
  all[id] = entry;
  localStorage.setItem(KEY, JSON.stringify(all));
  return entry;
}

export function playerName() {
  return localStorage.getItem("crafthall.name") || "";
}

/** @param {string} name */
export function setPlayerName(name) {
  localStorage.setItem("crafthall.name", name);
}

// The lobby's last choices (game, seats, bots, take-over bot, hints), kept when a table is
// made so that a returning player finds them again.
const CHOICES = "crafthall.lobby";

export function lobbyChoices() {
  try { return JSON.parse(localStorage.getItem(CHOICES) || "null"); } catch { return null; }
}

/** @param {object} choices */
export function rememberLobbyChoices(choices) {
  localStorage.setItem(CHOICES, JSON.stringify(choices));
}

/** A first visit: this browser has no name, no lobby choices and no table of its own yet. */
export function firstVisit() {
  return !playerName() && lobbyChoices() === null && Object.keys(remembered()).length === 0;
}
