// @ts-check
// Wordcraft: the letter grid with everyone's cubes, the word being spelled, the achievement
// cards, the vote. Letters are picked with a tap, a click, the arrows and Enter, a drag onto the
// word, or typed; the cards the word may take a cube on are marked from the legal actions.
import { h, replace, button, plural, icon, seatStyle } from "/static/js/dom.js";
import {
  actionForm, components, markTargets, rovingFocus, tag, wordInput, dragAndDrop, keepFocus, travel, LastMoves,
} from "/static/js/board-kit.js";

const COLOUR_SYMBOL = { blue: "≈", yellow: "☀", green: "♣", red: "♥", purple: "♛" };

function sideName(view, names, side) {
  if (view.teams) return `Team ${side + 1}`;
  const seats = view.sides[side].seats;
  return names[seats[0]] ?? `Seat ${side + 1}`;
}

/** Every way to spell a word with this grid's cards, fewest cubes first (the Qu card takes
 * QU or Q: QUIET is Qu·I·E·T, 4 cubes, or Qu·U·I·E·T, 5), as the rules' spellings(). */
export function spellingsOnGrid(word, grid) {
  const have = new Set(grid.map((g) => g.card));
  const found = [];
  const path = [];
  const walk = (at) => {
    if (at === word.length) {
      found.push([...path]);
      return;
    }
    const steps =
      word[at] === "q"
        ? have.has("qu")
          ? word.startsWith("qu", at)
            ? [2, 1]
            : [1]
          : []
        : have.has(word[at])
          ? [1]
          : [];
    for (const step of steps) {
      path.push(word[at] === "q" ? "qu" : word[at]);
      walk(at + step);
      path.pop();
    }
  };
  walk(0);
  return found.sort((a, b) => a.length - b.length);
}

/** The fewest-cubes spelling, or null. */
export function spellOnGrid(word, grid) {
  return spellingsOnGrid(word, grid)[0] || null;
}

/** The word clicked cards spell: the Qu card is Q before a U card (Qu·U·I·E·T is QUIET). */
export function wordOf(spelling) {
  return spelling.map((c, i) => (c === "qu" && spelling[i + 1] === "u" ? "q" : c)).join("");
}

/** Does a spelling fulfil an achievement card? Read from the card's requirement sentence. */
export function fulfils(achievement, spelling, colourOf) {
  const cols = spelling.map((c) => colourOf[c]);
  const req = achievement.requirement.toLowerCase();
  let m;
  if ((m = req.match(/at least (\d+) (\w+) letters/))) return cols.filter((c) => c === m[2]).length >= Number(m[1]);
  if ((m = req.match(/starts (\w+), ends (\w+)/))) return cols[0] === m[1] && cols[cols.length - 1] === m[2];
  if ((m = req.match(/exactly (\d+) cubes/))) return spelling.length === Number(m[1]);
  if ((m = req.match(/(\w+) followed by (\w+)/))) return cols.some((c, i) => c === m[1] && cols[i + 1] === m[2]);
  return false;
}

/** How many times each card is in a spelling (TREE: E twice). */
function counts(spelling) {
  const found = new Map();
  for (const card of spelling) found.set(card, (found.get(card) || 0) + 1);
  return found;
}

/**
 * Every side's cubes on every card of a view, with the round they were counted in: the
 * letter cards' cubes go back to their owners at a round's end, the achievement cards' stay.
 * @returns {{round: number, grid: Record<string, number[]>, achievements: Record<string, number[]>}}
 */
function cubesOf(view) {
  return {
    round: view.round,
    grid: Object.fromEntries(view.grid.map((g) => [g.card, g.cubes])),
    achievements: Object.fromEntries(view.achievements.map((a) => [a.id, a.cubes])),
  };
}

/**
 * The cubes each side put on each card between two counts (a word taken back puts none).
 * @param {ReturnType<typeof cubesOf>} before
 * @param {ReturnType<typeof cubesOf>} after
 * @returns {{key: string, side: number}[]}
 */
