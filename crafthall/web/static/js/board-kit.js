// @ts-check
// Pieces every board shares, whether a game's own (/games/<name>/board.js) or the generic one:
// they import them from here by absolute URL, as they may import nothing of another game's.
import { h, replace, seatMark } from "./dom.js";

export { showRefusal } from "./refusals.js";

/**
 * A small label of the board's status line ("Round 2 of 3"); `kind` adds "big" or "warn".
 * @param {any} text
 * @param {string} [kind]
 */
export function tag(text, kind = "") {
  return h("span", { class: ["tag", kind] }, text);
}

/**
 * The heading of a player's own area (a sheet, a sword, a wizard): their mark and name.
 * @param {number} seat
 * @param {string} name
 */
export function playerHeading(seat, name) {
  return [seatMark(seat), " ", h("strong", {}, name)];
}

/**
 * A text box for a word: no autocompletion nor spell check, which would give words away.
 * @param {string} id
 * @param {string} label what a screen reader announces
 * @param {string} placeholder
 * @param {number} [maxlength]
 */
export function wordInput(id, label, placeholder, maxlength = 30) {
  return /** @type {HTMLInputElement} */ (
    h("input", {
      type: "text",
      id,
      "aria-label": label,
      placeholder,
      autocomplete: "off",
      spellcheck: "false",
      maxlength,
    })
  );
}

/**
 * A board's bar of controls as a form: Enter in its text box submits it, as its main button does.
 * @param {string} id
 * @param {() => void} submit what Enter does (claim the word, play it)
 * @param {...any} kids the bar's controls
 */
export function actionForm(id, submit, ...kids) {
  const onsubmit = (/** @type {Event} */ event) => {
    event.preventDefault();
    submit();
  };
  return h("form", { class: "actionbar", id, onsubmit }, ...kids);
}

/**
 * The game's component facts (its components.json) the page handed the board, or a sentence
 * saying what is missing: a board that needs them cannot draw without.
 * @param {{components?: any}} ctx
 * @returns {any}
 */
export function components(ctx) {
  if (!ctx.components) throw new Error("This board needs its game's components.json, and the page gave none.");
  return ctx.components;
}

/**
 * Arrow keys over a board's places (cells, corners, letters, cards): one of them is in the Tab
 * order at a time (a roving tabindex), the arrows move the focus to the nearest place in that
 * direction as drawn on the screen, Home and End to the first and last, and Enter or Space
 * clicks the focused place. Call it again after each redraw: the focus stays on the place of
 * the same `data-key`, or the first. Works for any layout, since it reads where places are drawn.
 * @param {HTMLElement} container
 * @param {string} selector the places, e.g. ".eg-cell"; each needs a `data-key`
 * @returns {HTMLElement[]} the places, in document order
 */
export function rovingFocus(container, selector) {
  const places = /** @type {HTMLElement[]} */ ([...container.querySelectorAll(selector)]);
  const kept = container.dataset.focusKey;
  const current = places.find((p) => p.dataset.key === kept) || places[0];
  for (const place of places) place.tabIndex = place === current ? 0 : -1;
  if (!container.dataset.roving) {
    container.dataset.roving = "1";
    container.addEventListener("keydown", (event) => moveFocus(container, selector, event));
    container.addEventListener("focusin", (event) => {
      const place = /** @type {HTMLElement} */ (event.target).closest(selector);
      if (place instanceof HTMLElement && place.dataset.key) container.dataset.focusKey = place.dataset.key;
    });
  }
  return places;
}

const DIRECTIONS = /** @type {Record<string, [number, number]>} */ ({
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
});

/**
 * @param {HTMLElement} container
 * @param {string} selector
 * @param {KeyboardEvent} event
 */
function moveFocus(container, selector, event) {
  const from = /** @type {HTMLElement} */ (event.target);
  if (!(from instanceof HTMLElement) || !from.matches(selector)) return;
  const places = /** @type {HTMLElement[]} */ ([...container.querySelectorAll(selector)]);
  let to = null;
  if (event.key === "Enter" || event.key === " ") {
    event.preventDefault();
    from.click();
    return;
  }
  if (event.key === "Home") to = places[0];
  else if (event.key === "End") to = places[places.length - 1];
  else if (DIRECTIONS[event.key]) to = nearest(from, places, DIRECTIONS[event.key]);
  else return;
  event.preventDefault();
  if (!to) return;
  from.tabIndex = -1;
  to.tabIndex = 0;
  to.focus();
}

