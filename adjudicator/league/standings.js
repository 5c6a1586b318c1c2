"use strict";
// The standings page: every table sorts by a clicked column (numbers by their data-sort
// value, text by its letters); a second click sorts the other way.  Nothing is fetched.
(function () {
  function key(cell) {
    const value = cell.dataset.sort;
    if (value !== undefined && value !== "" && !Number.isNaN(Number(value))) return Number(value);
    return cell.textContent.trim().toLowerCase();
  }

  function sortBy(table, column, heading) {
    const body = table.tBodies[0];
    const descending = heading.getAttribute("aria-sort") === "ascending";
    const rows = Array.from(body.rows).map((row, i) => ({ row: row, value: key(row.cells[column]), i: i }));
    rows.sort((a, b) => {
      let order = 0;
      if (typeof a.value === typeof b.value) order = a.value < b.value ? -1 : a.value > b.value ? 1 : 0;
      else order = typeof a.value === "number" ? -1 : 1;
      return (descending ? -order : order) || a.i - b.i;
    });
    for (const th of heading.parentNode.cells) th.removeAttribute("aria-sort");
    heading.setAttribute("aria-sort", descending ? "descending" : "ascending");
    for (const r of rows) body.appendChild(r.row);
    table.dataset.sortedBy = String(column);
  }

  for (const table of document.querySelectorAll("table.sortable")) {
    const headings = table.tHead.rows[0].cells;
    for (let c = 0; c < headings.length; c++) {
      headings[c].addEventListener("click", () => sortBy(table, c, headings[c]));
    }
  }
  document.body.dataset.ready = "1";
})();
