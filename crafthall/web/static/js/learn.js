// @ts-check
// Learn to play: a game's tutorial at /t/learn-..., a table for one person. The game's own
// board takes the moves; the server's /api/learn routes referee them against the step and play
// the other seats' scripted moves, and say what each move did in the game's words (`said`).
// The lobby lists the tutorials with learnPanel().
import { api, learnApi, playerName, remember } from "./api.js";
import { h, replace, button, seatMark, failurePanel, refusalNote } from "./dom.js";
import { gameEntry, loadBoard, openBoard, rulesReminder } from "./boards.js";
import { showRefusal, clearRefusals } from "./refusals.js";

/**
 * A link to a game's rules page (/rules/{game}), opened beside the page it is on.
 * @param {string} game
 * @param {string} [text]
 */
export function rulesLink(game, text = "The full rules") {
  return h("p", { class: "learn-rules" },
    h("a", { id: "rules-link", href: `/rules/${encodeURIComponent(game)}`, target: "_blank" }, text));
}

/** The lobby's "Learn to play" panel: one button per game with a tutorial, and each game's rules. */
export function learnPanel() {
  const box = h("section", { class: "panel", id: "learn" }, h("h2", {}, "Learn to play"));
  const status = h("div", { class: "status" });
  Promise.all([learnApi.list(), api.games()]).then(([{ tutorials }, { games }]) => {
    const start = async (/** @type {string} */ game) => {
      status.replaceChildren();
      try {
        const board = await loadBoard(await gameEntry(game));
        const lesson = await learnApi.start(game, Boolean(board.wantLegal));
        location.href = `/t/${encodeURIComponent(lesson.id)}`;
      } catch (err) {
        status.append(refusalNote(err.message));
      }
    };
    box.append(
      h("p", { class: "hint" }, "A guided first game: each step shows what to look at and asks for one move."),
      h("div", { class: "learn-games" }, tutorials.map((/** @type {any} */ t) => button(`Learn ${t.game_title}`,
        () => start(t.game), { class: "small", id: `learn-${t.game}`, title: t.title }))),
      h("p", { class: "learn-games" }, "The full rules: ", games.map((/** @type {any} */ g) =>
        h("a", { id: `rules-${g.name}`, href: `/rules/${encodeURIComponent(g.name)}` }, g.title))),
      status);
  }).catch((err) => box.append(refusalNote(err.message)));
  return box;
}

/**
 * A real game of ``game`` against ``beginner`` bots (as few seats as the game allows), with the
 * learner at the first seat under their name, or "You" when nobody else will see it.
 * @param {string} game
 */
async function playRealGame(game) {
  const entry = /** @type {any} */ (await gameEntry(game));
  const bots = Math.max(2, entry.min_seats || 2) - 1;
  const spec = {
    game,
    seats: [{ kind: "human", name: playerName() || "You" },
      ...Array.from({ length: bots }, () => ({ kind: "bot", level: "beginner" }))],
  };
  const made = await api.create(spec);
  const current = Number(Object.keys(made.tokens)[0] ?? 0);
  remember(made.table.id, { game, tokens: made.tokens, invites: {}, current });
  location.href = `/t/${encodeURIComponent(made.table.id)}`;
}

/**
 * What the moves just made did: a line per move, the mover's mark and the game's sentences.
 * @param {{seat: number, said?: string[]}[]} moves
 */
function movesSaid(moves) {
  return h("ul", { class: "log-list" }, moves.map(({ seat, said }) =>
    (said && said.length ? h("li", {}, seatMark(seat), " ", said.join(" ")) : null)));
}

/**
 * The step box: the step's number, what to look at and what to do; after the last, well done.
 * @param {HTMLElement} box
 * @param {any} state the lesson
 */
