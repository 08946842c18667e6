// pnp serve's service worker: with the server out of reach, pages show their last copy, saying so,
// and a tap that would record something is refused clearly (nothing is kept to be sent later).
"use strict";
const CACHE = "pnp-" + VERSION;  // VERSION and CORE are set by the server above this line
const BANNER = "<!--offline-->";

function stamp(response) {
  // a copy of a page to keep, with the time it was seen
  return response.text().then(function (html) {
    const headers = new Headers(response.headers);
    headers.set("x-pnp-seen", new Date().toISOString());
    return new Response(html, { status: response.status, headers: headers });
  });
}

const ONE_OFF = ["done", "nobackup"];  // a record's confirmation on the page it lands on, shown once

function lasting(url) {
  // other addresses of the same page without its one-off confirmation (none when it has none): after a tap
  // lands on /campaign?campaign=voyage&done=7, /campaign?campaign=voyage and /campaign are fetched again so
  // their offline copies show the record too (a copy of the confirmation itself would show its Undo)
  const u = new URL(url, self.location.origin);
  if (!ONE_OFF.some(function (k) { return u.searchParams.has(k); })) return [];
  ONE_OFF.forEach(function (k) { u.searchParams.delete(k); });
  const left = Array.from(u.searchParams.keys());
  return [u.pathname + u.search].concat(left.length === 1 && left[0] === "campaign" ? [u.pathname] : []);
}

function refresh(cache, url) {
  // keep fresh copies of the page's lasting addresses (see lasting)
  return Promise.all(lasting(url).map(function (key) {
    return fetch(key, { credentials: "same-origin" }).then(function (r) { return keep(cache, key, r); })
      .catch(function () { return null; });
  }));
}

function keep(cache, url, response) {
  const page = (response.headers.get("content-type") || "").startsWith("text/html");
  if (page && (response.ok || response.status === 400 || response.status === 422)) {
    return stamp(response.clone()).then(function (copy) { return cache.put(url, copy); });
  }
  return Promise.resolve();
}

function offlineCopy(response) {
  const seen = new Date(response.headers.get("x-pnp-seen") || Date.now());
  const when = seen.toLocaleString([], { weekday: "short", hour: "2-digit", minute: "2-digit" });
  return response.text().then(function (html) {
    const banner = '<p class="offline" role="status"><b>Offline:</b> the server cannot be reached. ' +
      "This is the page as last seen (" + when + "); nothing can be recorded until the server is back.</p>";
    return new Response(html.replace(BANNER, banner),
      { status: 200, headers: { "content-type": "text/html; charset=utf-8" } });
  });
}

function page(title, text) {
  return new Response('<!doctype html><html lang="en"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width, initial-scale=1"><title>' + title + " · pnp</title>" +
    '<link rel="stylesheet" href="/static/app.css"></head><body><main><h1>' + title + '</h1><p class="offline" role="alert">' +
    text + '</p><p><a href="/">Campaigns</a> · <a href="/rules">Rules</a></p></main></body></html>',
    { status: 503, headers: { "content-type": "text/html; charset=utf-8" } });
}

self.addEventListener("install", function (event) {
  event.waitUntil(caches.open(CACHE).then(function (cache) {
    return Promise.all(CORE.map(function (url) {
      return fetch(url, { cache: "no-store" }).then(function (r) {
        return url.startsWith("/static/") ? (r.ok ? cache.put(url, r) : null) : keep(cache, url, r);
      }).catch(function () { return null; });
    }));
  }).then(function () { return self.skipWaiting(); }));
});

self.addEventListener("activate", function (event) {
  event.waitUntil(caches.keys().then(function (keys) {
    return Promise.all(keys.filter(function (k) { return k !== CACHE; }).map(function (k) { return caches.delete(k); }));
  }).then(function () { return self.clients.claim(); }));
});

self.addEventListener("fetch", function (event) {
  const request = event.request, url = new URL(request.url);
  if (url.origin !== self.location.origin || url.pathname === "/events") return;
  if (request.method !== "GET") {
    event.respondWith(fetch(request).then(function (response) {
      if (response.ok && response.redirected) {  // a record's answer (POST, then GET of ?done=N): keep it
        const copy = response.clone();
        event.waitUntil(caches.open(CACHE).then(function (cache) {
          return Promise.all([keep(cache, response.url, copy), refresh(cache, response.url)]);
        }));
      }
      return response;
    }).catch(function () {
      return page("Not recorded", "The server cannot be reached: this tap may not have arrived, and nothing is " +
        "kept on this phone to send later. When the server is back, open the page again and check what it " +
        "shows before you tap again.");
    }));
    return;
  }
  if (url.pathname.startsWith("/static/")) {
    event.respondWith(caches.match(request).then(function (hit) { return hit || fetch(request); }));
    return;
  }
  event.respondWith(caches.open(CACHE).then(function (cache) {
    return fetch(request).then(function (response) {
      if (response.ok) event.waitUntil(refresh(cache, request.url));
      return keep(cache, request, response).then(function () { return response; });
    }).catch(function () {
      const first = url.search.split("&")[0];  // else the same page with its first parameter only (?game=)
      return cache.match(request).then(function (hit) {
        return hit || cache.match(url.pathname + first);
      }).then(function (hit) {
        return hit || cache.match(request, { ignoreSearch: true });
      }).then(function (hit) {
        return hit ? offlineCopy(hit) : page("Offline", "The server cannot be reached and this page was never " +
          "opened on this phone. The campaign pages and the rules seen before are still here.");
      });
    });
  }));
});
