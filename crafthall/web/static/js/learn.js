// Learn to play: a game's tutorial at /t/learn-..., a table for one person. The game's own
// board takes the moves; the server's /api/learn routes referee them against the step and play
// the other seats' scripted moves. The lobby lists the tutorials with learnPanel().
import { ApiError } from "./api.js";
import { h, replace, button, seatMark } from "./dom.js";
import { gameModule } from "./games/index.js";
import { showRefusal, clearRefusals } from "./refusals.js";

async function call(method, path, body) {
  const init = { method, headers: {} };
  if (body !== undefined) {
    init.headers["content-type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  let response;
  try {
    response = await fetch(path, init);
  } catch {
    throw new ApiError(0, "network", "The server cannot be reached; check your connection and try again.");
  }
  const data = await response.json().catch(() => null);
  if (!response.ok) {
    const error = (data && data.error) || { code: "http", message: `The server answered ${response.status}.` };
    throw new ApiError(response.status, error.code, error.message);
  }
  return data;
}

const learnApi = {
  list: () => call("GET", "/api/learn"),
  start: (game, legal) => call("POST", `/api/learn/${encodeURIComponent(game)}?legal=${legal}`),
  state: (id, legal) => call("GET", `/api/learn/${encodeURIComponent(id)}/state?legal=${legal}`),
  move: (id, action, legal) => call("POST", `/api/learn/${encodeURIComponent(id)}/move?legal=${legal}`, { action }),
};

/** The lobby's "Learn to play" panel: one button per game with a tutorial. */
export function learnPanel() {
  const box = h("section", { class: "panel", id: "learn" }, h("h2", {}, "Learn to play"));
  const status = h("div", { class: "status" });
  learnApi.list().then(({ tutorials }) => {
    const start = async (game) => {
      status.replaceChildren();
      try {
        const lesson = await learnApi.start(game, Boolean(gameModule(game).wantLegal));
        location.href = `/t/${encodeURIComponent(lesson.id)}`;
      } catch (err) {
        status.append(h("p", { class: "refusal", role: "alert" }, err.message));
      }
    };
    box.append(
      h("p", { class: "hint" }, "A guided first game: each step shows what to look at and asks for one move."),
      h("div", { class: "learn-games" }, tutorials.map((t) =>
        button(`Learn ${t.game_title}`, () => start(t.game), { class: "small", id: `learn-${t.game}`, title: t.title }))),
      status);
  }).catch((err) => box.append(h("p", { class: "refusal", role: "alert" }, err.message)));
  return box;
}

/** The tutorial's page: the step (what to look at, what to do), the board, what just happened. */
export async function showLearn(root, id) {
  let lesson;
  try {
    lesson = await learnApi.state(id, false);
  } catch (err) {
    replace(root, h("section", { class: "panel" }, h("h1", {}, "Learn to play"), h("p", { class: "refusal", role: "alert" }, err.message), h("a", { href: "/" }, "Back to the lobby")));
    return;
  }
  const module = Object.create(gameModule(lesson.game));
  const legal = Boolean(module.wantLegal);
  if (legal) lesson = await learnApi.state(id, true);
  document.title = `crafthall: ${lesson.title}`;
  document.getElementById("where").textContent = lesson.title;
  const names = lesson.seats;
  const table = { seats: names.map((name, index) => ({ index, name, kind: index === lesson.learner ? "human" : "bot" })), status: "playing" };
  const stepBox = h("section", { id: "learn-step", class: "panel", "aria-live": "polite" });
  const said = h("div", { id: "learn-said" });
  const board = h("section", { id: "board", class: "board", tabindex: "-1" });
  const ui = {};
  let mounted = false;

  const act = async (action, anchor) => {
    clearRefusals();
    let answer;
    try {
      answer = await learnApi.move(id, action, legal);
    } catch (err) {
      showRefusal(anchor || board, err.message);
      return { type: "error", message: err.message };
    }
    const outcome = answer.outcome;
    if (!outcome.accepted) {
      const message = outcome.rule ? `${outcome.text} (The rules: ${outcome.rule})` : outcome.text;
      showRefusal(anchor || board, message);
      // The rules' code and details let the board act on a refusal (Wordcraft offers the
      // spellings of an ambiguous word), as on a live table.
      return { type: "error", message, code: outcome.code, details: outcome.details };
    }
    tell(outcome);
    draw(answer);
    return { type: "ok" };
  };

  const tell = (outcome) => {
    const line = (seat, events) => {
      const text = (events || []).map((e) => (module.describe ? module.describe(e, names, seat) : null)).filter(Boolean).join(" ");
      return text ? h("li", {}, seatMark(seat), " ", text) : null;
    };
    replace(said,
      h("ul", { class: "log-list" }, line(lesson.learner, outcome.events), outcome.scripted.map((m) => line(m.seat, m.events))),
      h("p", { class: "learn-after" }, h("strong", {}, "✔ "), outcome.text));
  };

  const draw = (state) => {
    lesson = state;
    const step = state.step;
    if (step) {
      replace(stepBox,
        h("h2", {}, `Step ${step.number} of ${state.steps}`),
        step.number === 1 ? h("p", { class: "learn-intro" }, state.intro) : null,
        h("p", { class: "learn-look" }, h("strong", {}, "Look: "), step.look),
        h("p", { class: "learn-do" }, h("strong", {}, "Do: "), step.text));
    } else {
      replace(stepBox,
        h("h2", {}, "Well done"),
        h("p", { id: "learn-done" }, state.outro),
        h("p", {}, h("a", { class: "button primary", href: "/" }, "Back to the lobby")));
    }
    const ctx = {
      view: state.view, seat: state.learner, active: state.active, legal: state.legal, names, table, ui,
      readonly: state.finished, myTurn: !state.finished && state.active.includes(state.learner), over: state.finished,
      act,
    };
    if (!mounted) { module.mount(board, ctx); mounted = true; }
    module.update(ctx);
  };

  replace(root, h("div", { class: `table-page learn game-${lesson.game}` },
    stepBox, said,
    h("div", { class: "table-layout" }, board,
      h("aside", { class: "side" },
        h("details", { class: "panel", open: true }, h("summary", {}, "Rules reminder"), h("ul", {}, (module.rules || []).map((line) => h("li", {}, line))))))));
  draw(lesson);
}
