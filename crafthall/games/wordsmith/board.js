// @ts-check
// Wordsmith: the box tray and the die in the middle of the table, your pieces, the word box
// where a word is built letter by letter, the alphabet helper, and everyone's score sheet.
// The pieces, the die and the alphabet come from the game's components.json (ctx.components);
// what may be taken and where a word may be written come from the seat's legal actions.
import { h, s, replace, button, plural } from "/static/js/dom.js";
import {
  actionForm, components, markTargets, playerHeading, rovingFocus, tag, wordInput,
  dragAndDrop, keepFocus, redrawIfChanged, travelTime, LastMoves,
} from "/static/js/board-kit.js";

/** How each shape of piece is drawn in a 28 by 28 box: a straight stroke or an arc. */
const SHAPES = {
  "long straight": "M14 3 V25",
  "short straight": "M14 9 V19",
  "large curve": "M20 4 A10.5 10.5 0 1 0 20 24",
  "small curve": "M17 9 A5.5 5.5 0 1 0 17 19",
};
/** Each piece's colour as drawn; its initial always goes with it, so colour is never the only clue. */
const COLOURS = { red: "#d9312b", yellow: "#f2b705", blue: "#1c6dd0", green: "#2b9348" };
/** Pieces drawn one by one in a pile before it shows only its count. */
const PILE = 6;

/** @param {string} piece */
const initial = (piece) => piece.charAt(0).toUpperCase();

/**
 * A piece drawn as the plastic stick or arc it is: a dark rim, its colour, a glint.
 * @param {string} piece its colour's name
 * @param {string} shape its shape's name ("long straight")
 * @param {number} [size]
 */
function pieceIcon(piece, shape, size = 28) {
  const d = SHAPES[shape] || "M14 12 V16";
  const stroke = (/** @type {string} */ colour, /** @type {number} */ width, extra = {}) =>
    s("path", { d, fill: "none", stroke: colour, "stroke-width": width, "stroke-linecap": "round", ...extra });
  return s("svg", { width: size, height: size, viewBox: "0 0 28 28", class: "ws-piece", "aria-hidden": "true" },
    stroke("rgb(0 0 0 / .55)", 6.5),
    stroke(COLOURS[piece] || "#888", 4.5),
    stroke("rgb(255 255 255 / .45)", 1.2, { transform: "translate(-1 -1)" }));
}

/**
 * Pieces a word needs by the alphabet's recipes, or null if a symbol has none.
 * @param {string} word
 * @param {Record<string, Record<string, number>>} alphabet
 * @param {string[]} pieces the pieces' names
 */
export function needs(word, alphabet, pieces) {
  /** @type {Record<string, number>} */
  const total = Object.fromEntries(pieces.map((p) => [p, 0]));
  for (const ch of word) {
    const recipe = alphabet[ch];
    if (!recipe) return null;
    for (const [p, n] of Object.entries(recipe)) total[p] += n;
  }
  return total;
}

/**
 * A moved thing flies from where it was to where it landed: a copy of ``ghost`` leaves
 * ``from`` (a place's box before the update) and lands on ``to`` (drawn after it).
 * @param {DOMRect | undefined} from
 * @param {Element | null} to
 * @param {Node} ghost
 */
function fly(from, to, ghost) {
  const time = travelTime();
  if (!from || !to || !time) return;
  const end = to.getBoundingClientRect();
  const flying = h("div", { class: "ws-flying", "aria-hidden": "true" }, ghost);
  Object.assign(flying.style, { left: `${from.left}px`, top: `${from.top}px`, minWidth: `${from.width}px` });
  document.body.append(flying);
  const dx = end.left - from.left;
  const dy = end.top - from.top;
  flying.animate([{ transform: "none", opacity: 1 }, { transform: `translate(${dx}px, ${dy}px)`, opacity: 0.6 }],
    { duration: time, easing: "ease-in-out" }).finished.finally(() => flying.remove());
}

class WordsmithBoard {
  wantLegal = true;
  /** @type {any} what each other seat did last, marked on their sheet until this seat acts */
  marks = {};
  /** each other seat's last move as played */
  lastMoves = new LastMoves();
  /** @type {any} the action a hint lights up (null: none) */
  hinted = null;
  /** @type {any} the view drawn last */
  prev = null;

