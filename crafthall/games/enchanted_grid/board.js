// @ts-check
// Enchanted Grid: the open grid of letter cards with the Enchanters' zones and the claimed words,
// the hand, and in the final scramble the words left to claim. Where a chosen card may go comes
// from the seat's legal actions; what each colour's power is called, from components.json.
import { h, replace, button, seatMark, seatStyle, plural, whose } from "/static/js/dom.js";
import {
  components, tag, rovingFocus, markTargets, keepFocus, travel, travelTime, dragAndDrop, LastMoves, drawnAt,
} from "/static/js/board-kit.js";

/** The symbol of each colour's power, drawn beside the colour (colour is never the only clue). */
const SYMBOL = { blue: "⇄", red: "✎", grey: "◐", green: "⇥" };
/** The cells' size in pixels that the zoom buttons step through: never under the tap size. */
const ZOOM = { step: 8, max: 88 };

/** @typedef {{id: number, letter: string, colour: string, enchanter: boolean}} Card */
/** @typedef {{at: [number, number], under: number, face_down: boolean, by?: number, card?: Card}} Shown */

/** @param {number[]} at */
const keyOf = (at) => `${at[0]},${at[1]}`;
/** @param {string} key @returns {[number, number]} */
const cellOf = (key) => /** @type {[number, number]} */ (key.split(",").map(Number));

/**
 * The way an action plays its card, as the board offers ways to choose from: "place", "down"
 * (face down), "swap" (placed, then swapped), "overwrite", or "insert-" and the way it pushes.
 * @param {any} action
 */
function wayOf(action) {
  if (action.type === "insert") return `insert-${action.push}`;
  if (action.type === "overwrite") return "overwrite";
  if (action.face_down) return "down";
  if (action.swap) return "swap";
  return "place";
}

/**
 * What a way is called in the choice of ways; a power's way carries its colour's symbol.
 * @param {string} way
 * @param {string} colour
 */
function wayLabel(way, colour) {
  if (way === "place") return "Place";
  const name = way === "down" ? "Place face down"
    : way === "swap" ? "Place, then swap"
      : way === "overwrite" ? "Overwrite"
        : `Insert, push ${way.slice("insert-".length)}`;
  return `${name} ${SYMBOL[colour] || ""}`.trim();
}

/**
 * The action of playing ``card`` the way ``way`` on the cell ``at``; a swap lands on
 * ``landing`` and swaps with ``at``.
 * @param {number} card
 * @param {string} way
 * @param {[number, number]} at
 * @param {[number, number] | null} landing
 */
function actionFor(card, way, at, landing) {
  if (way === "down") return { type: "place", card, at, face_down: true };
  if (way === "swap") return { type: "place", card, at: landing, swap: at };
  if (way === "overwrite") return { type: "overwrite", card, at };
  if (way.startsWith("insert-")) return { type: "insert", card, at, push: way.slice("insert-".length) };
  return { type: "place", card, at };
}

/**
 * A card as drawn, in the hand or on the grid: its letter, its colour's edge and symbol, an
 * Enchanter's band with its star; face down, the back (with the letter for its owner).
 * @param {Card | undefined} card
 * @param {boolean} [down]
 */
function cardFace(card, down = false) {
  if (down) {
    return h("span", { class: "eg-card eg-back", dataset: card ? { card: card.id } : {} },
      card ? h("span", { class: "eg-letter" }, card.letter) : null);
  }
  const kind = ["eg-card", `col-${card.colour}`, card.enchanter ? "enchanter" : ""];
  return h("span", { class: kind, dataset: { card: card.id } },
    card.enchanter ? h("span", { class: "eg-band", "aria-hidden": "true" }, "✦") : null,
    h("span", { class: "eg-letter" }, card.letter),
    h("span", { class: "eg-sym", "aria-hidden": "true" }, SYMBOL[card.colour] || ""));
}

/** @param {string} colour a zone's mark in a cell: its colour's symbol */
const zoneMark = (colour) => h("span", { class: `col-${colour}` }, SYMBOL[colour]);

/**
 * A card in words, for a screen reader and a tooltip: "blue E (swap), Enchanter".
 * @param {Card} card
 * @param {Record<string, string>} powers each colour's power, from the components
 */
