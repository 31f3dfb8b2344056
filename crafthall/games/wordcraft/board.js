// @ts-check
// Wordcraft: the letter grid with everyone's cubes, the achievement cards, a word builder.
import { h, replace, button, seatMark, plural, icon } from "/static/js/dom.js";
import { actionForm, components, tag, wordInput } from "/static/js/board-kit.js";

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

class WordcraftBoard {
  wantLegal = false;
  mount(root, ctx) {
    this.ctx = ctx;
    this.info = h("div", { class: "board-info" });
    this.grid = h("div", { class: "wc-grid", role: "group", "aria-label": "Letter grid" });
    this.achievements = h("div", { class: "wc-achievements" });
    this.input = wordInput("wc-word", "Your word", "Type a word or click letters", 40);
    this.cost = h("span", { class: "board-note" });
    this.playBtn = button("Play word", () => this.play(), { class: "primary", id: "wc-play" });
    this.passBtn = button("Pass", () => this.ctx.act({ type: "pass" }, this.bar), { id: "wc-pass" });
    this.bar = actionForm(
      "wc-bar",
      () => this.play(),
      this.input,
      button("⌫", () => this.back(), { title: "Remove the last letter", "aria-label": "Remove the last letter" }),
      button("Clear", () => this.clearWord(), { class: "ghost" }),
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
      this.bar,
      this.voteBox,
      this.choices,
      h("h3", {}, "Achievement cards"),
      h(
        "p",
        { class: "hint" },
        "Tick a card your word fulfils to put a cube on it (one more cube from your supply). " +
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
    this.ticked = new Map();
    this.input.addEventListener("input", () => {
      this.spelling = null;
      this.ticked.clear();
      this.refreshWord();
      this.drawSpellings();
    });
    this.input.addEventListener("keydown", (e) => {
      if (e.key === "Escape") this.clearWord();
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
    const mySide = v.your_side;
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
    replace(
      this.grid,
      v.grid.map((g) => {
        const leaders = g.scoring.map((p, side) => (p > 0 ? side : null)).filter((x) => x !== null);
        return h(
          "div",
          {
            class: ["card", "wc-card", "clickable", `col-${g.colour}`],
            tabindex: ctx.readonly ? null : 0,
            role: "button",
            dataset: { card: g.card },
            onclick: () => this.addCard(g.card),
            onkeydown: (e) => {
              if (e.key === "Enter" || e.key === " ") {
                e.preventDefault();
                this.addCard(g.card);
              }
            },
          },
          h("span", { class: "wc-ep", title: `${g.colour}: ${g.points} EP` }, COLOUR_SYMBOL[g.colour], " ", g.points),
          h("span", { class: "wc-letter" }, g.label),
          h("span", { class: "sr-only" }, ` ${g.colour}, ${g.points} EP`),
          h(
            "span",
            { class: "wc-cubes" },
            g.cubes.map((n, side) =>
              n ? h("span", { class: leaders.includes(side) ? "leads" : "" }, seatMark(side, n)) : null,
            ),
          ),
        );
      }),
    );
    this.drawAchievements();
    replace(
      this.sides,
      v.sides.map((s) =>
        h(
          "div",
          { class: ["sub", "panel", "wc-side", s.side === mySide ? "mine" : "", v.turn === s.side ? "to-play" : ""] },
          h("strong", {}, seatMark(s.side), " ", sideName(v, ctx.names, s.side)),
          v.turn === s.side ? " ▶" : "",
          h("div", { class: "wc-supply", title: "cubes in supply" }, "Cubes in supply: ", h("strong", {}, s.supply)),
          h(
            "div",
            { class: "hint" },
            `Rounds: ${s.letter_ep.join(" + ") || "–"}${s.bonus_ep ? `, bonus ${s.bonus_ep}` : ""}` +
              ` · letters now ${s.letters_now} · on achievements ${s.achievement_cubes} · projected ${s.projected}`,
          ),
        ),
      ),
    );
    replace(
      this.used,
      v.used_words.length
        ? h(
            "ol",
            { class: "wc-words" },
            v.used_words.map((u) =>
              h("li", {}, seatMark(u.side), " ", u.word.toUpperCase(), h("span", { class: "hint" }, ` r${u.round}`)),
            ),
          )
        : h("p", { class: "hint" }, "No word yet."),
    );
    const can = this.canPlay();
    this.drawVote();
    this.bar.classList.toggle("disabled", !can);
    this.bar.hidden = ctx.readonly || ctx.over;
    this.playBtn.disabled = !can;
    this.passBtn.disabled = !can;
    if (can && !wasMine) {
      this.clearWord();
      this.input.focus({ preventScroll: true });
      this.deadline = v.turn_seconds ? Date.now() + v.turn_seconds * 1000 : null;
    }
    if (!can) this.deadline = null;
    this.tick();
    this.refreshWord();
  }

  /** Who triggered the round's end, and who has a last turn. */
  roundEndText() {
    const { view: v, names } = this.ctx;
    const last = v.round_end.last_turns.map((s) => sideName(v, names, s)).join(", ") || "nobody";
    return `Round end triggered by ${sideName(v, names, v.round_end.triggered_by)}: last turns for ${last}`;
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
      replace(
        this.voteBox,
        tag(`Vote on ${v.vote.word.toUpperCase()}`, "warn"),
        " ",
        `played by ${who(v.vote.side)}${v.vote.caller === null ? ", the last word of the game" : ""}; ` +
          `${plural(v.vote.needed, "reject")} ${v.vote.needed === 1 ? "takes" : "take"} it back. ` +
          `${cast.join("; ") || "No vote yet"}.`,
        " ",
        mine
          ? button(
              `Keep ${v.vote.word.toUpperCase()}`,
              () => this.ctx.act({ type: "vote", keep: true }, this.voteBox),
              { id: "wc-keep", class: "primary" },
            )
          : null,
        " ",
        mine
          ? button(
              `Reject ${v.vote.word.toUpperCase()}`,
              () => this.ctx.act({ type: "vote", keep: false }, this.voteBox),
              { id: "wc-reject" },
            )
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
        button(`Call a vote on ${d.word.toUpperCase()}`, () => this.ctx.act({ type: "dispute" }, this.voteBox), {
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

  tick() {
    clearTimeout(this.tickTimer);
    if (!this.deadline) {
      this.timer.textContent = "";
      return;
    }
    const left = Math.ceil((this.deadline - Date.now()) / 1000);
    replace(this.timer, " ", icon("timer", "time left"), ` ${Math.max(0, left)} s`);
    if (left <= 0) {
      this.deadline = null;
      this.ctx.act({ type: "pass", timed_out: true }, this.bar);
      return;
    }
    this.tickTimer = setTimeout(() => this.tick(), 500);
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
            this.refreshWord();
            if (playOnPick) this.play(c);
            else this.drawSpellings();
          },
          { class: ["small", "wc-spelling", on ? "chosen" : ""], "aria-pressed": on ? "true" : "false" },
        );
      }),
    );
  }

  drawAchievements() {
    // Nobody ticks a card who cannot play: a spectator, or anyone once the game is over.
    const locked = this.ctx.readonly || this.ctx.over;
    const v = this.ctx.view;
    const spelling = this.currentSpelling();
    // A fulfilled card is ticked for you only while your cubes pay for the word and the ticks.
    let left = spelling && v.your_side !== null ? v.sides[v.your_side].supply - spelling.length : 0;
    replace(
      this.achievements,
      v.achievements.map((a) => {
        const ok = spelling ? fulfils(a, spelling, this.colourOf) : false;
        const checked = this.ticked.has(a.id) ? this.ticked.get(a.id) : ok && left > 0;
        if (checked && !this.ticked.has(a.id)) left -= 1;
        const box = h("input", {
          type: "checkbox",
          checked,
          disabled: locked,
          "aria-label": `Put a cube on ${a.id}`,
        });
        box.addEventListener("change", () => {
          this.ticked.set(a.id, box.checked);
          this.refreshWord();
        });
        return h(
          "label",
          { class: ["card", "wc-ach", `diff-${a.difficulty}`, ok ? "fulfilled" : ""], dataset: { id: a.id } },
          h("div", { class: "wc-ach-head" }, h("strong", {}, a.id), " ", tag(a.difficulty), locked ? null : box),
          h("div", { class: "wc-req" }, a.requirement),
          h(
            "div",
            {
              class: "wc-table",
              title: "EP at the game's end by your cubes on this card: 1▪3 means 1 cube scores 3 EP",
            },
            a.points.map((p, i) => h("span", {}, `${i + 1}▪${p}`)),
          ),
          h(
            "div",
            { class: "wc-cubes" },
            a.cubes.map((n, side) => (n ? seatMark(side, n) : null)),
          ),
          ok ? h("div", { class: "wc-ok" }, "✓ your word fits") : null,
        );
      }),
    );
  }

  currentSpelling() {
    const word = this.input.value.trim().toLowerCase();
    if (!word) return null;
    if (this.spelling && wordOf(this.spelling) === word) return this.spelling;
    return this.ctx ? spellOnGrid(word, this.ctx.view.grid) : null;
  }

  chosenAchievements() {
    return [...this.achievements.querySelectorAll("label.wc-ach")]
      .filter((l) => l instanceof HTMLElement)
      .filter((l) => l.querySelector("input")?.checked)
      .map((l) => l.dataset.id);
  }

  refreshWord() {
    if (!this.ctx) return;
    this.drawAchievements();
    const v = this.ctx.view;
    const spelling = this.currentSpelling();
    const side = v.your_side;
    for (const card of this.grid.querySelectorAll("div.wc-card"))
      if (card instanceof HTMLElement)
        card.classList.toggle("chosen", Boolean(spelling && spelling.includes(card.dataset.card)));
    if (!spelling || side === null) {
      this.cost.textContent = "";
      return;
    }
    const extra = this.chosenAchievements().length;
    const onAchievements = extra ? ` + ${extra} on achievements` : "";
    this.cost.textContent = `${spelling.length} cubes${onAchievements} · you have ${v.sides[side].supply}`;
  }

  addCard(card) {
    if (this.ctx.readonly) return;
    const current = this.currentSpelling() || [];
    this.spelling = [...current, card];
    this.input.value = wordOf(this.spelling);
    this.ticked.clear();
    this.refreshWord();
    this.drawSpellings();
    this.input.focus({ preventScroll: true });
  }

  back() {
    const current = this.currentSpelling();
    if (current && current.length) {
      this.spelling = current.slice(0, -1);
      this.input.value = wordOf(this.spelling);
    } else this.input.value = this.input.value.slice(0, -1);
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
    const answer = await this.ctx.act(action, this.bar);
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