/**
 * The place nearest `from` in direction `[dx, dy]`, as drawn: ahead of it, closest first, with
 * a sideways step counting double so that the arrows follow rows and columns.
 * @param {HTMLElement} from
 * @param {HTMLElement[]} places
 * @param {[number, number]} direction
 */
function nearest(from, places, [dx, dy]) {
  const centre = (/** @type {HTMLElement} */ el) => {
    const r = el.getBoundingClientRect();
    return [r.left + r.width / 2, r.top + r.height / 2];
  };
  const [x0, y0] = centre(from);
  let best = null;
  let bestCost = Infinity;
  for (const place of places) {
    if (place === from) continue;
    const [x, y] = centre(place);
    const ahead = (x - x0) * dx + (y - y0) * dy;
    if (ahead <= 1) continue;
    const aside = Math.abs((x - x0) * dy) + Math.abs((y - y0) * dx);
    const cost = ahead + 2 * aside;
    if (cost < bestCost) [best, bestCost] = [place, cost];
  }
  return best;
}

/**
 * Mark the places a selected piece may go (from the game's legal actions, never restated
 * rules): each gets the class `target` and says so to a screen reader; the rest lose it.
 * @param {HTMLElement[]} places
 * @param {Set<string>} keys the `data-key`s of the targets
 */
export function markTargets(places, keys) {
  for (const place of places) {
    const on = keys.has(place.dataset.key || "");
    place.classList.toggle("target", on);
    if (on) place.setAttribute("aria-description", "a place you may play to");
    else place.removeAttribute("aria-description");
  }
}

/**
 * Redraw part of a board without losing the keyboard's place: a focused control of `root`
 * that the redraw replaced hands the focus to its successor (the same `data-key` within the
 * same `data-part`, else that part's place in the Tab order), so that another player's move
 * never throws a keyboard player out of the board.
 * @param {HTMLElement} root
 * @param {() => void} redraw
 */
export function keepFocus(root, redraw) {
  const was = document.activeElement;
  const inside = was instanceof HTMLElement && root.contains(was) ? was : null;
  const part = inside && inside.closest("[data-part]");
  const key = inside && inside.dataset.key;
  redraw();
  if (!inside || (inside.isConnected && document.activeElement === inside)) return;
  const scope = part && part.isConnected ? part : root;
  const found =
    (key && scope.querySelector(`[data-key="${CSS.escape(key)}"]`)) || (part && part.querySelector("[tabindex='0']"));
  if (found instanceof HTMLElement) found.focus({ preventScroll: true });
}

/**
 * Draw `el`'s contents again only when `key` (what they show) changed: a place that is not
 * redrawn keeps the focus, and a finger about to tap it finds it still there.
 * @param {HTMLElement} el
 * @param {string} key
 * @param {() => any} draw the new contents
 * @returns {boolean} whether it was drawn
 */
export function redrawIfChanged(el, key, draw) {
  if (el.dataset.drawn === key) return false;
  el.dataset.drawn = key;
  replace(el, draw());
  return true;
}

/**
 * How long a move takes to travel: the page's `--travel` (0 when the reader asked for
 * reduced motion).
 * @returns {number} milliseconds
 */
export function travelTime() {
  const value = getComputedStyle(document.documentElement).getPropertyValue("--travel").trim();
  const amount = parseFloat(value);
  if (!Number.isFinite(amount)) return 0;
  return value.endsWith("ms") ? amount : amount * 1000;
}

/**
 * Where each piece of `root` matching `selector` is drawn now, by its name: what a move
 * travels from once the board is drawn again.
 * @param {ParentNode} root
 * @param {string} selector
 * @param {(piece: HTMLElement) => string} [name] the piece's name (its `data-flip`)
 * @returns {Map<string, DOMRect>}
 */