function cardWords(card, powers) {
  const power = (powers[card.colour] || "").replace(/-/g, " ");
  return `${card.colour} ${card.letter}${power ? ` (${power})` : ""}${card.enchanter ? ", Enchanter" : ""}`;
}

class EnchantedGridBoard {
  wantLegal = true;

  constructor() {
    /** @type {any} */
    this.ctx = null;
    /** @type {number | null} the chosen card */
    this.card = null;
    this.way = "place";
    /** @type {[number, number] | null} where a card that swaps lands, before its partner is picked */
    this.landing = null;
    /** @type {any} the action a hint lights up */
    this.hinted = null;
    /** each other seat's last move, marked on the cells it played until this seat acts */
    this.lastMoves = new LastMoves();
    /** @type {Map<string, string> | null} each cell's top card at the last update */
    this.tops = null;
    /** @type {number | null} the cells' size the zoom buttons chose (null: the stylesheet's) */
    this.cellSize = null;
    /** @type {[number, number] | null} the grid's top left cell as last drawn */
    this.origin = null;
  }

  /** @param {HTMLElement} root @param {any} ctx */
  mount(root, ctx) {
    this.ctx = ctx;
    this.root = root;
    this.info = h("div", { class: "board-info" });
    this.hand = h("div", { class: "eg-hand", role: "group", dataset: { part: "hand" } });
    this.ways = h("div",
      { class: "eg-modes", role: "radiogroup", "aria-label": "How to play the card", dataset: { part: "ways" } });
    this.say = h("span", { class: "eg-say", "aria-live": "polite" });
    this.bar = h("div", { class: "actionbar", id: "eg-bar" }, this.hand, this.ways, this.say);
    this.grid = h("div", { class: "eg-grid", dataset: { part: "grid" } });
    this.box = h("div", { class: "eg-boardbox", id: "eg-board", role: "group", "aria-label": "The grid" }, this.grid);
    this.zoomOut = button("−", () => this.zoom(-1), { class: "eg-zoom-btn", "aria-label": "Smaller cells" });
    this.zoomIn = button("+", () => this.zoom(1), { class: "eg-zoom-btn", "aria-label": "Larger cells" });
    this.words = h("div", { class: "eg-words" });
    root.append(this.info, this.bar, this.box, h("div", { class: "eg-zoom" }, this.zoomOut, this.zoomIn),
      h("h3", {}, "Words created this round"), this.words);
    this.hand.addEventListener("click", (event) => this.handClicked(event));
    this.grid.addEventListener("click", (event) => {
      const cell = /** @type {HTMLElement} */ (event.target).closest(".eg-cell");
      if (cell instanceof HTMLElement) this.pick(cell.dataset.key || "");
    });
    dragAndDrop(this.hand, {
      pieces: ".eg-hand-card",
      into: ".eg-cell",
      ghostClass: "eg-ghost",
      allowed: () => this.ctx.myTurn,
      start: (pick) => {
        if (this.card !== Number(pick.dataset.card)) this.choose(Number(pick.dataset.card));
      },
      ghost: (pick) => /** @type {HTMLElement} */ (pick.querySelector(".eg-card")?.cloneNode(true)),
      drop: (cell) => this.pick(cell.dataset.key || ""),
    });
    root.addEventListener("keydown", (event) => {
      if (event.key === "Escape" && this.card !== null) this.choose(null);
    });
  }

  /** @param {any} ctx */
  update(ctx) {
    const before = this.positions();
    const moved = this.remember(ctx);
    this.ctx = ctx;
    const hand = ctx.view.hand || [];
    if (this.card !== null && !hand.some((/** @type {Card} */ c) => c.id === this.card)) this.choose(null, false);
    if (moved.size) this.hinted = null;
    this.drawInfo();
    keepFocus(this.root, () => {
      this.drawBar();
      this.drawGrid();
    });
    this.drawWords();
    this.travel(before, moved);
  }

