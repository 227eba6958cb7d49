// The judges' floor view: every table of the current round, refreshed every few seconds.
(function () {
  const table = document.getElementById("floor");
  const body = table.querySelector("tbody");
  const stale = document.getElementById("stale");
  const summary = document.getElementById("floor-summary");

  function clockText(row) {
    if (row.finished) {
      const who = row.winner_side ? row.players[row.winner_side - 1] : "draw";
      return `game over: ${who}` + (row.ending === "time" ? " on life" : "");
    }
    if (row.extra_turn !== null) {
      return row.extra_turn === 0 ? "time called: turn 0" : `extra turn ${row.extra_turn} of 5`;
    }
    return window.formatClock(row.clock) + (row.extra_minutes ? ` (+${row.extra_minutes} min)` : "");
  }

  function cell(tr, text, className) {
    const td = document.createElement("td");
    td.textContent = String(text);
    if (className) td.className = className;
    tr.appendChild(td);
    return td;
  }

  function render(payload) {
    document.getElementById("floor-round").textContent = payload.round ? `round ${payload.round}` : "no round yet";
    const rows = payload.tables;
    const counts = {
      results: rows.filter((r) => r.result_status === "confirmed").length,
      quiet: rows.filter((r) => r.stale).length,
      extra: rows.filter((r) => !r.finished && r.extra_turn !== null).length,
    };
    summary.textContent = `${rows.length} tables · ${counts.results} results confirmed · ` +
      `${counts.extra} in extra turns · ${counts.quiet} quiet`;
    body.replaceChildren(...rows.map((row) => {
      const tr = document.createElement("tr");
      tr.dataset.table = row.table;
      tr.classList.toggle("stale", row.stale);
      tr.classList.toggle("time", !row.finished && row.extra_turn !== null);
      tr.classList.toggle("done", row.result_status === "confirmed");
      cell(tr, row.table, "num");
      cell(tr, row.players.join(" v "));
      cell(tr, `${row.life[0]} – ${row.life[1]}`, "num life");
      const won = row.best_of_three ? ` (${row.games_won[0]}–${row.games_won[1]})` : "";
      cell(tr, row.best_of_three ? `${row.game} of 3${won}` : row.game);
      cell(tr, clockText(row));
      const quiet = row.stale ? `quiet ${row.quiet_minutes} min` : "";
      cell(tr, [row.result_label, quiet].filter(Boolean).join(" · "));
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