function drawStep(box, state) {
  const step = state.step;
  if (!step) {
    const status = h("div", { class: "status" });
    const play = async () => {
      status.replaceChildren();
      try {
        await playRealGame(state.game);
      } catch (err) {
        status.append(refusalNote(err.message));
      }
    };
    replace(box, h("h2", {}, "Well done"), h("p", { id: "learn-done" }, state.outro),
      h("p", { class: "learn-end" },
        button("Play a real game", play, { class: "primary", id: "learn-play" }),
        h("a", { class: "button", id: "learn-rules", href: `/rules/${encodeURIComponent(state.game)}` },
          "Read the rules"),
        h("a", { class: "button ghost", href: "/" }, "Back to the lobby")),
      h("p", { class: "hint" }, "Play a real game: you against a beginner bot, at once."),
      status);
    return;
  }
  // What to do comes first: on a phone the box stays at the top of the window, a long step scrolling.
  replace(box,
    h("h2", {}, `Step ${step.number} of ${state.steps}`),
    h("p", { class: "learn-do" }, h("strong", {}, "Do: "), step.text),
    h("p", { class: "learn-look" }, h("strong", {}, "Look: "), step.look),
    step.number === 1 ? h("p", { class: "learn-intro" }, state.intro) : null);
}

/**
 * The tutorial's page: the step (what to look at, what to do), the board, what just happened.
 * @param {HTMLElement} root
 * @param {string} id the lesson's
 */
export async function showLearn(root, id) {
  let lesson;
  let opened;
  try {
    lesson = await learnApi.state(id, false);
    opened = await openBoard(lesson.game);
    if (opened.board.wantLegal) lesson = await learnApi.state(id, true);
  } catch (err) {
    replace(root, failurePanel("Learn to play", err.message));
    return;
  }
  const { game, board, shared } = opened;
  const legal = Boolean(board.wantLegal);
  document.title = `crafthall: ${lesson.title}`;
  /** @type {HTMLElement} */ (document.getElementById("where")).textContent = lesson.title;
  const names = lesson.seats;
  const table = {
    seats: names.map((/** @type {string} */ name, /** @type {number} */ index) =>
      ({ index, name, kind: index === lesson.learner ? "human" : "bot" })),
    status: "playing",
  };
  // Focusable: on a phone the step's box scrolls on its own, and the keyboard must reach it.
  const stepBox = h("section", { id: "learn-step", class: "panel", "aria-live": "polite", tabindex: "0" });
  const said = h("div", { id: "learn-said" });
  const boardBox = h("section", { id: "board", class: "board", tabindex: "-1" });
  const ui = {};
  let mounted = false;

  /**
   * The learner's move, refereed by the lesson: refused next to ``anchor`` in the tutorial's
   * words, or followed by what it and the scripted moves did and the next step.
   * @param {unknown} action
   * @param {Element | null} [anchor]
   */
  const act = async (action, anchor) => {
    clearRefusals();
    let answer;
    try {
      answer = await learnApi.move(id, action, legal);
    } catch (err) {
      showRefusal(anchor || boardBox, err.message);
      return { type: "error", message: err.message };
    }
    const outcome = answer.outcome;
    if (!outcome.accepted) {
      // What the rules say of the move actually made comes first, then the tutorial's words.
      const message = outcome.rule ? `The rules: ${outcome.rule} ${outcome.text}` : outcome.text;
      showRefusal(anchor || boardBox, message);
      // The rules' code and details let the board act on a refusal (offer the readings of an
      // ambiguous move, say), as on a live table.
      return { type: "error", message, code: outcome.code, details: outcome.details };
    }
    replace(said,
      movesSaid([{ seat: lesson.learner, said: outcome.said }, ...outcome.scripted]),
      h("p", { class: "learn-after" }, h("strong", {}, "✔ "), outcome.text));
    draw(answer);
    return { type: "ok" };
  };

  const draw = (/** @type {any} */ state) => {
    lesson = state;
    drawStep(stepBox, state);
    /** @type {import("./boards.js").BoardContext} */
    const ctx = {
      view: state.view, seat: state.learner, active: state.active, legal: state.legal, names, table, ui,
      readonly: state.finished, myTurn: !state.finished && state.active.includes(state.learner), over: state.finished,
      act,
      ...shared,
    };
    if (!mounted) {
      board.mount(boardBox, ctx);
      mounted = true;
    }
    board.update(ctx);
    // The step's pieces and places, lit on the board as a hint lights a move.
    const lit = /** @type {any} */ (board).highlight;
    if (typeof lit === "function") lit.call(board, state.step ? state.step.play : null);
  };

  replace(root, h("div", { class: `table-page learn game-${lesson.game}` },
    stepBox, said,
    h("div", { class: "table-layout" }, boardBox, h("aside", { class: "side" }, rulesReminder(game, { open: true }),
      rulesLink(lesson.game)))));
  draw(lesson);
}