  /**
   * Note the other players' moves among the update's changes (their marks stay until the
   * page's seat acts), and the cells the update changed, for the cards to travel.
   * @param {any} ctx
   * @returns {Set<string>} the cells changed
   */
  remember(ctx) {
    this.lastMoves.note(ctx.changes || [], ctx.seat);
    /** @type {Map<string, string>} */
    const tops = new Map(ctx.view.grid.map((/** @type {Shown} */ c) =>
      [keyOf(c.at), `${c.face_down ? `down ${c.by}` : c.card.id} ${c.under}`]));
    const changed = new Set();
    if (this.tops) {
      for (const [key, top] of tops) if (this.tops.get(key) !== top) changed.add(key);
      for (const key of this.tops.keys()) if (!tops.has(key)) changed.add(key);
    }
    this.tops = tops;
    return changed;
  }

  /**
   * The cells each other seat's last move played on: its card's cell, and the card it
   * swapped with.
   * @returns {Map<string, number>} the seat of each marked cell
   */
  lastCells() {
    /** @type {Map<string, number>} */
    const lastBy = new Map();
    for (const [seat, events] of this.lastMoves.events()) {
      for (const event of events) {
        if (event.type !== "played") continue;
        lastBy.set(keyOf(event.at), seat);
        if (event.swap) lastBy.set(keyOf(event.swap), seat);
      }
    }
    return lastBy;
  }

  drawInfo() {
    const { view, names } = this.ctx;
    replace(this.info,
      tag(`Round ${view.round}`, "big"), " ",
      tag(`Cards this round ${view.counter} / ${view.round_cards}`), " ",
      tag(`Deck ${view.deck}`), " ",
      tag(`Hands: ${view.hand_sizes.map((/** @type {number} */ n, /** @type {number} */ i) => `${names[i]} ${n}`)
        .join(", ")}`),
      view.phase === "scramble" ? tag("Final scramble: claim a leftover word or pass", "warn") : null);
  }

  /** The legal actions of each card in hand, in the order the game lists them. */
  listing() {
    /** @type {Map<number, any[]>} */
    const byCard = new Map();
    for (const action of this.ctx.legal || []) {
      if (action.card === undefined) continue;
      if (!byCard.has(action.card)) byCard.set(action.card, []);
      byCard.get(action.card).push(action);
    }
    return byCard;
  }

  /**
   * Whether every legal action of ``card`` was listed: the server lists the first few hundred,
   * card after card, and every card in hand has a move; so a card listed before an unlisted
   * one, and not the last listed, has them all.
   * @param {Map<number, any[]>} byCard
   * @param {number} card
   */
  wholeListing(byCard, card) {
    const hand = this.ctx.view.hand || [];
    if (hand.every((/** @type {Card} */ c) => byCard.has(c.id))) return true;
    const legal = this.ctx.legal || [];
    return byCard.has(card) && legal[legal.length - 1].card !== card;
  }

  drawBar() {
    const { view, readonly, over, myTurn } = this.ctx;
    this.bar.hidden = readonly || over;
    if (view.phase === "scramble") {
      this.drawClaims();
      return;
    }
    const powers = components(this.ctx).powers;
    this.hand.setAttribute("aria-label", "Your hand");
    replace(this.hand, (view.hand || []).map((/** @type {Card} */ c) =>
      h("button", {
        type: "button",
        class: ["eg-hand-card", "eg-pick", this.card === c.id ? "chosen" : ""],
        "aria-disabled": String(!myTurn),
        dataset: { card: c.id, key: String(c.id) },
        "aria-pressed": String(this.card === c.id),
        "aria-label": cardWords(c, powers),
        title: cardWords(c, powers),
      }, cardFace(c))));
    rovingFocus(this.hand, ".eg-pick");
    this.drawWays();
  }

  drawWays() {
    const chosen = (this.ctx.view.hand || []).find((/** @type {Card} */ c) => c.id === this.card);
    const ways = chosen ? [...new Set((this.listing().get(chosen.id) || []).map(wayOf))] : [];
    if (!ways.includes("place")) ways.unshift("place");
    if (!ways.includes(this.way)) this.way = "place";
    replace(this.ways, chosen
      ? ways.map((way) => h("label", { class: "eg-mode" },
        h("input", {
          type: "radio",
          name: "eg-how",
          value: way,
          checked: this.way === way,
          dataset: { key: way },
          onchange: () => this.chooseWay(way),
        }),
        ` ${wayLabel(way, chosen.colour)}`))
      : null);
    this.drawSay();
  }

