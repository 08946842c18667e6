// pnp serve: live pages and the offline copy. One server-sent event stream per tab (/events) says
// when the store changed; a page marked data-live then fetches itself again, and is redrawn only when
// what it shows changed (another campaign's record leaves it as it is). Pages never poll.
(function () {
  "use strict";
  if ("serviceWorker" in navigator) {
    navigator.serviceWorker.register("/sw.js").catch(function () { /* no offline copy: pages still work */ });
  }
  if (!window.EventSource) return;
  var dirty = false, busy = false, again = false, latest = null, pending = 0;

  function main() { return document.querySelector("main"); }
  // what a <main> shows: its HTML without the values of its forms' one-time tokens (pnp.web.forms.ONCE_FIELD),
  // which are new each time a page is drawn; a kept page's tokens stay good until used
  function shown(el) { return el.innerHTML.replace(/(name="once" value=")[^"]*"/g, '$1"'); }
  function note(id, on) { var n = document.getElementById(id); if (n) n.hidden = !on; }

  function refresh() {
    var m = main();
    if (!m || !m.hasAttribute("data-live") || m.dataset.change === latest) return;
    if (dirty) { note("live-note", true); return; }  // never throw away what the player is filling in
    if (busy || pending) { again = true; return; }  // a tap's own answer is on its way: check after it
    busy = true;
    fetch(location.href, { credentials: "same-origin", cache: "no-store" })
      .then(function (r) { return r.text(); })
      .then(function (html) {
        var doc = new DOMParser().parseFromString(html, "text/html");
        var fresh = doc.querySelector("main");
        // only over the page it was fetched for, and only when it shows a newer change
        if (fresh && main() === m && !dirty && pending === 0 && fresh.dataset.change !== m.dataset.change) {
          if (shown(fresh) === shown(m)) {
            m.dataset.change = fresh.dataset.change;  // nothing it shows changed: left as it is, up to date
          } else {
            m.replaceWith(fresh);
            document.title = doc.title;
            if (window.htmx) window.htmx.process(fresh);
          }
        }
      })
      .catch(function () { /* the stream's error shows the offline note */ })
      .then(function () { busy = false; if (again) { again = false; refresh(); } });
  }

  document.addEventListener("htmx:beforeRequest", function () { pending += 1; });
  document.addEventListener("htmx:afterRequest", function () { pending = Math.max(0, pending - 1); });
  document.addEventListener("input", function (e) { if (e.target.closest("main form")) dirty = true; });
  document.addEventListener("htmx:afterSettle", function (e) {
    if (!(e.detail && (e.detail.boosted || e.detail.target === document.body))) return;  // only part of the page
    dirty = false; again = false; note("live-note", false); refresh();  // a new page
  });

  var stream = new EventSource("/events");
  var root = document.documentElement;
  stream.addEventListener("change", function (e) { root.dataset.live = "on"; latest = e.data; refresh(); });
  stream.addEventListener("open", function () { note("offline-note", false); });
  stream.addEventListener("error", function () {
    root.dataset.live = "off";
    note("offline-note", !document.querySelector("main .offline"));
  });
})();