  /** @param {HTMLElement} root @param {any} ctx */
  mount(root, ctx) {
    this.ctx = ctx;
    this.root = root;
    this.facts = components(ctx);
    this.pieces = Object.keys(this.facts.pieces);
    this.info = h("div", { class: "board-info" });
    this.compartments = this.pieces.map((p) => button(
      [pieceIcon(p, this.shape(p), 34), h("span", { class: "ws-count-n" })],
      () => this.take(p),
      { class: "ws-compartment", dataset: { key: p, piece: p } },
    ));
    this.tray = h("div", { class: "ws-tray", role: "group", "aria-label": "Box tray" }, this.compartments);
    const die = this.facts.die;
    const faces = `${die.join(", ")} (${this.facts.wild_faces.join(" and ")}: take any piece)`;
    this.die = button([this.dieIcon(), h("span", {}, "Roll")], () => this.act({ type: "roll" }, this.die), {
      id: "ws-roll", class: "ws-die", title: `Die: ${faces}`, "aria-label": `Roll the die: ${faces}`,
    });
    this.pool = h("div", { class: "ws-pool", dataset: { drop: "pool" }, "aria-live": "polite" });
    this.tiles = h("div", { class: "ws-tiles", role: "group", "aria-label": "The word built so far" });
    this.input = wordInput("ws-word", "Word to claim", "Type or tap letters");
    this.line = h("select", { id: "ws-line", "aria-label": "Line", hidden: true });
    this.need = h("span", { class: "board-note ws-need", "aria-live": "polite" });
    this.claimBtn = button("Claim", () => this.claim(), { class: "primary", id: "ws-claim" });
    this.passBtn = button("Pass", () => this.act({ type: "pass" }, this.bar), { id: "ws-pass" });
    this.takes = h("span", { class: "ws-takes" });
    this.bar = actionForm("ws-bar", () => this.claim(),
      this.tiles, this.input, this.line, this.claimBtn, this.passBtn, this.takes, this.need);
    this.letters = Object.entries(this.facts.alphabet).map(([letter, recipe]) => this.letterButton(letter, recipe));
    this.alphabet = h("div", { class: "ws-alphabet", role: "group", "aria-label": "Alphabet" }, this.letters);
    this.sheets = h("div", { class: "ws-sheets" });
    root.append(
      this.info,
      h("div", { class: "ws-middle" },
        h("section", { class: "ws-zone" },
          h("h3", {}, "Box tray"), h("div", { class: "ws-tray-row" }, this.tray, this.die)),
        h("section", { class: "ws-zone", hidden: ctx.seat === null }, h("h3", {}, "Your pieces"), this.pool)),
      this.bar,
      h("h3", {}, "Alphabet helper (lit: you can still build it)"),
      this.alphabet,
      h("h3", {}, "Score sheets"),
      this.sheets,
    );
    this.input.addEventListener("input", () => this.wordChanged());
    rovingFocus(this.tray, ".ws-compartment");
    rovingFocus(this.alphabet, ".ws-letter");
    // A piece of the tray dragged to your pieces is taken; the word dragged to a line, claimed there.
    dragAndDrop(this.tray, {
      pieces: ".ws-compartment",
      into: "[data-drop]",
      ghostClass: "ws-flying dragging",
      allowed: (from) => this.offered().has(from.dataset.piece),
      ghost: (from) => h("div", {}, this.draggedPiece(from.dataset.piece || "")),
      drop: (place, from) => {
        if (place.dataset.drop === "pool") this.take(from.dataset.piece || "");
      },
    });
    dragAndDrop(this.tiles, {
      pieces: ".ws-tiles",
      into: "[data-drop]",
      ghostClass: "ws-flying dragging",
      allowed: () => this.word().length > 0,
      ghost: () => h("div", {}, h("span", { class: "ws-ghost-word" }, this.word())),
      drop: (place) => this.claimAt(place.dataset.drop || ""),
    });
  }

  /** @param {any} ctx a race's constant updates never throw the focus out of the board */
  update(ctx) {
    keepFocus(this.root, () => this.redraw(ctx));
  }