  drawSay() {
    const { myTurn, view } = this.ctx;
    const byCard = this.listing();
    let text = "Waiting for your turn.";
    if (myTurn && view.phase === "scramble") text = "Claim a word standing on the grid, or pass.";
    else if (myTurn && this.card === null) text = "Pick a card: the grid marks where it may go.";
    else if (myTurn && this.way === "swap" && !this.landing) {
      text = "Pick the empty cell it lands on, then the card it swaps with.";
    }
    else if (myTurn && this.way === "swap") text = "Now pick the card it swaps with (its own cell again: back).";
    else if (myTurn) text = "Pick a marked cell (Escape puts the card back).";
    if (myTurn && this.card !== null && !this.wholeListing(byCard, this.card)) {
      text += " Not all of this card's moves could be listed: an unmarked cell is checked when you play it.";
    }
    this.say.textContent = text;
  }

  drawClaims() {
    const { view, myTurn } = this.ctx;
    this.hand.setAttribute("aria-label", "Words to claim");
    replace(this.hand,
      h("span", {}, "Claim a word: "),
      view.words.map((/** @type {any} */ w) => {
        const claim = { type: "claim", at: w.cells[0], direction: w.direction };
        const preview = (/** @type {boolean} */ on) => this.preview(on ? w.cells : []);
        return button(`${w.word} (${w.direction})`, () => this.play(claim, this.bar), {
          class: "small eg-pick eg-claim-btn",
          "aria-disabled": String(!myTurn),
          dataset: { key: `claim ${keyOf(w.cells[0])} ${w.direction}` },
          onfocus: () => preview(true), onblur: () => preview(false),
          onmouseenter: () => preview(true), onmouseleave: () => preview(false),
        });
      }),
      button("Pass", () => this.play({ type: "pass" }, this.bar),
        { "aria-disabled": String(!myTurn), id: "eg-pass", class: "eg-pick", dataset: { key: "pass" } }));
    rovingFocus(this.hand, ".eg-pick");
    this.ways.replaceChildren();
    this.drawSay();
  }

  /** @param {number[][]} cells the cells of a word to show, none to stop */
  preview(cells) {
    const keys = new Set(cells.map(keyOf));
    for (const cell of this.cells()) cell.classList.toggle("eg-preview", keys.has(cell.dataset.key || ""));
  }

  /** @returns {HTMLElement[]} */
  cells() {
    return [...this.grid.querySelectorAll(".eg-cell")].map((cell) => /** @type {HTMLElement} */ (cell));
  }

  /** The cells where the chosen card may go the chosen way (a swap's partners once it has landed). */
  targets() {
    const { myTurn, view } = this.ctx;
    if (!myTurn || this.card === null || view.phase === "scramble") return new Set();
    const mine = (this.listing().get(this.card) || []).filter((action) => wayOf(action) === this.way);
    if (this.way === "swap" && this.landing) {
      const landing = keyOf(this.landing);
      return new Set(mine.filter((action) => keyOf(action.at) === landing).map((action) => keyOf(action.swap)));
    }
    return new Set(mine.map((action) => keyOf(action.at)));
  }

