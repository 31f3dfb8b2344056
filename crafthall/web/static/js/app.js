// @ts-check
// Entry point: the lobby at "/", a table at "/t/{id}", a replay at "/t/{id}?replay" or "/?upload={id}".
import { showLobby } from "./lobby.js";
import { showTable } from "./table.js";
import { showReplay } from "./replay.js";
import { showAccount, showAccountBar } from "./account.js";
import { showPlayer } from "./player.js";
import { showLeaderboard } from "./leaderboard.js";
import { showYourTurn, watchTurns } from "./yourturn.js";

const root = /** @type {HTMLElement} */ (document.getElementById("app"));
const params = new URLSearchParams(location.search);
const match = location.pathname.match(/^\/t\/([^/]+)\/?$/);
const player = location.pathname.match(/^\/players\/([^/]+)\/?$/);
const board = location.pathname.match(/^\/leaderboard\/([^/]+)\/?$/);

if (match) {
  const id = decodeURIComponent(match[1]);
  if (params.has("replay")) showReplay(root, { table: id });
  else showTable(root, id, params);
} else if (location.pathname === "/turns") {
  showYourTurn(root);
} else if (player) {
  showPlayer(root, decodeURIComponent(player[1]));
} else if (board) {
  showLeaderboard(root, decodeURIComponent(board[1]));
} else if (location.pathname === "/account") {
  showAccount(root);
} else if (params.has("upload")) {
  showReplay(root, { upload: params.get("upload") });
} else {
  showLobby(root);
}
if (location.pathname !== "/turns") watchTurns();
showAccountBar();