  /** @param {any} ctx */
  redraw(ctx) {
    const before = this.places();
    this.ctx = ctx;
    const v = ctx.view;
    const me = this.me();
    this.remember(v);
    this.drawInfo(v);
    for (const [i, p] of this.pieces.entries()) {
      const box = this.compartments[i];
      /** @type {HTMLElement} */ (box.querySelector(".ws-count-n")).textContent = String(v.tray[p]);
      box.setAttribute("aria-label", `${v.tray[p]} ${p} (${this.shape(p)}) in the tray`);
    }
    redrawIfChanged(this.pool, JSON.stringify(me && me.pool), () => me
      ? this.pieces.map((p) => this.pile(p, me.pool[p], "mine"))
      : h("p", { class: "hint" }, "You are watching."));
    const can = ctx.myTurn && !ctx.over;
    this.bar.hidden = ctx.readonly || ctx.over;
    this.die.hidden = ctx.readonly || ctx.over;
    // Dimmed, not disabled, when a roll is not legal: the focus stays, and a press is answered
    // with the rules' sentence saying why.
    this.die.setAttribute("aria-disabled", String(!this.legal().some((a) => a.type === "roll")));
    for (const b of [this.claimBtn, this.passBtn]) b.disabled = !can;
    this.drawTakes(me);
    this.drawLineChoice(v, me);
    this.drawSheets(v);
    this.wordChanged();
    this.animate(before, v);
    this.prev = v;
    this.highlight(this.hinted);
  }

  // --- what the seat may do ------------------------------------------------------------

  /** The seat's legal actions (none for a spectator, a replay, or while waiting). */
  legal() {
    return (!this.ctx.readonly && this.ctx.legal) || [];
  }

  /** The pieces the seat may take now (its roll's choice, a Word by Word wild circle). */
  offered() {
    return new Set(this.legal().filter((a) => a.type === "take").map((a) => a.piece));
  }

  /**
   * Where the word in the box may be written: its sheet lines by the legal claims (the next
   * line, or in the Advanced Game each line whose letter it holds). Secret Wordsmith lists only
   * the words that will score, so there the marks would give the word away: none are shown.
   */
  linesFor(/** @type {string} */ word) {
    const me = this.me();
    if (!word || !me || this.ctx.view.secret) return new Set();
    return new Set(this.legal()
      .filter((a) => a.type === "claim" && a.word === word)
      .map((a) => `line-${a.line ?? me.words}`));
  }

  /**
   * @param {any} action
   * @param {Element | null} anchor where a refusal shows
   */
  async act(action, anchor) {
    const answer = await this.ctx.act(action, anchor);
    if (answer && answer.type === "ok") {
      this.marks = {};
      this.lastMoves.clear();
      this.drawMarks();
    }
    return answer;
  }

  /** @param {string} piece */
  take(piece) {
    if (!this.offered().has(piece)) return;
    this.act({ type: "take", piece }, this.tray);
  }

  word() {
    return this.input.value.trim().toLowerCase();
  }

  async claim(/** @type {number | null} */ line = null) {
    const word = this.word();
    if (!word) {
      this.input.focus();
      return;
    }
    /** @type {{type: string, word: string, line?: number}} */
    const action = { type: "claim", word };
    if (this.ctx.view.advanced) {
      const chosen = line ?? (this.line.value === "" ? null : Number(this.line.value) - 1);
      if (chosen !== null) action.line = chosen;
    }
    const answer = await this.act(action, this.bar);
    if (answer && answer.type === "ok") {
      this.input.value = "";
      this.wordChanged();
    }
  }

  /** A word dropped on a sheet line (``mark``: "line-2") or on the sheet ("sheet"). */
  claimAt(/** @type {string} */ mark) {
    const line = /^line-(\d+)$/.exec(mark);
    if (line) this.claim(Number(line[1]));
    else if (mark === "sheet") this.claim();
  }

  // --- drawing ---------------------------------------------------------------------------

  /** @param {string} piece */
  shape(piece) {
    return this.facts.pieces[piece].shape;
  }

  me() {
    const seat = this.ctx.seat;
    return seat !== null && seat !== undefined ? this.ctx.view.players[seat] : null;
  }

  /** @param {any} v */
  drawInfo(v) {
    const mode = v.mode === "race" ? "Race" : "Word by Word";
    const required = v.required ? (Array.isArray(v.required) ? v.required.join(" ") : v.required).toUpperCase() : "";
    replace(this.info,
      tag(`Challenge ${v.challenge} of ${v.challenges}`, "big"), " ",
      tag(v.round ? `${mode} · word ${v.round}` : mode), " ",
      v.done_by !== null && v.done_by !== undefined
        ? tag(`Done called by ${this.ctx.names[v.done_by]}: one last word each`, "warn") : null,
      required ? tag(`Letters per line: ${required}`) : null,
      v.round_roll && v.round_roll.length ? tag(`Dice: ${v.round_roll.join(", ")}`) : null,
      v.min_length > 1 ? tag(`Words of ${v.min_length}+ letters`) : null,
      v.prompt ? h("p", { class: "ws-prompt" }, v.prompt) : null);
  }