  drawGrid() {
    const view = this.ctx.view;
    const powers = components(this.ctx).powers;
    const spots = [...view.grid, ...view.zones].map((/** @type {{at: number[]}} */ c) => c.at).concat([[0, 0]]);
    const x0 = Math.min(...spots.map((c) => c[0])) - 1;
    const x1 = Math.max(...spots.map((c) => c[0])) + 1;
    const y0 = Math.min(...spots.map((c) => c[1])) - 1;
    const y1 = Math.max(...spots.map((c) => c[1])) + 1;
    const shown = new Map(view.grid.map((/** @type {Shown} */ c) => [keyOf(c.at), c]));
    const zones = new Map(view.zones.map((/** @type {any} */ z) => [keyOf(z.at), z.colours]));
    const lastBy = this.lastCells();
    // The first row and column hold the grid's coordinates, as the sentences name the cells.
    const place = (/** @type {number} */ x, /** @type {number} */ y) =>
      ({ gridColumn: String(x - x0 + 2), gridRow: String(y - y0 + 2) });
    const axis = (/** @type {string} */ side, /** @type {number} */ n, /** @type {Record<string, string>} */ at) =>
      h("span", { class: ["eg-axis", side], style: at, "aria-hidden": "true" }, String(n));
    const cells = [h("span", { class: "eg-axis eg-corner", "aria-hidden": "true", title: "x across, y down" }, "x,y")];
    for (let x = x0; x <= x1; x++) cells.push(axis("eg-col", x, { gridColumn: String(x - x0 + 2), gridRow: "1" }));
    for (let y = y0; y <= y1; y++) cells.push(axis("eg-row", y, { gridColumn: "1", gridRow: String(y - y0 + 2) }));
    for (let y = y0; y <= y1; y++) {
      for (let x = x0; x <= x1; x++) {
        const key = keyOf([x, y]);
        cells.push(this.cell(key, shown.get(key), zones.get(key) || [], lastBy.get(key), powers, place(x, y)));
      }
    }
    const claims = view.claims.map((/** @type {any} */ c) => {
      const [ax, ay] = c.cells[0];
      const [bx, by] = c.cells[c.cells.length - 1];
      const st = seatStyle(c.seat);
      return h("span", {
        class: "eg-claim",
        "aria-hidden": "true",
        style: {
          "--seat": st.colour,
          gridColumn: `${ax - x0 + 2} / ${bx - x0 + 3}`,
          gridRow: `${ay - y0 + 2} / ${by - y0 + 3}`,
        },
      }, h("span", { class: "eg-claim-sym" }, st.symbol));
    });
    this.grid.style.gridTemplateColumns = `var(--eg-axis) repeat(${x1 - x0 + 1}, var(--eg-cell))`;
    replace(this.grid, cells, claims);
    this.keepView([x0, y0]);
    this.mark();
  }

  /**
   * One cell of the grid: its top card (or its emptiness), the zones it lies in, the last move
   * that changed it; named in words for a screen reader.
   * @param {string} key
   * @param {Shown | undefined} top
   * @param {string[]} zones
   * @param {number | undefined} lastBy
   * @param {Record<string, string>} powers
   * @param {Record<string, string>} style
   */
  cell(key, top, zones, lastBy, powers, style) {
    const words = [`${key}:`];
    if (!top) words.push("empty");
    else if (top.face_down) words.push(top.card ? `your face-down ${top.card.letter}` : "a face-down card");
    else words.push(cardWords(top.card, powers));
    if (top && top.under) words.push(`${plural(top.under, "card")} under it`);
    if (zones.length) words.push(`in a ${zones.join(" and ")} zone`);
    if (lastBy !== undefined) words.push(`changed by ${whose(this.ctx.names[lastBy])} last move`);
    const rings = zones.map((colour, i) => `inset 0 0 0 ${3 * (i + 1)}px var(--eg-${colour})`);
    return h("button", {
      type: "button",
      class: ["eg-cell", top ? "taken" : "", lastBy !== undefined ? "eg-last" : ""],
      dataset: { key, at: key },
      style: {
        ...style,
        boxShadow: rings.join(", ") || null,
        "--seat": lastBy === undefined ? null : seatStyle(lastBy).colour,
      },
    },
    // What is drawn is said in words: the letter, a symbol or a count alone would say little.
    h("span", { class: "eg-face", "aria-hidden": "true" },
      top ? cardFace(top.card, top.face_down) : null,
      top && top.under ? h("span", { class: "eg-under" }, `+${top.under}`) : null,
      zones.length ? h("span", { class: "eg-zones" }, zones.map(zoneMark)) : null,
      lastBy !== undefined ? h("span", { class: "eg-last-sym" }, seatStyle(lastBy).symbol) : null),
    h("span", { class: "sr-only" }, `${words[0]} ${words.slice(1).join(", ")}`));
  }

  /**
   * Keep the part of the grid in view where it was: a grid grown left or up moves the scroll
   * box along, so that the cards stay put on the screen.
   * @param {[number, number]} origin
   */
  keepView(origin) {
    const first = this.grid.querySelector(".eg-cell");
    if (!this.origin) {
      this.box.scrollLeft = (this.box.scrollWidth - this.box.clientWidth) / 2;
      this.box.scrollTop = (this.box.scrollHeight - this.box.clientHeight) / 2;
    } else if (first) {
      const size = first.getBoundingClientRect().width;
      this.box.scrollLeft += (this.origin[0] - origin[0]) * size;
      this.box.scrollTop += (this.origin[1] - origin[1]) * size;
    }
    this.origin = origin;
  }

