// @ts-check
// Accounts in the browser (docs/web.md, "Accounts and ratings"): the top bar's sign-in or
// account menu, the sign-up and sign-in forms (a guest's tables come along), the account page
// (password, sign out everywhere, delete), a finished game's rating changes, the lobby's levels.
import { call, remember, remembered, setPlayerName } from "./api.js";
import { h, append, replace, button, refusalNote } from "./dom.js";

/** @param {string} name */
const playerPath = (name) => `/players/${encodeURIComponent(name)}`;

export const accountApi = {
  who: () => call("GET", "/api/account"),
  /** @param {string} name @param {string} password @param {any[]} seats */
  signUp: (name, password, seats) => call("POST", "/api/account/signup", { name, password, seats }),
  /** @param {string} name @param {string} password @param {any[]} seats */
  signIn: (name, password, seats) => call("POST", "/api/account/signin", { name, password, seats }),
  signOut: () => call("POST", "/api/account/signout", {}),
  signOutEverywhere: () => call("POST", "/api/account/signout-everywhere", {}),
  /** @param {string} old @param {string} next */
  password: (old, next) => call("POST", "/api/account/password", { old, new: next }),
  /** @param {string} password */
  remove: (password) => call("POST", "/api/account/delete", { password }),
  /** @param {string} name */
  player: (name) => call("GET", `/api${playerPath(name)}`),
  /** @param {string} game */
  leaderboard: (game) => call("GET", `/api/leaderboard/${encodeURIComponent(game)}`),
  /** @param {string[]} ids */
  levels: (ids) => call("GET", `/api/levels?tables=${ids.map(encodeURIComponent).join(",")}`),
  /** @param {string} id */
  ratings: (id) => call("GET", `/api/tables/${encodeURIComponent(id)}/ratings`),
  /** @param {any[]} seats the seats this browser holds: their tokens, for the account's old links */
  keepTokens: (seats) => call("POST", "/api/account/seats/tokens", { seats }),
  /** @param {string} id a table's id: the account's seats there, with their tokens */
  takeUp: (id) => call("POST", `/api/tables/${encodeURIComponent(id)}/seat`, {}),
};

/** @type {Promise<{id: number, name: string} | null> | null} */
let current = null;

/** The signed-in account (asked once a page), or null for a guest. */
export function signedIn() {
  current ??= accountApi.who().then((answer) => answer.account).catch(() => null);
  return current;
}

/**
 * At table ``id`` (of ``game``), where this browser holds no seat, the seats the signed-in
 * account took in another browser become this browser's too: their tokens are kept as if
 * taken here. A guest, or an account without a seat there, just watches.
 * @param {string} id
 * @param {string} game
 */
export async function takeUpSeats(id, game) {
  const entry = remembered()[id];
  if ((entry && Object.keys(entry.tokens || {}).length) || !(await signedIn())) return;
  try {
    const answer = await accountApi.takeUp(id);
    const tokens = Object.fromEntries(answer.seats.map((/** @type {any} */ s) => [s.seat, s.token]));
    remember(id, { game, tokens, current: answer.seats[0].seat });
  } catch { /* not the account's seat: the table opens to watch */ }
}

/** The seats this browser holds as a guest, each with its token (they prove the seat is ours). */
function heldSeats() {
  return Object.entries(remembered()).flatMap(([table, entry]) =>
    Object.entries(entry.tokens || {}).map(([seat, token]) => ({ table, seat: Number(seat), token })));
}

const HANDED = "crafthall.tokens-handed";

/**
 * Once per account in this browser, the tokens of the seats held here go to the signed-in
 * account: a seat of the account's linked before tokens were kept keeps its token, so the
 * account's other browsers can take it up. No seat becomes the account's by this.
 * @param {{id: number}} account
 */
async function handOverTokens(account) {
  const held = heldSeats().slice(-500);
  if (!held.length || localStorage.getItem(HANDED) === String(account.id)) return;
  try {
    await accountApi.keepTokens(held);
    localStorage.setItem(HANDED, String(account.id));
  } catch { /* the next page tries again */ }
}

/**
 * The sign-in or sign-up form: name and password, and whether this browser's tables come along.
 * @param {"in" | "up"} how
 * @param {(account: any) => void} done
 */
function entryForm(how, done) {
  const name = h("input", { id: `sign${how}-name`, maxlength: 24, required: true, autocomplete: "username" });
  const password = h("input", { id: `sign${how}-password`, type: "password", maxlength: 200, required: true,
    autocomplete: how === "up" ? "new-password" : "current-password" });
  const held = heldSeats();
  const keep = h("input", { type: "checkbox", id: `sign${how}-keep`, checked: true });
  const status = h("div", { class: "status", role: "status" });
  /** @param {SubmitEvent} e */
  const submit = async (e) => {
    e.preventDefault();
    status.replaceChildren();
    const seats = keep.checked ? held : [];
    try {
      const answer = how === "up"
        ? await accountApi.signUp(name.value, password.value, seats)
        : await accountApi.signIn(name.value, password.value, seats);
      setPlayerName(answer.account.name);
      done(answer.account);
    } catch (err) {
      status.append(refusalNote(err.message));
    }
  };
  return h("form", { class: "account-form", id: `sign${how}-form`, onsubmit: submit },
    h("h2", {}, how === "up" ? "Create an account" : "Sign in"),
    h("label", { class: "field" }, "Name ", name),
    h("label", { class: "field" }, "Password ", password),
    how === "up" ? h("p", { class: "hint" }, "A name of 2 to 24 letters or digits, and a password of 8 characters"
      + " or more. No e-mail is needed.") : null,
    held.length ? h("label", { class: "field" }, keep,
      ` Keep the ${held.length === 1 ? "table" : `${held.length} tables`} played in this browser`) : null,
    h("button", { type: "submit", class: "primary" }, how === "up" ? "Create the account" : "Sign in"),
    status);
}