function placedBetween(before, after) {
  const earlier = { ...before.achievements, ...(before.round === after.round ? before.grid : {}) };
  const found = [];
  for (const [key, now] of Object.entries({ ...after.grid, ...after.achievements }))
    now.forEach((n, side) => {
      if (n > ((earlier[key] || [])[side] || 0)) found.push({ key, side });
    });
  return found;
}

/** One side's cube (or stack of cubes): the seat's colour and symbol, so colour is never the only clue. */
function cube(side, count) {
  const seat = seatStyle(side);
  return h(
    "span",
    { class: "wc-cube", style: { "--seat": seat.colour }, dataset: { side: String(side) }, title: `seat ${side + 1}` },
    seat.symbol,
    count > 1 ? String(count) : null,
  );
}

class WordcraftBoard {
  // The legal actions say which achievement cards a word may take a cube on.
  wantLegal = true;

  mount(root, ctx) {
    this.root = root;
    this.ctx = ctx;
    this.info = h("div", { class: "board-info" });
    this.grid = h("div", { class: "wc-grid", role: "group", "aria-label": "Letter grid: Enter adds a letter" });
    this.achievements = h("div", {
      class: "wc-achievements",
      role: "group",
      "aria-label": "Achievement cards: Enter puts a cube on one your word fulfils",
    });
    this.input = wordInput("wc-word", "Your word", "Type a word or pick letters", 40);
    this.tray = h("div", { class: "wc-tray", "aria-hidden": "true" });
    this.cost = h("span", { class: "board-note wc-cost" });
    this.playBtn = button("Play word", () => this.play(), { class: "primary", id: "wc-play" });
    this.passBtn = button("Pass", () => this.act({ type: "pass" }, this.bar), { id: "wc-pass" });
    this.bar = actionForm(
      "wc-bar",
      () => this.play(),
      this.input,
      button("⌫", () => this.back(), { title: "Remove the last letter", "aria-label": "Remove the last letter" }),
      button("Clear", () => this.clearWord(), { class: "ghost", id: "wc-clear" }),
      this.playBtn,
      this.passBtn,
      this.cost,
    );
    this.choices = h("div", { class: "wc-choices" });
    this.voteBox = h("div", { class: "wc-vote", id: "wc-vote", role: "status", "aria-live": "polite" });
    this.sides = h("div", { class: "wc-sides row" });
    this.used = h("div", { class: "wc-used" });
    this.timer = h("span", { class: "wc-timer" });
    root.append(
      this.info,
      this.grid,
      this.tray,
      this.bar,
      this.voteBox,
      this.choices,
      h("h3", {}, "Achievement cards"),
      h(
        "p",
        { class: "hint" },
        "Pick a card your word fulfils to put a cube on it (one more cube from your supply). " +
          "At the game's end a card scores by your cubes on it: 1▪3 2▪6 … means 1 cube scores 3 EP, " +
          "2 cubes 6 EP, and so on.",
      ),
      this.achievements,
      h("h3", {}, "Players"),
      this.sides,
      h("h3", {}, "Words played"),
      this.used,
    );
    this.spelling = null;
    /** @type {Map<string, boolean>} the cards the player ticked or unticked by hand */
    this.ticked = new Map();
    /** each other player's last move as played (a word's cubes), marked until this seat acts */
    this.lastPlayed = new LastMoves();
    /** the version of the latest change that began a round (the letter cards' cubes went home) */
    this.newRound = 0;
    /** @type {Map<number, number>} each side's latest word taken back by a vote, by version */
    this.rejected = new Map();
    /** @type {ReturnType<typeof cubesOf> | null} the cubes of the last update, to see them travel */
    this.shown = null;
    /** @type {any} the action the hint tool lights up */
    this.hinted = null;
    this.input.addEventListener("input", () => {
      this.spelling = null;
      this.ticked.clear();
      this.refreshWord();
      this.drawSpellings();
    });
    this.input.addEventListener("keydown", (e) => {
      if (e.key === "Escape") this.clearWord();
    });
    this.grid.addEventListener("keydown", (e) => {
      if (e.key === "Backspace") this.back();
      else if (e.key === "Escape") this.clearWord();
    });
    // A letter card dragged to the word adds its letter; the word dragged to an achievement ticks it.
    dragAndDrop(this.grid, {
      pieces: ".wc-card",
      into: ".wc-tray, #wc-word",
      ghostClass: "wc-ghost",
      allowed: () => !this.ctx.readonly && !this.ctx.over,
      drop: (_, card) => this.addCard(card.dataset.card || ""),
    });
    dragAndDrop(this.tray, {
      pieces: ".wc-tray",
      into: ".wc-ach",
      ghostClass: "wc-ghost",
      drop: (card) => this.tick(card.dataset.key || "", true),
    });
    document.addEventListener("keydown", (e) => {
      const typing = e.target instanceof Element && e.target.closest("input, select, textarea");
      if (!this.canPlay() || typing || e.ctrlKey || e.metaKey || e.altKey) return;
      if (/^[a-zA-Z]$/.test(e.key)) {
        this.input.focus();
      }
    });
  }