  /** The die: a cube whose faces show the pieces it gives. */
  dieIcon() {
    const spots = [[9, 9], [19, 9], [9, 19], [19, 19]];
    const shown = [...new Set(this.facts.die)].slice(0, spots.length);
    return s("svg", { width: 40, height: 40, viewBox: "0 0 28 28", class: "ws-die-face", "aria-hidden": "true" },
      s("rect", { x: 1.5, y: 1.5, width: 25, height: 25, rx: 5, class: "ws-die-body" }),
      shown.map((p, i) => s("path", {
        d: SHAPES[this.shape(p)], transform: `translate(${spots[i][0] - 7} ${spots[i][1] - 7}) scale(.5)`,
        fill: "none", stroke: COLOURS[p], "stroke-width": 5, "stroke-linecap": "round",
      })));
  }

  /**
   * A pile of one kind of piece: the pieces drawn side by side (a big pile shows the first
   * few) and their number.
   * @param {string} piece
   * @param {number} n
   * @param {string} whose "mine" or the seat's number, naming the pile for the marks
   * @param {number} [size]
   */
  pile(piece, n, whose, size = 28) {
    const drawn = Array.from({ length: Math.min(n, PILE) }, () => pieceIcon(piece, this.shape(piece), size));
    return h("span", {
      class: ["ws-pile", n ? "" : "empty"], dataset: { pile: `${whose}-${piece}` },
      role: "img", "aria-label": `${n} ${piece} (${this.shape(piece)})`, title: `${n} ${piece} (${this.shape(piece)})`,
    }, h("span", { class: "ws-pile-pieces" }, drawn), h("b", { class: "ws-pile-n" }, `${initial(piece)}×${n}`));
  }

  /** @param {any} me */
  drawTakes(me) {
    const offered = [...this.offered()];
    const opened = offered.length > 0 && !this.die.classList.contains("chosen");
    this.die.classList.toggle("chosen", offered.length > 0);
    // The die just rolled a choice: the keyboard goes on to the tray's first piece on offer.
    if (opened && document.activeElement === this.die) {
      this.tray.dataset.focusKey = offered[0];
      rovingFocus(this.tray, ".ws-compartment").find((box) => box.dataset.key === offered[0])?.focus();
    }
    markTargets(this.compartments, new Set(offered));
    this.pool.classList.toggle("target", offered.length > 0);
    for (const box of this.compartments) {
      box.setAttribute("aria-disabled", String(!offered.includes(box.dataset.piece)));
    }
    if (!me || !offered.length) {
      this.takes.replaceChildren();
      return;
    }
    replace(this.takes, "Take a piece: ", offered.map((p) => button(
      h("span", {}, pieceIcon(p, this.shape(p), 18), initial(p)),
      () => this.take(p),
      { class: "small", dataset: { piece: p }, "aria-label": `take ${p}` },
    )));
  }

  /** The Advanced Game's line box: the free lines and their letters. */
  drawLineChoice(/** @type {any} */ v, /** @type {any} */ me) {
    this.line.hidden = !(v.advanced && me);
    if (this.line.hidden) return;
    const kept = this.line.value;
    const letters = String(v.required || "").split("");
    replace(this.line, me.sheet.map((/** @type {string | null} */ w, /** @type {number} */ i) => w ? null
      : h("option", { value: i + 1 }, `line ${i + 1}${letters[i] ? ` (${letters[i].toUpperCase()})` : ""}`)));
    if ([...this.line.options].some((o) => o.value === kept)) this.line.value = kept;
  }

  /**
   * @param {string} letter
   * @param {Record<string, number>} recipe
   */
  letterButton(letter, recipe) {
    const said = Object.entries(recipe).map(([p, n]) => `${n} ${p}`).join(", ");
    return button([
      h("span", { class: "ws-glyph" }, letter.toUpperCase()),
      h("span", { class: "sr-only" }, `: ${said}`),
      h("span", { class: "ws-recipe", "aria-hidden": "true" }, Object.entries(recipe).map(([p, n]) =>
        h("span", { class: "ws-r" }, pieceIcon(p, this.shape(p), 14), n > 1 ? `${n}` : ""))),
    ], () => this.addLetter(letter), { class: "ws-letter", dataset: { key: letter }, title: said });
  }