  /** The grid's marks that change without a redraw: targets, a swap's landing, the Tab stop, a hint. */
  mark() {
    const targets = this.targets();
    this.grid.dataset.way = this.landing ? "partner" : this.way; // the marks show which way (board.css)
    const places = rovingFocus(this.grid, ".eg-cell");
    markTargets(places, targets);
    const landing = this.landing && keyOf(this.landing);
    for (const cell of places) {
      cell.classList.toggle("eg-landing", cell.dataset.key === landing);
      cell.classList.toggle("clickable", this.card !== null && this.ctx.myTurn);
    }
    // With a card chosen, Tab comes into the grid on a place it may go.
    const stop = places.find((cell) => cell.tabIndex === 0);
    const first = places.find((cell) => targets.has(cell.dataset.key || ""));
    if (first && stop && !targets.has(stop.dataset.key || "") && !this.grid.contains(document.activeElement)) {
      stop.tabIndex = -1;
      first.tabIndex = 0;
    }
    this.paintHint();
  }

  drawWords() {
    const { view, names } = this.ctx;
    replace(this.words,
      view.claims.length
        ? h("ul", {}, view.claims.map((/** @type {any} */ c) =>
          h("li", {}, seatMark(c.seat), " ", h("b", {}, c.word), ` (${c.direction})`)))
        : h("p", { class: "hint" }, "None yet."),
      view.last_round.length
        ? h("p", { class: "hint" }, "Last round won: ", view.last_round.map((/** @type {any} */ w) =>
          `${names[w.seat]} ${w.word} (${plural(w.cards, "card")})`).join(", "))
        : null);
  }

  /** @param {MouseEvent} event */
  handClicked(event) {
    const pick = /** @type {HTMLElement} */ (event.target).closest(".eg-hand-card");
    if (!(pick instanceof HTMLElement) || !this.ctx.myTurn) return;
    const id = Number(pick.dataset.card);
    this.choose(this.card === id ? null : id);
  }

  /**
   * Choose a card of the hand (null: none), and show where it may go.
   * @param {number | null} card
   * @param {boolean} [draw]
   */
  choose(card, draw = true) {
    this.card = card;
    this.landing = null;
    if (!draw) return;
    keepFocus(this.root, () => {
      for (const pick of this.hand.querySelectorAll(".eg-hand-card")) {
        const on = Number(/** @type {HTMLElement} */ (pick).dataset.card) === card;
        pick.classList.toggle("chosen", on);
        pick.setAttribute("aria-pressed", String(on));
      }
      this.drawWays();
      this.mark();
    });
    const first = this.grid.querySelector(".target");
    if (first && ![...this.grid.querySelectorAll(".target")].some((cell) => this.inView(cell))) {
      first.scrollIntoView({ block: "nearest", inline: "nearest" });
    }
  }

  /** @param {string} way */
  chooseWay(way) {
    this.way = way;
    this.landing = null;
    this.drawSay();
    this.mark();
  }

  /** @param {Element} cell whether it shows in the scroll box */
  inView(cell) {
    const a = cell.getBoundingClientRect();
    const b = this.box.getBoundingClientRect();
    return a.left >= b.left && a.right <= b.right && a.top >= b.top && a.bottom <= b.bottom;
  }

  /**
   * A cell picked (clicked, tapped, Enter, a card dropped on it): the chosen card goes there
   * the chosen way; a swap lands first, then picks its partner. A cell the card may not go to
   * is played too: the table says why not.
   * @param {string} key
   */
  pick(key) {
    const { myTurn, view } = this.ctx;
    if (!myTurn || this.card === null || view.phase === "scramble" || !key) return;
    const at = cellOf(key);
    if (this.way === "swap" && (!this.landing || keyOf(this.landing) === key)) {
      this.landing = this.landing ? null : at;
      this.drawSay();
      this.mark();
      return;
    }
    this.play(actionFor(this.card, this.way, at, this.landing), this.box);
  }

