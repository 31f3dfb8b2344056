// HTTP calls to the crafthall server (see docs/protocol.md and /docs).

export class ApiError extends Error {
  constructor(status, code, message) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

async function call(method, path, body, type = "application/json") {
  const init = { method, headers: {} };
  if (body !== undefined) {
    init.headers["content-type"] = type;
    init.body = type === "application/json" ? JSON.stringify(body) : body;
  }
  let response;
  try {
    response = await fetch(path, init);
  } catch (err) {
    throw new ApiError(0, "network", "The server cannot be reached; check your connection and try again.");
  }
  const text = await response.text();
  let data = null;
  try { data = text ? JSON.parse(text) : null; } catch { data = text; }
  if (!response.ok) {
    if (data && data.error) throw new ApiError(response.status, data.error.code, data.error.message);
    if (data && Array.isArray(data.detail)) {
      const why = data.detail.slice(0, 3).map((d) => `${(d.loc || []).slice(1).join(".")}: ${d.msg}`).join("; ");
      throw new ApiError(response.status, "invalid", `The server refused the request (${why}).`);
    }
    throw new ApiError(response.status, "http", `The server answered ${response.status}.`);
  }
  return data;
}

export const api = {
  games: () => call("GET", "/api/games"),
  openTables: () => call("GET", "/api/tables"),
  finishedTables: () => call("GET", "/api/tables?status=finished"),
  table: (id) => call("GET", `/api/tables/${encodeURIComponent(id)}`),
  create: (spec) => call("POST", "/api/tables", spec),
  again: (id, token) => call("POST", `/api/tables/${encodeURIComponent(id)}/again`, { token }),
  join: (id, seat, invite, name) => call("POST", `/api/tables/${encodeURIComponent(id)}/join`, { seat, invite, name }),
  replay: (id, move, seat) => call("GET", `/api/tables/${encodeURIComponent(id)}/replay?move=${move}${seat === null ? "" : `&seat=${seat}`}`),
  upload: (text) => call("POST", "/api/replays", text, "application/x-ndjson"),
  uploaded: (id, move, seat) => call("GET", `/api/replays/${encodeURIComponent(id)}?move=${move}${seat === null ? "" : `&seat=${seat}`}`),
  hints: (id, token) => call("POST", `/api/tables/${encodeURIComponent(id)}/hints`, { token }),
  review: (id) => call("GET", `/api/tables/${encodeURIComponent(id)}/review`),
  uploadReview: (id) => call("GET", `/api/replays/${encodeURIComponent(id)}/review`),
};

// What this browser remembers: the seats it holds (tokens), invites it made, tables it visited.
const KEY = "crafthall.tables";

export function remembered() {
  try { return JSON.parse(localStorage.getItem(KEY) || "{}") || {}; } catch { return {}; }
}

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

export function setPlayerName(name) {
  localStorage.setItem("crafthall.name", name);
}

// The lobby's last choices (game, seats, bots, take-over bot, hints), kept when a table is
// made so that a returning player finds them again.
const CHOICES = "crafthall.lobby";

export function lobbyChoices() {
  try { return JSON.parse(localStorage.getItem(CHOICES) || "null"); } catch { return null; }
}

export function rememberLobbyChoices(choices) {
  localStorage.setItem(CHOICES, JSON.stringify(choices));
}

/** A first visit: this browser has no name, no lobby choices and no table of its own yet. */
export function firstVisit() {
  return !playerName() && lobbyChoices() === null && Object.keys(remembered()).length === 0;
}