export function drawnAt(root, selector, name = (piece) => piece.dataset.flip || "") {
  /** @type {Map<string, DOMRect>} */
  const found = new Map();
  for (const el of root.querySelectorAll(selector)) {
    if (el instanceof HTMLElement) found.set(name(el), el.getBoundingClientRect());
  }
  return found;
}

/**
 * A piece travels from where it was drawn (`from`) to where it stands now (FLIP: it is drawn
 * at its end already, and set back by a transform that the animation undoes). `fit` starts it
 * at its old size, `lift` scales it up at the start; nothing moves under reduced motion.
 * @param {Element} el
 * @param {DOMRect} from
 * @param {{fit?: boolean, lift?: number, easing?: string}} [how]
 * @returns {Animation | null}
 */
export function travel(el, from, how = {}) {
  const ms = travelTime();
  const to = el.getBoundingClientRect();
  if (!ms || !to.width || !from.width) return null;
  const dx = from.left + from.width / 2 - (to.left + to.width / 2);
  const dy = from.top + from.height / 2 - (to.top + to.height / 2);
  const fit = ` scale(${from.width / to.width}, ${from.height / to.height})`;
  const scale = how.fit ? fit : how.lift ? ` scale(${how.lift})` : "";
  if (!scale && Math.abs(dx) < 1 && Math.abs(dy) < 1) return null;
  const frames = [{ transform: `translate(${dx}px, ${dy}px)${scale}` }, { transform: "none" }];
  return el.animate(frames, { duration: ms, easing: how.easing || "ease-out" });
}

/** How far (in px) a pointer goes with its button down before a press becomes a drag. */
const DRAG_START = 6;

/**
 * How a board's pieces are dragged (see `dragAndDrop`).
 * @typedef {object} DragHow
 * @property {string} pieces the pieces that may be dragged, e.g. ".eg-hand-card"
 * @property {string} into the places a piece may be dropped on (a selector `closest` takes)
 * @property {(piece: HTMLElement) => boolean} [allowed] whether a drag may start now
 * @property {(piece: HTMLElement) => void} [start] the press became a drag: pick the piece
 * @property {string} [ghostClass] the class of what follows the pointer (none: nothing does)
 * @property {(piece: HTMLElement) => HTMLElement} [ghost] what follows it (a copy of the piece)
 * @property {(place: HTMLElement | null) => void} [over] the place under the pointer changed
 * @property {(place: HTMLElement, piece: HTMLElement) => void} drop the piece was let go on `place`
 */

/**
 * Drag a piece of `container` with a mouse or a pen onto a place (a finger taps instead: its
 * drag scrolls the page). A press that does not move stays a click; once it moves, `start`
 * picks the piece, a ghost follows the pointer (centred on it by the game's stylesheet), the
 * place under it gets the class `drop-over`, and letting go on a place calls `drop`. The click
 * that ends a drag is no click of the player's.
 * @param {HTMLElement} container
 * @param {DragHow} how
 */