/** The dialog of the two forms, opened from the top bar. */
function entryDialog() {
  const dialog = h("dialog", { class: "account-dialog", id: "account-dialog" });
  const reload = () => location.reload();
  replace(dialog, entryForm("in", reload), entryForm("up", reload),
    button("Close", () => dialog.close(), { class: "ghost" }));
  return dialog;
}

/** The top bar's account slot: sign in, or the account's name and its menu (and, signed in, the
 * tokens of the seats held here handed over once). */
export async function showAccountBar() {
  const account = await signedIn();
  if (account) handOverTokens(account);
  const slot = document.getElementById("account");
  if (!slot) return;
  if (!account) {
    const dialog = entryDialog();
    replace(slot, button("Sign in", () => dialog.showModal(), { id: "sign-in", class: "small" }), dialog);
    return;
  }
  replace(slot,
    h("a", { href: playerPath(account.name), id: "account-name" }, account.name),
    " ", h("a", { href: "/account", id: "account-link", class: "small" }, "Account"),
    " ", button("Sign out", async () => {
      await accountApi.signOut().catch(() => null);
      location.assign("/");
    }, { id: "sign-out", class: "small" }));
}

/**
 * A form of the account page: its fields, its button, what it does, and its refusals.
 * @param {string} title
 * @param {HTMLInputElement[]} fields
 * @param {string} label
 * @param {() => Promise<string>} act the sentence to show once done
 */
function accountForm(title, fields, label, act) {
  const status = h("div", { class: "status", role: "status" });
  /** @param {SubmitEvent} e */
  const submit = async (e) => {
    e.preventDefault();
    status.replaceChildren();
    try {
      status.append(h("p", { class: "done" }, await act()));
    } catch (err) {
      status.append(refusalNote(err.message));
    }
  };
  return h("form", { class: "panel account-form", onsubmit: submit }, h("h2", {}, title),
    fields.map((f) => h("label", { class: "field" }, `${f.title} `, f)),
    h("button", { type: "submit" }, label), status);
}

/** @param {string} id @param {string} title */
const passwordField = (id, title) =>
  h("input", { id, title, type: "password", maxlength: 200, required: true, autocomplete: "current-password" });

/**
 * The account page: change the password, sign out everywhere, delete the account.
 * @param {HTMLElement} root
 */
export async function showAccount(root) {
  document.title = "crafthall: your account";
  document.getElementById("where").textContent = "Account";
  const account = await signedIn();
  if (!account) {
    replace(root, h("section", { class: "panel" }, h("p", {}, "Sign in first: this page is an account's."),
      entryForm("in", () => location.reload())));
    return;
  }
  const old = passwordField("old-password", "Present password");
  const next = passwordField("new-password", "New password");
  next.autocomplete = "new-password";
  const confirm = passwordField("delete-password", "Password");
  replace(root, h("div", { class: "account-page" },
    h("h1", {}, account.name), h("p", {}, h("a", { href: playerPath(account.name) }, "Your player page")),
    accountForm("Change the password", [old, next], "Change it", async () => {
      await accountApi.password(old.value, next.value);
      return "Changed. Every other browser is signed out.";
    }),
    accountForm("Sign out everywhere", [], "Sign out of every browser", async () => {
      const answer = await accountApi.signOutEverywhere();
      setTimeout(() => location.assign("/"), 1500);
      return `Signed out of ${answer.ended} browser${answer.ended === 1 ? "" : "s"}.`;
    }),
    accountForm("Delete the account", [confirm], "Delete it for good", async () => {
      const answer = await accountApi.remove(confirm.value);
      setTimeout(() => location.assign("/"), 1500);
      return `Deleted. Your ${answer.tables} game${answer.tables === 1 ? "" : "s"} stay, under "a former player".`;
    })));
}

/**
 * The end screen's line of rating changes ("Ann: 1000 → 1123 (+123)"), filled once known;
 * empty for a table no account played at.
 * @param {string} tableId
 */
export function ratingNote(tableId) {
  const note = h("p", { class: "rating-change", id: "end-rating" });
  accountApi.ratings(tableId).then((answer) => {
    if (!answer.rated) {
      if (!answer.why.startsWith("No seat")) note.append(`Not rated: ${answer.why}`);
      return;
    }
    const sign = (/** @type {number} */ n) => (n >= 0 ? `+${n}` : String(n));
    append(note, "Rating: ", answer.changes.map((/** @type {any} */ c, /** @type {number} */ n) => [n ? "; " : "",
      h("a", { href: playerPath(c.name) }, c.name), ` ${c.before} → ${c.after} (${sign(c.change)})`]));
  }).catch(() => null);
  return note;
}

/**
 * Beside each account's name in the lobby's lists (``li[data-table]`` holding seat chips in
 * seat order), its level in the table's game and its rating.
 * @param {HTMLElement} box
 */
export async function showLevels(box) {
  const items = [...box.querySelectorAll("li[data-table]")].map((li) => /** @type {HTMLElement} */ (li));
  if (items.length === 0) return;
  let found;
  try {
    found = (await accountApi.levels(items.map((li) => li.dataset.table || ""))).tables;
  } catch {
    return;
  }
  for (const li of items) {
    const seats = found[li.dataset.table || ""] || {};
    const chips = li.querySelectorAll(".seats-inline .seat-chip");
    for (const [seat, one] of Object.entries(seats)) {
      const chip = chips[Number(seat)];
      if (!chip || chip.querySelector(".level")) continue;
      chip.append(" ", h("a", { class: "level", href: playerPath(one.name), title: `rating ${one.rating}` },
        one.level));
    }
  }
}
