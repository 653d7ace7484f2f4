/* Offline once loaded: the playground's files, cached at the first visit over http(s) (opened
 * from disk, the page needs no network anyway: the WebAssembly is inside warpsim.js). The
 * network comes first, so a new version of the site is seen at once (and cached); the cache
 * answers when the network does not. */
var CACHE = "warpsim-playground";
var FILES = ["./", "index.html", "style.css", "render.js", "app.js", "programs.js", "warpsim.js"];
self.addEventListener("install", function (e) {
  e.waitUntil(caches.open(CACHE).then(function (c) { return c.addAll(FILES); }).then(function () {
    return self.skipWaiting();
  }));
});
/* the page that registered it is offline-ready without a reload */
self.addEventListener("activate", function (e) { e.waitUntil(self.clients.claim()); });
self.addEventListener("fetch", function (e) {
  var req = e.request;
  if (req.method !== "GET" || new URL(req.url).origin !== self.location.origin) return;
  e.respondWith(fetch(req).then(function (r) {
    if (r.ok) {
      var copy = r.clone();
      e.waitUntil(caches.open(CACHE).then(function (c) { return c.put(req, copy); }));
    }
    return r;
  }).catch(function () {
    return caches.match(req, {ignoreSearch: true}).then(function (r) {
      return r || Response.error();
    });
  }));
});