  /** @param {string} letter */
  addLetter(letter) {
    if (this.ctx.readonly || this.ctx.over) return;
    this.input.value = this.word() + letter;
    this.wordChanged();
  }

  /** @param {number} at */
  removeLetter(at) {
    const word = this.word();
    this.input.value = word.slice(0, at) + word.slice(at + 1);
    this.wordChanged();
    const left = this.tiles.querySelectorAll(".ws-tile");
    const next = /** @type {HTMLElement | undefined} */ (left[Math.min(at, left.length - 1)]);
    if (next) next.focus();
    else this.input.focus();
  }

  /** The word box changed: its tiles, what it needs, the letters still buildable, its lines. */
  wordChanged() {
    const word = this.word();
    const alphabet = this.facts.alphabet;
    redrawIfChanged(this.tiles, word, () => [...word].map((ch, i) => button(
      [h("span", { class: "ws-glyph" }, ch.toUpperCase()),
        h("span", { class: "ws-recipe" }, Object.entries(alphabet[ch] || {}).map(([p, n]) =>
          Array.from({ length: n }, () => pieceIcon(p, this.shape(p), 12))))],
      () => this.removeLetter(i),
      { class: ["ws-tile", alphabet[ch] ? "" : "unknown"], dataset: { key: `tile-${i}` },
        "aria-label": `${ch.toUpperCase()}, letter ${i + 1}: remove it` },
    )));
    rovingFocus(this.tiles, ".ws-tile");
    this.tiles.hidden = !word;
    const me = this.me();
    const need = me && needs(word, alphabet, this.pieces);
    /** @type {Record<string, number> | null} */
    const left = me && need ? Object.fromEntries(this.pieces.map((p) => [p, me.pool[p] - need[p]])) : null;
    for (const letter of this.letters) {
      const recipe = alphabet[letter.dataset.key || ""];
      letter.classList.toggle("ok", Boolean(left && Object.entries(recipe).every(([p, n]) => left[p] >= n)));
    }
    this.need.textContent = this.needText(word, me, need);
    const lines = /** @type {HTMLElement[]} */ ([...this.sheets.querySelectorAll(".ws-line-place")]);
    markTargets(lines, this.linesFor(word));
  }

  /**
   * What the word needs, and what it lacks or leaves over to discard.
   * @param {string} word
   * @param {any} me
   * @param {Record<string, number> | null} need
   */
  needText(word, me, need) {
    if (!word || !me) return "";
    if (!need) return "Some of these symbols have no recipe.";
    const count = (/** @type {string} */ p, /** @type {number} */ n) => `${n}${initial(p)}`;
    const short = this.pieces.filter((p) => need[p] > me.pool[p]);
    const spare = this.pieces.reduce((a, p) => a + Math.max(0, me.pool[p] - need[p]), 0);
    const needed = this.pieces.filter((p) => need[p]).map((p) => count(p, need[p])).join(" ");
    return `Needs ${needed}` + (short.length
      ? ` · missing ${short.map((p) => count(p, need[p] - me.pool[p])).join(" ")}`
      : ` · ${spare} left over to discard`);
  }

  /**
   * Every player's sheet; only a sheet whose contents changed is drawn again, so that a race's
   * constant updates leave alone the line a finger or the keyboard is on.
   * @param {any} v
   */
  drawSheets(v) {
    const cards = /** @type {HTMLElement[]} */ ([...this.sheets.children]);
    for (const [seat, p] of v.players.entries()) {
      const writable = (p.sheet || []).map((/** @type {any} */ _, /** @type {number} */ i) => this.writable(i, p));
      const shown = [p, this.marks[seat], v.scores[seat], this.ctx.names[seat], v.required, writable];
      const key = JSON.stringify(shown);
      if (cards[seat] && cards[seat].dataset.drawn === key) continue;
      const card = this.sheet(p, seat);
      card.dataset.drawn = key;
      if (cards[seat]) cards[seat].replaceWith(card);
      else this.sheets.append(card);
    }
    for (const extra of cards.slice(v.players.length)) extra.remove();
  }