  /** My turn to play a word or pass (in a vote, the players to vote only vote). */
  canPlay() {
    return Boolean(this.ctx && this.ctx.myTurn && this.ctx.view.phase === "play");
  }

  update(ctx) {
    const wasMine = this.canPlay();
    this.ctx = ctx;
    const v = ctx.view;
    this.colourOf = Object.fromEntries(v.grid.map((g) => [g.card, g.colour]));
    const cubes = cubesOf(v);
    const arrived = this.shown ? placedBetween(this.shown, cubes) : [];
    this.lastPlayed.note(ctx.changes || [], ctx.seat);
    for (const change of ctx.changes || [])
      for (const e of change.events || []) {
        if (e.type === "new-round") this.newRound = change.version;
        if (e.type === "word-rejected") this.rejected.set(e.side, change.version);
      }
    if (arrived.length) this.hinted = null;
    replace(
      this.info,
      tag(`Round ${v.round} of ${v.rounds}`, "big"),
      " ",
      v.round_end.triggered_by !== null ? tag(this.roundEndText(), "warn") : null,
      v.passes ? tag(`${plural(v.passes, "pass", "passes")} in a row`) : null,
      " ",
      tag(`Dictionary: ${v.dictionary}`),
      this.timer,
    );
    const usable = !ctx.readonly && !ctx.over;
    // A bot's move must not throw a keyboard player out of the grid.
    keepFocus(this.grid, () => {
      replace(this.grid, v.grid.map((g) => this.letterCard(g)));
      if (usable) rovingFocus(this.grid, ".wc-card");
    });
    keepFocus(this.achievements, () => {
      replace(this.achievements, v.achievements.map((a) => this.achievementCard(a)));
      if (usable) rovingFocus(this.achievements, ".wc-ach");
    });
    this.drawSides();
    replace(
      this.used,
      v.used_words.length
        ? h(
            "ol",
            { class: "wc-words" },
            v.used_words.map((u) =>
              h("li", {}, cube(u.side, 1), " ", u.word.toUpperCase(), h("span", { class: "hint" }, ` r${u.round}`)),
            ),
          )
        : h("p", { class: "hint" }, "No word yet."),
    );
    const can = this.canPlay();
    this.drawVote();
    this.bar.classList.toggle("disabled", !can);
    this.bar.hidden = ctx.readonly || ctx.over;
    this.tray.hidden = this.bar.hidden;
    this.playBtn.disabled = !can;
    this.passBtn.disabled = !can;
    if (can && !wasMine) {
      this.clearWord();
      // A keyboard player stays where they are; anyone else may start typing at once.
      if (!this.grid.contains(document.activeElement)) this.input.focus({ preventScroll: true });
      this.deadline = v.turn_seconds ? Date.now() + v.turn_seconds * 1000 : null;
    }
    if (!can) this.deadline = null;
    this.countDown();
    this.refreshWord();
    this.drawMarks();
    this.animate(arrived);
    this.shown = cubes;
  }