export function dragAndDrop(container, how) {
  container.addEventListener("pointerdown", (down) => {
    const piece = /** @type {Element} */ (down.target).closest(how.pieces);
    if (down.pointerType === "touch" || down.button !== 0 || !(piece instanceof HTMLElement)) return;
    if (!container.contains(piece) || (how.allowed && !how.allowed(piece))) return;
    let dragging = false;
    /** @type {HTMLElement | null} */
    let ghost = null;
    /** @type {HTMLElement | null} */
    let over = null;
    const placeAt = (/** @type {PointerEvent} */ e) => {
      const found = document.elementFromPoint(e.clientX, e.clientY)?.closest(how.into);
      return found instanceof HTMLElement ? found : null;
    };
    const move = (/** @type {PointerEvent} */ e) => {
      if (!dragging) {
        if (Math.hypot(e.clientX - down.clientX, e.clientY - down.clientY) < DRAG_START) return;
        dragging = true;
        how.start?.(piece);
        if (how.ghostClass) ghost = makeGhost(piece, how);
      }
      if (ghost) Object.assign(ghost.style, { left: `${e.clientX}px`, top: `${e.clientY}px` });
      const place = placeAt(e);
      if (place === over) return;
      over?.classList.remove("drop-over");
      place?.classList.add("drop-over");
      over = place;
      how.over?.(place);
    };
    const end = (/** @type {PointerEvent} */ e) => {
      document.removeEventListener("pointermove", move);
      document.removeEventListener("pointerup", end);
      document.removeEventListener("pointercancel", end);
      ghost?.remove();
      over?.classList.remove("drop-over");
      if (!dragging) return;
      const place = e.type === "pointerup" ? placeAt(e) : null;
      if (place) how.drop(place, piece);
      // Only the browser's click, which follows, is swallowed: a drop may click a place itself.
      const swallow = (/** @type {Event} */ click) => click.stopImmediatePropagation();
      window.addEventListener("click", swallow, { capture: true, once: true });
      setTimeout(() => window.removeEventListener("click", swallow, { capture: true }));
    };
    document.addEventListener("pointermove", move);
    document.addEventListener("pointerup", end);
    document.addEventListener("pointercancel", end);
  });
}

/**
 * What follows the pointer in a drag: the game's ghost, or a copy of the piece at its size.
 * @param {HTMLElement} piece
 * @param {DragHow} how
 */
function makeGhost(piece, how) {
  const ghost = how.ghost ? how.ghost(piece) : /** @type {HTMLElement} */ (piece.cloneNode(true));
  if (!how.ghost) ghost.style.width = `${piece.offsetWidth}px`;
  ghost.classList.add(...(how.ghostClass || "").split(" ").filter(Boolean));
  ghost.removeAttribute("id");
  ghost.removeAttribute("data-key");
  ghost.setAttribute("aria-hidden", "true");
  document.body.append(ghost);
  return ghost;
}

/**
 * Each other seat's last move as played: the `move` changes the server sends with every
 * update (their public events), the latest turn of each seat (its moves in a row: a turn may
 * take several, as an activation's decisions do), kept until the page's own seat moves. A
 * page opened or reloaded is sent the table's changes from its start, so the marks come back
 * as they were. A move taken back is no last move.
 */
export class LastMoves {
  constructor() {
    /** @type {Map<number, any[]>} each seat's last turn: its move changes */
    this.bySeat = new Map();
    /** @type {number | null} the seat of the latest move */
    this.latest = null;
  }

  /**
   * Take in an update's changes.
   * @param {any[]} changes
   * @param {number | null} seat the page's seat (null: a spectator, who sees every seat's)
   * @param {(change: any) => boolean} [afresh] whether a change starts the board afresh (a new
   *   challenge): the moves before it, and itself, are no last moves
   * @returns {boolean} whether the page's own seat moved among them
   */
  note(changes, seat, afresh = () => false) {
    let acted = false;
    for (const change of changes) {
      if (change.kind === "undo") {
        for (const [who, moves] of this.bySeat) {
          const kept = moves.filter((/** @type {any} */ m) => m.move !== change.move);
          if (kept.length) this.bySeat.set(who, kept);
          else this.bySeat.delete(who);
        }
      }
      if (change.kind !== "move") continue;
      const again = this.latest === change.seat;
      this.latest = change.seat;
      if (afresh(change)) this.bySeat.clear();
      else if (change.seat === seat) {
        this.bySeat.clear();
        acted = true;
      } else if (again && this.bySeat.has(change.seat)) this.bySeat.get(change.seat)?.push(change);
      else this.bySeat.set(change.seat, [change]);
    }
    return acted;
  }

  /**
   * Each other seat with the public events of its last turn, in order.
   * @returns {[number, any[]][]}
   */
  events() {
    return [...this.bySeat].map(([seat, moves]) => [seat, moves.flatMap((m) => m.events || [])]);
  }

  /**
   * Each other seat with the changes of its last turn (each with its `version` and `events`).
   * @returns {[number, any[]][]}
   */
  turns() {
    return [...this.bySeat];
  }

  /** The page's seat acted: the other seats' moves are seen. */
  clear() {
    this.bySeat.clear();
  }
}
