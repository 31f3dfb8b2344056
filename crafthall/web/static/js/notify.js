// @ts-check
// An account's notices of its turns: Web Push to this browser (its service worker, /sw.js,
// shows them) and e-mail where the server has a mail server. Guests are asked to sign in.
import { turnsApi } from "./api.js";
import { h, replace, refusalNote } from "./dom.js";

/**
 * The server's public key as the bytes the browser subscribes with.
 * @param {string} key base64url
 */
function keyBytes(key) {
  const text = atob(key.replace(/-/g, "+").replace(/_/g, "/"));
  return Uint8Array.from(text, (c) => c.charCodeAt(0));
}

/**
 * Subscribe this browser to pushes signed with ``key`` and hand the subscription to the
 * server; the browser asks the player's permission first.
 * @param {string} key
 */
async function subscribe(key) {
  if (!("serviceWorker" in navigator) || !("PushManager" in window)) {
    throw new Error("This browser cannot receive pushes; choose e-mail instead.");
  }
  if (await Notification.requestPermission() !== "granted") {
    throw new Error("Notifications are blocked for this site: allow them in the browser's site settings.");
  }
  const registration = await navigator.serviceWorker.register("/sw.js", { scope: "/" });
  await navigator.serviceWorker.ready;
  const subscription = await registration.pushManager.subscribe({
    userVisibleOnly: true, applicationServerKey: keyBytes(key),
  });
  await turnsApi.subscribe(subscription.toJSON());
}

/** Stop this browser's pushes (the server forgets its subscription). */
async function unsubscribe() {
  const registration = "serviceWorker" in navigator ? await navigator.serviceWorker.getRegistration("/") : null;
  const subscription = registration ? await registration.pushManager.getSubscription() : null;
  if (!subscription) return;
  await turnsApi.unsubscribe(subscription.endpoint);
  await subscription.unsubscribe();
}

/**
 * The notification choices of the signed-in account, drawn into ``box``.
 * @param {HTMLElement} box
 */
export async function notifyPanel(box) {
  const title = h("h2", {}, "Notifications");
  let current;
  try {
    current = await turnsApi.notify();
  } catch (err) {
    replace(box, title, h("p", { class: "hint" }, err.status === 401
      ? "Sign in to hear of your turns by Web Push or e-mail: notices belong to an account."
      : err.message));
    return;
  }
  const push = h("input", { type: "checkbox", id: "notify-push", checked: current.push });
  const email = h("input", {
    type: "email", id: "notify-email", maxlength: 254, value: current.email || "",
    placeholder: "name@example.org", disabled: !current.email_available,
  });
  const status = h("div", { class: "status", "aria-live": "polite" });
  const save = async () => {
    status.replaceChildren();
    try {
      if (push.checked && !current.push) await subscribe(current.push_key);
      if (!push.checked && current.push) await unsubscribe();
      current = await turnsApi.choose({ push: push.checked, email: email.value.trim() || null });
      status.append("Saved: you hear once of each turn, and once a day of a move about to time out.");
    } catch (err) {
      push.checked = current.push;
      status.append(refusalNote(err.message));
    }
  };
  replace(box, title,
    h("label", { class: "field" }, push, " Web Push to this browser"),
    h("label", { class: "field" }, "E-mail ", email),
    current.email_available ? null : h("p", { class: "hint" }, "This server sends no e-mail."),
    h("button", { type: "button", id: "notify-save", onclick: save }, "Save"),
    status);
}