  /** A letter card of the grid: its colour, points and letter, and everyone's cubes on it. */
  letterCard(g) {
    const { view: v, names, readonly, over } = this.ctx;
    const leaders = g.scoring.map((p, side) => (p > 0 ? side : null)).filter((x) => x !== null);
    const onIt = g.cubes
      .map((n, side) => (n ? `${sideName(v, names, side)} ${plural(n, "cube")}` : null))
      .filter(Boolean);
    const card = h(
      "div",
      {
        class: ["wc-card", readonly || over ? "" : "clickable", `col-${g.colour}`],
        role: readonly || over ? null : "button",
        dataset: { card: g.card, key: g.card },
        onclick: () => this.addCard(g.card),
      },
      h(
        "span",
        { class: "wc-band", title: `${g.colour}: ${g.points} EP`, "aria-hidden": "true" },
        h("span", { class: "wc-symbol", "aria-hidden": "true" }, COLOUR_SYMBOL[g.colour]),
        h("span", { class: "wc-ep" }, g.points),
      ),
      h("span", { class: "wc-letter" }, g.label),
      h("span", { class: "sr-only" }, `, ${g.colour}, ${g.points} EP`, onIt.length ? `; ${onIt.join(", ")}` : null),
      h("span", { class: "wc-uses", "aria-hidden": "true" }),
      h(
        "span",
        { class: "wc-cubes", "aria-hidden": "true" },
        g.cubes.map((n, side) =>
          n ? h("span", { class: ["wc-stack", leaders.includes(side) ? "leads" : ""] }, cube(side, n)) : null,
        ),
      ),
    );
    return card;
  }

  /** An achievement card in play: its requirement, its table of EP by cubes, the cubes on it. */
  achievementCard(a) {
    return h(
      "div",
      {
        class: ["wc-ach", `diff-${a.difficulty}`, `type-${a.type}`],
        dataset: { id: a.id, key: a.id },
        onclick: () => this.tick(a.id),
      },
      h("div", { class: "wc-ach-head" }, h("strong", {}, a.id), " ", tag(a.difficulty), h("span", { class: "wc-box" })),
      h("div", { class: "wc-req" }, a.requirement),
      h(
        "div",
        { class: "wc-table", title: "EP at the game's end by your cubes on this card: 1▪3 means 1 cube scores 3 EP" },
        a.points.map((p, i) => h("span", {}, `${i + 1}▪${p}`)),
      ),
      h(
        "div",
        { class: "wc-cubes" },
        a.cubes.map((n, side) => (n ? cube(side, n) : null)),
      ),
      h("div", { class: "wc-ok" }),
    );
  }

  drawSides() {
    const { view: v, names } = this.ctx;
    replace(
      this.sides,
      v.sides.map((s) => {
        const last = this.lastWord(s.side);
        return h(
          "div",
          {
            class: ["sub", "panel", "wc-side", s.side === v.your_side && "mine", v.turn === s.side && "to-play"],
            dataset: { side: String(s.side) },
          },
          h("strong", {}, cube(s.side, 1), " ", sideName(v, names, s.side)),
          v.turn === s.side ? " ▶" : "",
          h("div", { class: "wc-supply", title: "cubes in supply" }, "Cubes in supply: ", h("strong", {}, s.supply)),
          last && h("div", { class: "wc-last-move" }, "Last word: ", last.toUpperCase()),
          h(
            "div",
            { class: "hint" },
            `Rounds: ${s.letter_ep.join(" + ") || "–"}${s.bonus_ep ? `, bonus ${s.bonus_ep}` : ""}` +
              ` · letters now ${s.letters_now} · on achievements ${s.achievement_cubes} · projected ${s.projected}`,
          ),
        );
      }),
    );
  }

