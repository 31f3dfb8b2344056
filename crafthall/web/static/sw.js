// @ts-nocheck
// The service worker of crafthall's turn notices (served at /sw.js, so its scope is the whole
// site): shows each pushed notice, and opens its table when the notice is clicked.
// (A worker's own globals; checked by hand: the project's type checking knows page scripts.)

self.addEventListener("push", (event) => {
  let notice = { title: "crafthall", body: "It is your turn.", url: "/turns" };
  try { notice = { ...notice, ...event.data.json() }; } catch { /* a bare push: the defaults */ }
  event.waitUntil(self.registration.showNotification(notice.title, {
    body: notice.body,
    tag: notice.url,
    data: { url: notice.url },
  }));
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = new URL(event.notification.data?.url || "/turns", self.location.origin);
  const target = url.origin === self.location.origin ? url.href : "/turns";
  event.waitUntil((async () => {
    const open = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
    const same = open.find((client) => client.url === target);
    if (same) return same.focus();
    return self.clients.openWindow(target);
  })());
});