  /**
   * A player's score sheet: six lines, the discard boxes, and another player's pieces.
   * @param {any} p
   * @param {number} seat
   */
  sheet(p, seat) {
    const ctx = this.ctx;
    const mine = seat === ctx.seat;
    const mark = this.marks[seat] || {};
    const letters = String(ctx.view.required || "");
    const lines = p.sheet && h("ol", { class: "ws-lines" }, p.sheet.map((/** @type {string | null} */ w, i) => {
      const required = letters[i]
        ? h("span", { class: "ws-required", title: "required letter" }, letters[i].toUpperCase()) : null;
      const text = h("span", { class: "ws-written" }, w ? w.toUpperCase() : "…");
      const place = mine && !w && this.writable(i, p)
        ? button([required, text, h("span", { class: "sr-only" }, `: write the word on line ${i + 1}`)],
          () => this.claim(i), { class: "ws-line-place", dataset: { key: `line-${i}`, drop: `line-${i}` } })
        : [required, text];
      const last = mark.line === i ? "last-move" : "";
      return h("li", { class: ["ws-line", last], dataset: { line: `${seat}-${i}` } }, place);
    }));
    const dataset = mine && this.writable(p.words, p) ? { seat: `${seat}`, drop: "sheet" } : { seat: `${seat}` };
    const card = h("div", { class: ["ws-sheet", mine ? "mine" : ""], dataset },
      h("div", { class: "ws-sheet-head" },
        playerHeading(seat, ctx.names[seat]),
        h("span", { class: ["ws-status", mark.passed ? "last-move" : ""] },
          ` · ${p.status} · ${ctx.view.scores[seat]} pts`)),
      // Secret Wordsmith: another player's sheet is null until the challenge is scored.
      lines || h("p", { class: ["ws-hidden", mark.word ? "last-move" : ""] },
        `${plural(p.words, "word")}, hidden until scoring`),
      this.boxes(p),
      mine ? null : h("div", { class: "ws-their-pieces" },
        this.pieces.map((q) => {
          const pile = this.pile(q, p.pool[q], String(seat), 16);
          if (mark.piece === q) pile.classList.add("last-move");
          return pile;
        })));
    if (mine) rovingFocus(card, ".ws-line-place");
    return card;
  }

  /**
   * Whether line ``i`` takes a word now: in the Advanced Game any free line, elsewhere the next.
   * @param {number} i
   * @param {any} p the seat's player
   */
  writable(i, p) {
    if (this.ctx.readonly || this.ctx.over || !this.ctx.myTurn) return false;
    return this.ctx.view.advanced || i === p.words;
  }

  /** The discard boxes: crossed out for a player level, checked per discard, the bonus ones +1. */
  boxes(/** @type {any} */ p) {
    const free = this.facts.free_boxes;
    const all = free + this.facts.bonus_boxes;
    const boxes = Array.from({ length: all }, (_, i) => {
      const crossed = i < p.crossed;
      const checked = !crossed && i < p.crossed + p.discards;
      const bonus = i >= free;
      return h("span", {
        class: ["ws-box", bonus ? "bonus" : "", checked ? "checked" : "", crossed ? "crossed" : ""],
        title: crossed ? "crossed out (player level)" : bonus ? "bonus box (1 point if unchecked)" : "free box",
      }, checked ? "✗" : crossed ? "–" : bonus ? "+1" : "");
    });
    const said = `${p.discards} of ${all - p.crossed} discard boxes checked`;
    return h("div", { class: "ws-boxes", role: "img", "aria-label": said }, boxes);
  }

  // --- memory and motion -----------------------------------------------------------------

  /**
   * What each other seat did last, from the moves as played (the update's changes), kept
   * until this seat acts: a word on a line, a piece in its pile, a pass. A new challenge
   * starts with none.
   * @param {any} v
   */
  remember(v) {
    const challenge = (/** @type {any} */ change) =>
      (change.events || []).some((/** @type {any} */ e) => e.type === "challenge");
    this.lastMoves.note(this.ctx.changes || [], this.ctx.seat, challenge);
    this.marks = {};
    for (const [seat, events] of this.lastMoves.events()) {
      for (const e of events) {
        if (e.type === "took") this.marks[seat] = { piece: e.piece };
        if (e.type === "passed") this.marks[seat] = { passed: true };
        if (e.type !== "claimed") continue;
        const sheet = (v.players[seat] && v.players[seat].sheet) || [];
        const line = e.line ?? (e.word ? sheet.indexOf(e.word) : -1);
        this.marks[seat] = line >= 0 ? { line } : { word: true };
      }
    }
  }