  /**
   * The cubes each other side's last word put on cards, from the moves as played: its letter
   * cards (this round's) and its achievement cards; a word taken back by a vote puts none.
   */
  lastMoves() {
    const { view: v } = this.ctx;
    /** @type {{key: string, side: number}[]} */
    const found = [];
    for (const [, turn] of this.lastPlayed.turns())
      for (const change of turn)
        for (const e of change.events || []) {
          if (e.type !== "word" || e.side === v.your_side) continue;
          if (change.version < (this.rejected.get(e.side) || 0)) continue;
          const letters = change.version > this.newRound ? e.spelling : [];
          for (const key of [...letters, ...e.achievements]) found.push({ key, side: e.side });
        }
    return found;
  }

  /** The word a side's marked cubes came with: its last word played, if it has marks. */
  lastWord(side) {
    if (!this.lastMoves().some((p) => p.side === side)) return null;
    const words = this.ctx.view.used_words.filter((u) => u.side === side);
    return words.length ? words[words.length - 1].word : null;
  }

  /** The places (letter and achievement cards) of the board, by key. */
  place(key) {
    const places = [...this.grid.children, ...this.achievements.children];
    return /** @type {HTMLElement | undefined} */ (
      places.find((p) => p instanceof HTMLElement && p.dataset.key === key)
    );
  }

  /** The last move of each other side, on the cards it put cubes on; the hint's move. */
  drawMarks() {
    const { view: v, names } = this.ctx;
    const marks = this.lastMoves();
    for (const place of [...this.grid.children, ...this.achievements.children]) {
      if (!(place instanceof HTMLElement)) continue;
      const by = marks.filter((m) => m.key === place.dataset.key).map((m) => m.side);
      place.classList.toggle("last-move", by.length > 0);
      if (by.length) place.style.setProperty("--last", seatStyle(by[0]).colour);
      const note = by.map((side) => `last word of ${sideName(v, names, side)}`).join(", ");
      if (note) place.setAttribute("aria-description", note);
      else if (!place.classList.contains("target")) place.removeAttribute("aria-description");
    }
    const hinted = this.hintedPlaces();
    for (const el of this.root.querySelectorAll(".hinted")) if (!hinted.includes(el)) el.classList.remove("hinted");
    for (const el of hinted) el.classList.add("hinted");
  }

  /**
   * The cubes just placed travel from the player's supply (or from the word, for this seat's
   * own) to their cards.
   * @param {{key: string, side: number}[]} arrived
   */
  animate(arrived) {
    for (const { key, side } of arrived) {
      const source = side === this.ctx.view.your_side && !this.tray.hidden ? this.tray : null;
      const from = source || this.sides.querySelector(`[data-side="${side}"] .wc-supply`);
      const moved = this.place(key)?.querySelector(`.wc-cube[data-side="${side}"]`);
      if (from && moved) travel(moved, from.getBoundingClientRect(), { lift: 1.4, easing: "cubic-bezier(.2,.7,.3,1)" });
    }
  }

  /**
   * Light up the cards and places of `action` (a hint's move); null clears.
   * @param {any} action
   */
  highlight(action) {
    this.hinted = action;
    this.drawMarks();
  }

  /** The elements of the hinted action: a word's letter cards and achievement cards, or its button. */
  hintedPlaces() {
    const action = this.hinted;
    if (!action || !this.ctx) return [];
    if (action.type === "pass") return [this.passBtn];
    if (action.type === "vote") return [...this.voteBox.querySelectorAll(action.keep ? "#wc-keep" : "#wc-reject")];
    if (action.type !== "word") return [];
    const spelling = action.spelling || spellOnGrid(action.word, this.ctx.view.grid) || [];
    const keys = new Set([...spelling, ...(action.achievements || [])]);
    return [...keys].map((key) => this.place(key)).filter(Boolean);
  }

