/* Offline once loaded: the playground's files, cached at the first visit (served over http(s);
 * opened from disk, the page needs no network anyway: the WebAssembly is inside warpsim.js). */
var CACHE = "warpsim-playground-1";
var FILES = ["./", "index.html", "style.css", "render.js", "app.js", "programs.js", "warpsim.js"];
self.addEventListener("install", function (e) {
  e.waitUntil(caches.open(CACHE).then(function (c) { return c.addAll(FILES); }));
});
self.addEventListener("fetch", function (e) {
  e.respondWith(caches.match(e.request, {ignoreSearch: true}).then(function (r) { return r || fetch(e.request); }));
});