  /**
   * @param {any} action
   * @param {Element} anchor where a refusal shows
   */
  async play(action, anchor) {
    if (!this.ctx.myTurn) return;
    const answer = await this.ctx.act(action, anchor);
    if (answer.type === "error") return;
    this.lastMoves.clear();
    this.card = null;
    this.way = "place";
    this.landing = null;
    keepFocus(this.root, () => {
      this.drawBar();
      this.drawGrid();
    });
  }

  /** @param {number} by one step of the zoom, larger (1) or smaller (-1) */
  zoom(by) {
    const tap = parseFloat(getComputedStyle(document.documentElement).getPropertyValue("--tap")) || 44;
    const now = this.cellSize || this.grid.querySelector(".eg-cell").getBoundingClientRect().width;
    this.cellSize = Math.min(ZOOM.max, Math.max(tap, Math.round(now + by * ZOOM.step)));
    this.box.style.setProperty("--eg-cell", `${this.cellSize}px`);
    // Still in the Tab order at either end, so that a key held down keeps its place.
    this.zoomOut.setAttribute("aria-disabled", String(this.cellSize <= tap));
    this.zoomIn.setAttribute("aria-disabled", String(this.cellSize >= ZOOM.max));
  }

  /** Where each card is drawn now (by id), for the next update's moves. */
  positions() {
    return this.root ? drawnAt(this.root, ".eg-card[data-card]", (card) => card.dataset.card || "") : new Map();
  }

  /**
   * Each card that moved travels from where it was drawn to where it lies now; a card that
   * came from a hand out of sight drops onto its cell.
   * @param {Map<string, DOMRect>} before
   * @param {Set<string>} moved the cells the move changed
   */
  travel(before, moved) {
    const duration = travelTime();
    if (!duration || !before.size) return;
    for (const cell of this.cells()) {
      const card = cell.querySelector(".eg-card");
      if (!(card instanceof HTMLElement) || !moved.has(cell.dataset.key || "")) continue;
      const was = before.get(card.dataset.card || "");
      if (was) travel(card, was);
      else card.animate([{ transform: "scale(1.4)", opacity: 0 }, { transform: "none", opacity: 1 }], { duration });
    }
  }

  /**
   * Light up the pieces and places of ``action`` (a hint's move): its card in the hand, the
   * cells it plays on or swaps with, the word it claims; null puts the lights out.
   * @param {any} action
   */
  highlight(action) {
    this.hinted = action;
    this.paintHint();
  }

  paintHint() {
    if (!this.root) return;
    for (const lit of this.root.querySelectorAll(".hinted")) lit.classList.remove("hinted");
    const action = this.hinted;
    if (!action) return;
    const keys = new Set();
    if (action.at) keys.add(keyOf(action.at));
    if (action.swap) keys.add(keyOf(action.swap));
    if (action.type === "claim") {
      const word = this.ctx.view.words.find((/** @type {any} */ w) =>
        keyOf(w.cells[0]) === keyOf(action.at) && w.direction === action.direction);
      for (const at of word ? word.cells : []) keys.add(keyOf(at));
      keys.add(`claim ${keyOf(action.at)} ${action.direction}`);
    }
    if (action.type === "pass") keys.add("pass");
    if (action.card !== undefined) keys.add(String(action.card));
    for (const lit of this.root.querySelectorAll(".eg-cell, .eg-pick")) {
      if (keys.has(/** @type {HTMLElement} */ (lit).dataset.key || "")) lit.classList.add("hinted");
    }
  }

  /** End screen: the score is the cards won; say what was left over. */
  breakdown(/** @type {any} */ d, /** @type {any} */ _view, /** @type {number} */ seats) {
    const left = d.cards_left_on_grid;
    const leftOver = typeof left === "number" ? `; ${left} card${left === 1 ? " was" : "s were"} left on the grid` : "";
    return {
      head: [],
      rows: Array.from({ length: seats }, () => []),
      note: `Score: the cards of each player's standing words, won at the end of every round${leftOver}.`,
    };
  }

  scoreSheet(/** @type {any} */ view) {
    const rows = view.hand_sizes.map((/** @type {number} */ n) => [n]);
    return { head: ["Hand"], rows, note: "Score: cards won." };
  }
}

/** A fresh board for one page: every piece of its state lives in the object. */
export default function createBoard() {
  return new EnchantedGridBoard();
}