  /** Who triggered the round's end, and who has a last turn. */
  roundEndText() {
    const { view: v, names } = this.ctx;
    const last = v.round_end.last_turns.map((s) => sideName(v, names, s)).join(", ") || "nobody";
    return `Round end triggered by ${sideName(v, names, v.round_end.triggered_by)}: last turns for ${last}`;
  }

  /**
   * Act; once the move is made, the other players' last moves have been seen.
   * @param {any} action
   * @param {Element} anchor
   */
  async act(action, anchor) {
    const answer = await this.ctx.act(action, anchor);
    if (answer.type === "ok") {
      this.hinted = null;
      this.drawSides();
      this.drawMarks();
    }
    return answer;
  }

  /** The call of a vote on the last word, or the vote itself. */
  drawVote() {
    const { view: v, seat, names, readonly } = this.ctx;
    const who = (side) => sideName(v, names, side);
    if (v.vote) {
      const cast = v.vote.ballots
        .map((b, side) => (b === null ? null : `${who(side)} ${b ? "keeps" : "rejects"}`))
        .filter(Boolean);
      const mine = !readonly && v.vote.voters.includes(seat);
      const word = v.vote.word.toUpperCase();
      replace(
        this.voteBox,
        tag(`Vote on ${word}`, "warn"),
        " ",
        `played by ${who(v.vote.side)}${v.vote.caller === null ? ", the last word of the game" : ""}; ` +
          `${plural(v.vote.needed, "reject")} ${v.vote.needed === 1 ? "takes" : "take"} it back. ` +
          `${cast.join("; ") || "No vote yet"}.`,
        " ",
        mine
          ? button(`Keep ${word}`, () => this.act({ type: "vote", keep: true }, this.voteBox), {
              id: "wc-keep",
              class: "primary",
            })
          : null,
        " ",
        mine
          ? button(`Reject ${word}`, () => this.act({ type: "vote", keep: false }, this.voteBox), { id: "wc-reject" })
          : null,
      );
      this.voteBox.hidden = false;
      return;
    }
    const d = v.disputable;
    if (d && !readonly && !this.ctx.over && d.callers.includes(seat)) {
      replace(
        this.voteBox,
        `Doubt ${d.word.toUpperCase()}? `,
        button(`Call a vote on ${d.word.toUpperCase()}`, () => this.act({ type: "dispute" }, this.voteBox), {
          id: "wc-dispute",
          title: "Until the next move: if a majority of the players reject it, the word is taken back",
        }),
      );
      this.voteBox.hidden = false;
      return;
    }
    this.voteBox.replaceChildren();
    this.voteBox.hidden = true;
  }

  countDown() {
    clearTimeout(this.tickTimer);
    if (!this.deadline) {
      this.timer.textContent = "";
      return;
    }
    const left = Math.ceil((this.deadline - Date.now()) / 1000);
    replace(this.timer, " ", icon("timer", "time left"), ` ${Math.max(0, left)} s`);
    if (left <= 0) {
      this.deadline = null;
      this.act({ type: "pass", timed_out: true }, this.bar);
      return;
    }
    this.tickTimer = setTimeout(() => this.countDown(), 500);
  }

  /** A word with more than one spelling (Qu or Qu·U) offers each, while typing and when the
   * rules ask which cards: the cubes and the suggested achievements follow the one picked. */
  drawSpellings(playOnPick = false, given = null) {
    const word = this.input.value.trim().toLowerCase();
    const all = given || (word && this.ctx ? spellingsOnGrid(word, this.ctx.view.grid) : []);
    if (all.length < 2) {
      this.choices.replaceChildren();
      return;
    }
    const current = this.currentSpelling();
    replace(
      this.choices,
      h("span", {}, "Which cards? "),
      all.map((c) => {
        const on = Boolean(current) && current.join("·") === c.join("·");
        return button(
          `${c.map((x) => x.toUpperCase()).join("·")} (${c.length} cubes)`,
          () => {
            this.spelling = c;
            this.ticked.clear();
            this.refreshWord();
            if (playOnPick) this.play(c);
            else this.drawSpellings();
          },
          { class: ["small", "wc-spelling", on ? "chosen" : ""], "aria-pressed": on ? "true" : "false" },
        );
      }),
    );
  }

