"use strict";
// The replay page: unpack the boards, then show one decision at a time.  Reports are built
// from blocks of text (textContent), never from markup; the pieces changed since the
// previous board are outlined (class "changed").
(async function () {
  const packed = document.getElementById("replay-data").textContent.trim();
  const bytes = Uint8Array.from(atob(packed), (c) => c.charCodeAt(0));
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
  const data = JSON.parse(await new Response(stream).text());
  const frames = data.frames;
  const board = document.getElementById("board");
  const report = document.getElementById("report");
  const reportTitle = document.getElementById("report-title");
  const where = document.getElementById("where");
  const slider = document.getElementById("slider");
  const cursor = document.getElementById("chart-cursor");
  const chart = document.getElementById("score-chart");
  const left = 48, right = chart.viewBox.baseVal.width - 90;
  let current = -1;

  // A report block (adjudicator/drawing/replay_report.py) as elements; every word as text.
  function runs(parent, items) {
    for (const [kind, text] of items) {
      if (kind === "t") { parent.append(document.createTextNode(text)); continue; }
      const element = document.createElement(kind === "b" ? "strong" : "code");
      element.textContent = text;
      parent.append(element);
    }
    return parent;
  }
  function block(b) {
    if (b.h !== undefined) return runs(document.createElement(b.h <= 2 ? "h3" : "h4"), b.t);
    if (b.p !== undefined) return runs(document.createElement("p"), b.p);
    const list = document.createElement(b.ul !== undefined ? "ul" : "ol");
    for (const item of (b.ul || b.ol)) list.append(runs(document.createElement("li"), item));
    return list;
  }

  function show(i) {
    i = Math.max(0, Math.min(frames.length - 1, i));
    if (i === current) return;
    current = i;
    const frame = frames[i];
    board.innerHTML = frame.parts.map((p) => data.parts[p]).join("");
    const groups = board.querySelectorAll("g");
    for (const n of frame.changed) if (groups[n]) groups[n].classList.add("changed");
    reportTitle.textContent = frame.title;
    report.replaceChildren(...frame.report.map(block));
    where.textContent = frame.title;
    slider.value = String(i);
    const x = left + (right - left) * i / Math.max(1, frames.length - 1);
    cursor.setAttribute("x1", x);
    cursor.setAttribute("x2", x);
    document.body.dataset.frame = String(i);
    history.replaceState(null, "", "#" + i);  // a link to this board
  }

  document.getElementById("prev").addEventListener("click", () => show(current - 1));
  document.getElementById("next").addEventListener("click", () => show(current + 1));
  slider.addEventListener("input", () => show(Number(slider.value)));
  document.addEventListener("keydown", (e) => {
    if (e.target === slider) return;  // the slider moves itself
    if (e.key === "ArrowLeft") { show(current - 1); e.preventDefault(); }
    else if (e.key === "ArrowRight") { show(current + 1); e.preventDefault(); }
    else if (e.key === "Home") { show(0); e.preventDefault(); }
    else if (e.key === "End") { show(frames.length - 1); e.preventDefault(); }
  });
  const linked = /^#(\d+)$/.exec(location.hash);
  show(linked ? Number(linked[1]) : 0);
  window.addEventListener("hashchange", () => {
    const m = /^#(\d+)$/.exec(location.hash);
    if (m) show(Number(m[1]));
  });
  document.body.dataset.ready = "1";
})().catch((error) => {
  document.getElementById("report").textContent = "This replay could not be opened: " + error;
  throw error;
});
