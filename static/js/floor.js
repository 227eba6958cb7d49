// The judges' floor view: every table of the current round, refreshed every few seconds.
(function () {
  const table = document.getElementById("floor");
  const body = table.querySelector("tbody");
  const stale = document.getElementById("stale");
  const text = (value) => document.createTextNode(String(value));

  function clockText(row) {
    if (row.finished) return "game over";
    if (row.extra_turn !== null) return row.extra_turn === 0 ? "time: turn 0" : `extra turn ${row.extra_turn} of 5`;
    return window.formatClock(row.clock);
  }

  function render(payload) {
    document.getElementById("floor-round").textContent = payload.round ? `round ${payload.round}` : "no round yet";
    body.replaceChildren(...payload.tables.map((row) => {
      const tr = document.createElement("tr");
      tr.dataset.table = row.table;
      if (row.stale) tr.classList.add("stale");
      const cells = [
        row.table,
        row.players.join(" v "),
        `${row.life[0]} – ${row.life[1]}`,
        row.best_of_three ? `${row.game} of 3` : row.game,
        clockText(row),
        row.result_status + (row.stale ? " · quiet" : ""),
      ];
      cells.forEach((value) => { const td = document.createElement("td"); td.appendChild(text(value)); tr.appendChild(td); });
      return tr;
    }));
  }

  async function poll() {
    try {
      const response = await fetch(`${table.dataset.url}?stale=${stale.value || 10}`, { credentials: "same-origin" });
      if (response.ok) render(await response.json());
    } catch (error) { /* try again on the next tick */ }
  }
  poll();
  setInterval(poll, 3000);
  stale.addEventListener("change", poll);
})();