  /**
   * The achievement cards a word laid as `spelling` may take a cube on: those of its legal
   * actions. The server lists a turn's first actions only (the shortest words first), so a
   * word it leaves out has its cards read from their requirements.
   * @param {string[]} spelling
   * @returns {Set<string>}
   */
  claimable(spelling) {
    const word = wordOf(spelling);
    const key = spelling.join("·");
    const listed = (this.ctx.legal || []).filter(
      (a) => a.type === "word" && a.word === word && a.spelling.join("·") === key,
    );
    if (listed.length) return new Set(listed.flatMap((a) => a.achievements));
    const fulfilled = this.ctx.view.achievements.filter((a) => fulfils(a, spelling, this.colourOf));
    return new Set(fulfilled.map((a) => a.id));
  }

  /** Put a cube on an achievement card the word may take one on, or take it off again. */
  tick(id, on = null) {
    if (this.ctx.readonly || this.ctx.over) return;
    const card = this.place(id);
    if (!card) return;
    const checked = card.getAttribute("aria-checked") === "true";
    const want = on === null ? !checked : on;
    if (want && !card.classList.contains("target")) return;
    this.ticked.set(id, want);
    this.refreshWord();
  }

  /** The achievement cards: targets of the word, ticked while the cubes left pay for them. */
  markAchievements(spelling) {
    const locked = this.ctx.readonly || this.ctx.over;
    const v = this.ctx.view;
    const cards = /** @type {HTMLElement[]} */ ([...this.achievements.children]);
    const targets = spelling && !locked ? this.claimable(spelling) : new Set();
    markTargets(cards, targets);
    let left = spelling && v.your_side !== null ? v.sides[v.your_side].supply - spelling.length : 0;
    for (const id of targets) if (this.ticked.get(id)) left -= 1;
    for (const card of cards) {
      const id = card.dataset.key;
      const target = targets.has(id);
      let on = target && this.ticked.get(id);
      if (target && !this.ticked.has(id) && left > 0) {
        on = true;
        left -= 1;
      }
      card.classList.toggle("ticked", Boolean(on));
      card.classList.toggle("fulfilled", target);
      replace(/** @type {HTMLElement} */ (card.querySelector(".wc-ok")), target ? "✓ your word fits" : null);
      if (locked) {
        card.removeAttribute("role");
        card.removeAttribute("aria-checked");
        card.removeAttribute("aria-disabled");
        card.classList.remove("clickable");
        continue;
      }
      card.setAttribute("role", "checkbox");
      card.setAttribute("aria-checked", on ? "true" : "false");
      card.setAttribute("aria-disabled", target ? "false" : "true");
      card.setAttribute("aria-label", `Put a cube on ${id}: ${v.achievements.find((a) => a.id === id).requirement}`);
      card.classList.toggle("clickable", target);
    }
  }

  currentSpelling() {
    const word = this.input.value.trim().toLowerCase();
    if (!word) return null;
    // Cards picked on an earlier round's grid do not spell the word on this one.
    const picked = this.spelling && this.spelling.every((card) => card in this.colourOf);
    if (picked && wordOf(this.spelling) === word) return this.spelling;
    return this.ctx ? spellOnGrid(word, this.ctx.view.grid) : null;
  }

  chosenAchievements() {
    return [...this.achievements.querySelectorAll(".wc-ach.ticked")]
      .filter((card) => card instanceof HTMLElement)
      .map((card) => card.dataset.key);
  }

