// Follows the event's reports while any is queued or being built, without reloading the page.
(function () {
  const table = document.getElementById("reports");
  if (!table) return;
  const body = table.querySelector("tbody");
  const url = table.dataset.statusUrl;
  let active = table.dataset.active === "true";

  function cell(row, content) {
    const td = document.createElement("td");
    if (content) td.append(content);
    row.append(td);
    return td;
  }

  function text(value, className) {
    const span = document.createElement("span");
    span.textContent = value;
    if (className) span.className = className;
    return span;
  }

  function progressCell(report) {
    const box = document.createElement("span");
    if (report.status === "failed") {
      box.append(text("Failed: " + report.error, "report-error"));
    } else if (report.status === "done") {
      box.append("Ready" + (report.progress_note ? " · " + report.progress_note : ""));
    } else {
      const bar = document.createElement("progress");
      bar.max = 100;
      bar.value = report.progress;
      bar.textContent = report.progress + "%";
      box.append(bar, " " + report.status_label + (report.progress_note ? ": " + report.progress_note : ""));
      if (report.stale) {
        box.append(" ", text("(no news for a while: the worker may have stopped; request it again)", "report-error"));
      }
    }
    return box;
  }

  function render(reports) {
    const rows = reports.map(function (report) {
      const row = document.createElement("tr");
      row.id = "report-" + report.id;
      row.dataset.status = report.status;
      const title = cell(row, report.title + " ");
      title.append(text("(" + report.format.toUpperCase() + ")", "meta"));
      cell(row, text(report.created_at + (report.requested_by ? " by " + report.requested_by : ""), "meta"));
      cell(row, progressCell(report)).className = "report-progress";
      const file = cell(row);
      if (report.download_url) {
        const link = document.createElement("a");
        link.className = "button";
        link.href = report.download_url;
        link.textContent = "Download";
        file.append(link);
      }
      return row;
    });
    if (rows.length) body.replaceChildren(...rows);
  }

  async function poll() {
    try {
      const response = await fetch(url, { headers: { Accept: "application/json" }, credentials: "same-origin" });
      if (response.ok) {
        const data = await response.json();
        render(data.reports);
        active = data.active;
      }
    } catch (error) {
      // A dropped connection: try again on the next tick.
    }
    setTimeout(poll, active ? 1000 : 5000);
  }

  setTimeout(poll, active ? 1000 : 5000);
})();
