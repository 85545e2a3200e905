// The dashboard's service worker (registered by assets/app/install.js, scope "/"): it keeps the
// app's shell in a versioned cache so that the installed app opens even when the hub cannot be
// reached, and then shows offline.html ("The hub is not reachable") instead of a browser error.
//
// Pages and files always come from the network first (a new dashboard's files are used at
// once); the cache is only the fallback. The API (/api/…, the live sockets) and anything with
// the access token in its URL are never cached nor touched. A new VERSION empties the old
// caches when it activates.

const VERSION = "nightlight-shell-v1";
const OFFLINE_PAGE = "/offline.html";
// The files the offline page and the app's start need. Public ones (no sign-in) first.
const SHELL = [
  OFFLINE_PAGE,
  "/offline.js",
  "/manifest.webmanifest",
  "/app-icons/icon-192.png",
  "/assets/styles/app.css",
  "/assets/icons/favicon.svg",
  "/assets/icons/icons.svg",
];

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(VERSION);
    // One at a time and each on its own: a file that fails is fetched again on its next use.
    for (const path of SHELL) {
      try {
        await store(cache, new Request(path), await fetch(path, { credentials: "same-origin" }));
      } catch {
        // The hub went away mid-install; the next start installs again.
      }
    }
    await self.skipWaiting();
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name !== VERSION) await caches.delete(name);
    }
    await self.clients.claim();
  })());
});

/** Whether the worker answers `request` at all: same-site GETs other than the API and the token. */
function handles(request) {
  if (request.method !== "GET") return false;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return false;
  if (url.pathname === "/api" || url.pathname.startsWith("/api/")) return false;
  return !url.searchParams.has("token");
}

/** Keeps a good answer (200, not a redirect to the sign-in page, not for a URL with the token). */
async function store(cache, request, response) {
  const url = new URL(request.url);
  if (response.ok && !response.redirected && response.type === "basic" && !url.searchParams.has("token")) {
    await cache.put(url.pathname, response.clone());
  }
  return response;
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (!handles(request)) return;
  event.respondWith((async () => {
    const cache = await caches.open(VERSION);
    try {
      const response = await fetch(request);
      // Pages are not kept (they are the signed-in app); the files of the shell are.
      if (request.mode !== "navigate") await store(cache, request, response);
      return response;
    } catch (error) {
      if (request.mode === "navigate") {
        const offline = await cache.match(OFFLINE_PAGE);
        if (offline) return offline;
      }
      const kept = await cache.match(new URL(request.url).pathname);
      if (kept) return kept;
      throw error;
    }
  })());
});
