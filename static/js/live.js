// Public pages follow the event without a reload. A tiny JSON says whether anything changed
// (a version token the server replaces after every result, pairing or registration); only then
// is the page fetched again and each [data-live-region] swapped in place. Focus, the search box
// and opened <details> are kept; polling pauses while the tab is hidden.
(function () {
  const root = document.querySelector("[data-live-url]");
  if (!root) return;
  const every = Number(root.dataset.liveEvery || 0);
  const status = document.getElementById("live-status");
  const search = document.getElementById("find-player");
  const count = document.getElementById("find-count");
  let version = root.dataset.liveVersion;
  let busy = false;

  function filterPairings() {
    if (!search) return;
    const query = search.value.trim().toLowerCase();
    const rows = document.querySelectorAll("table.pairings tbody tr");
    let shown = 0;
    rows.forEach((row) => {
      const hit = !query || (row.dataset.names || "").includes(query);
      row.hidden = !hit;
      if (hit) shown += 1;
    });
    const none = document.querySelector(".no-match");
    if (none) none.hidden = !query || shown > 0;
    if (count) {
      count.textContent = query ? `${shown} table${shown === 1 ? "" : "s"} with “${search.value.trim()}”` : "";
    }
  }

  // The page fetched says which version it shows: for a moment after a change the server may
  // still answer with the previous one (while it renders the new one), and then the next poll
  // fetches the page again. Returns that version, or null when the page couldn't be fetched.
  async function refresh() {
    const response = await fetch(window.location.href, { credentials: "same-origin" });
    if (!response.ok) return null;
    const fresh = new DOMParser().parseFromString(await response.text(), "text/html");
    const shown = fresh.querySelector("[data-live-url]");
    const open = new Set([...document.querySelectorAll("details[open][id]")].map((d) => d.id));
    document.querySelectorAll("[data-live-region]").forEach((region) => {
      const next = fresh.getElementById(region.id);
      if (!next) return;
      next.querySelectorAll("details[id]").forEach((d) => { if (open.has(d.id)) d.open = true; });
      region.replaceWith(document.importNode(next, true));
    });
    filterPairings();
    if (window.startRoundClock) window.startRoundClock();
    return shown ? shown.dataset.liveVersion : version;
  }

  async function poll() {
    if (busy || (document.hidden && window.serverSkew !== undefined)) return;
    busy = true;
    try {
      const response = await fetch(root.dataset.liveUrl, { credentials: "same-origin", cache: "no-store" });
      if (response.ok) {
        const news = await response.json();
        const skew = Date.parse(news.now) - Date.now();
        if (window.serverSkew === undefined || Math.abs(skew - window.serverSkew) > 2000) {
          window.serverSkew = skew;
          if (window.startRoundClock) window.startRoundClock();
        }
        const shown = news.version !== version ? await refresh() : null;
        if (shown) {
          version = shown;
          root.dataset.liveVersion = version;
          if (status) status.textContent = `Updated at ${new Date().toLocaleTimeString([], { hour: "2-digit", minute: "2-digit", second: "2-digit" })}.`;
        }
      }
    } catch (error) {
      /* offline for a moment: try again on the next tick */
    } finally {
      busy = false;
    }
  }

  if (search) {
    search.addEventListener("input", filterPairings);
    search.form.addEventListener("submit", (event) => { event.preventDefault(); filterPairings(); });
    filterPairings();
  }
  poll();  // at once: the page may have come from a cache, and the clock wants the server's time
  if (every > 0) {
    setInterval(poll, every);
    document.addEventListener("visibilitychange", () => { if (!document.hidden) poll(); });
  }
})();