  /** The word's letters light up on the grid (with the cubes each takes), and in the tray. */
  refreshWord() {
    if (!this.ctx) return;
    const v = this.ctx.view;
    const spelling = this.currentSpelling();
    this.markAchievements(spelling);
    const uses = counts(spelling || []);
    for (const card of this.grid.children) {
      if (!(card instanceof HTMLElement)) continue;
      const n = uses.get(card.dataset.card) || 0;
      card.classList.toggle("chosen", n > 0);
      replace(/** @type {HTMLElement} */ (card.querySelector(".wc-uses")), n ? `+${n}` : null);
    }
    const byCard = Object.fromEntries(v.grid.map((g) => [g.card, g]));
    replace(
      this.tray,
      spelling
        ? spelling.map((c) => h("span", { class: ["wc-tile", `col-${byCard[c].colour}`] }, byCard[c].label))
        : h("span", { class: "wc-tray-empty" }, "Your word"),
    );
    const side = v.your_side;
    if (!spelling || side === null) {
      this.cost.textContent = "";
      return;
    }
    const extra = this.chosenAchievements().length;
    const onAchievements = extra ? ` + ${extra} on achievements` : "";
    this.cost.textContent = `${spelling.length} cubes${onAchievements} · you have ${v.sides[side].supply}`;
  }

  addCard(card) {
    if (this.ctx.readonly || this.ctx.over) return;
    const current = this.currentSpelling() || [];
    this.spelling = [...current, card];
    this.input.value = wordOf(this.spelling);
    this.ticked.clear();
    this.refreshWord();
    this.drawSpellings();
  }

  back() {
    const current = this.currentSpelling();
    if (current && current.length) {
      this.spelling = current.slice(0, -1);
      this.input.value = wordOf(this.spelling);
    } else this.input.value = this.input.value.slice(0, -1);
    this.ticked.clear();
    this.refreshWord();
  }

  clearWord() {
    this.input.value = "";
    this.spelling = null;
    this.ticked.clear();
    this.choices.replaceChildren();
    this.refreshWord();
  }

  async play(spelling = null) {
    const word = this.input.value.trim().toLowerCase();
    if (!word) {
      this.input.focus();
      return;
    }
    const action = { type: "word", word };
    // A spelling picked (or clicked) is sent; else the rules ask which cards if need be.
    const chosen = spelling || (this.spelling && wordOf(this.spelling) === word ? this.spelling : null);
    if (chosen) action.spelling = chosen;
    const ach = this.chosenAchievements();
    if (ach.length) action.achievements = ach;
    this.choices.replaceChildren();
    const answer = await this.act(action, this.bar);
    if (answer.type === "ok") this.clearWord();
    else if (answer.code === "ambiguous-spelling" && answer.details && answer.details.choices)
      this.drawSpellings(true, answer.details.choices);
    else this.drawSpellings();
  }

  /** End screen: each round's letter EP, the round-end bonus and the achievements, per side. */
  breakdown(d, view, seats) {
    if (!d.letter_ep) return null;
    const sideOf = (seat) => (view && view.teams ? view.sides.findIndex((x) => x.seats.includes(seat)) : seat);
    const rounds = d.letter_ep[0].length;
    return {
      head: [...Array.from({ length: rounds }, (_, r) => `Round ${r + 1}`), "Bonus", "Achiev."],
      rows: Array.from({ length: seats }, (_, seat) => {
        const side = sideOf(seat);
        return [...d.letter_ep[side], d.bonus_ep[side], d.achievement_ep[side]];
      }),
      note:
        "Rounds: EP of the letter cards where the side had the most cubes. " +
        `Bonus: +${components(this.ctx).cubes.trigger_bonus} EP for ending a round. ` +
        "Achiev.: cubes on achievement cards, by their tables.",
    };
  }

  scoreSheet(view) {
    return {
      head: ["Cubes", "Proj."],
      rows: view.scores.map((_, seat) => {
        const s = view.sides[view.teams ? view.sides.findIndex((x) => x.seats.includes(seat)) : seat];
        return [s.supply, s.projected];
      }),
      note: "Score: EP banked at round ends. Proj. (projected): if the round and game ended now.",
    };
  }
}

/** A fresh board for one page: every piece of its state lives in the object. */
export default function createBoard() {
  return new WordcraftBoard();
}
