// @ts-check
// Entry point: the lobby at "/", a table at "/t/{id}", a replay at "/t/{id}?replay" or "/?upload={id}".
import { showLobby } from "./lobby.js";
import { showTable } from "./table.js";
import { showReplay } from "./replay.js";

const root = /** @type {HTMLElement} */ (document.getElementById("app"));
const params = new URLSearchParams(location.search);
const match = location.pathname.match(/^\/t\/([^/]+)\/?$/);

if (match) {
  const id = decodeURIComponent(match[1]);
  if (params.has("replay")) showReplay(root, { table: id });
  else showTable(root, id, params);
} else if (params.has("upload")) {
  showReplay(root, { upload: params.get("upload") });
} else {
  showLobby(root);
}