  /** The other seats' marks drawn again (this seat acted: they are cleared). */
  drawMarks() {
    for (const el of this.sheets.querySelectorAll(".last-move")) el.classList.remove("last-move");
  }

  /** Where the places that moves travel between are drawn now. */
  places() {
    /** @type {Map<string, DOMRect>} */
    const found = new Map();
    if (!this.root) return found;
    for (const el of this.root.querySelectorAll("[data-pile], .ws-compartment, .ws-tiles")) {
      const key = el instanceof HTMLElement ? el.dataset.pile || el.dataset.piece || "word" : "";
      found.set(key, el.getBoundingClientRect());
    }
    return found;
  }

  /**
   * Each piece that changed hands flies from where it was to where it landed: from the tray
   * to a pile, from a pile back to the tray (a claim's leftovers), and a claimed word from the
   * word box to its line.
   * @param {Map<string, DOMRect>} before
   * @param {any} v
   */
  animate(before, v) {
    const was = this.prev;
    if (!was || was.challenge !== v.challenge) return;
    for (const [seat, p] of v.players.entries()) {
      const old = was.players[seat];
      const whose = seat === this.ctx.seat ? "mine" : String(seat);
      for (const [i, q] of this.pieces.entries()) {
        const change = p.pool[q] - old.pool[q];
        const pileKey = `${whose}-${q}`;
        const pile = this.root.querySelector(`[data-pile="${pileKey}"]`);
        if (change > 0) fly(before.get(q), pile, pieceIcon(q, this.shape(q)));
        if (change < 0) fly(before.get(pileKey), this.compartments[i], pieceIcon(q, this.shape(q)));
      }
      if (seat === this.ctx.seat && p.words > old.words && p.sheet) {
        const line = p.sheet.findIndex((/** @type {string | null} */ w, /** @type {number} */ i) => w && !old.sheet[i]);
        const to = this.root.querySelector(`[data-line="${seat}-${line}"]`);
        fly(before.get("word"), to, h("span", { class: "ws-ghost-word" }, p.sheet[line] || ""));
      }
    }
  }

  /** The piece dragged from the tray, drawn under the pointer. @param {string} piece */
  draggedPiece(piece) {
    return pieceIcon(piece, this.shape(piece), 34);
  }

  // --- hints -----------------------------------------------------------------------------

  /**
   * Light up the pieces and places of ``action`` (a hint): the die for a roll, the tray's
   * compartment for a take, the word's letters and its line for a claim, the pass button;
   * null clears.
   * @param {any} action
   */
  highlight(action) {
    this.hinted = action;
    if (!this.root) return;
    for (const el of this.root.querySelectorAll(".hinted")) el.classList.remove("hinted");
    if (!action) return;
    const lit = [];
    if (action.type === "roll") lit.push(this.die);
    if (action.type === "pass") lit.push(this.passBtn);
    if (action.type === "take") lit.push(...this.compartments.filter((b) => b.dataset.piece === action.piece));
    if (action.type === "claim") {
      const word = String(action.word).toLowerCase();
      lit.push(...this.letters.filter((b) => word.includes(b.dataset.key || "")));
      const me = this.me();
      const line = action.line ?? (me ? me.words : null);
      if (this.ctx.seat !== null) lit.push(this.root.querySelector(`[data-line="${this.ctx.seat}-${line}"]`));
    }
    for (const el of lit) el?.classList.add("hinted");
  }

  // --- the end ---------------------------------------------------------------------------

  /** End screen: each challenge's points. */
  breakdown(/** @type {any} */ d, /** @type {any} */ view, /** @type {number} */ seats) {
    if (!d.challenges) return null;
    return {
      head: d.challenges.map((/** @type {any} */ _, /** @type {number} */ i) => `Challenge ${i + 1}`),
      rows: Array.from({ length: seats }, (_, seat) => d.challenges.map((/** @type {any} */ c) => c[seat])),
      note: "A challenge: a point per letter of each word kept, plus a point per unchecked bonus box.",
    };
  }

  scoreSheet(/** @type {any} */ view) {
    return { head: ["Words", "Boxes"], rows: view.players.map((/** @type {any} */ p) => [p.words, p.boxes_left]) };
  }
}

/** A fresh board for one page: every piece of its state lives in the object. */
export default function createBoard() {
  return new WordsmithBoard();
}
