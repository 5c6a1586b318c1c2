"use strict";
// The order composer: the player builds an order by clicking.  Every legal choice was
// worked out when the page was made; the page applies only two rules itself: where each
// sown marker lands (clockwise, one per tray) and whether the target tray then holds
// the Trajan tile's colours.  Every text is set as text (textContent), never as markup.
(async function () {
  const packed = document.getElementById("compose-data").textContent.trim();
  const bytes = Uint8Array.from(atob(packed), (c) => c.charCodeAt(0));
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
  const page = JSON.parse(await new Response(stream).text());
  const d = page.data;
  const $ = (id) => document.getElementById(id);
  const ACTIONS = ["seaport", "forum", "military", "senate", "trajan", "construction"];
  const SLOTS = ["I", "II", "III", "IV", "V", "VI"];
  const ENDS = 0, PAUSES_DISCARD = 1, PAUSES_SEE = 2, MAY_NOT_END = 3;
  const MANY = 8;  // a heading with more steps than this lists them by kind first
  let clicks = [];  // the id of every choice clicked, in order
  let download = null;

  $("board").innerHTML = page.svg;  // drawn by the judge's program from your view
  $("intro").textContent = page.intro;

  // --- The two rules (rules/sowing.py) -------------------------------------------------------
  function landing(source, i) {  // the tray the i-th sown marker (from 1) lands in
    return ACTIONS[(ACTIONS.indexOf(source) + i) % ACTIONS.length];
  }
  function afterSowing(circle, source, order) {  // every tray's markers after the sowing
    const trays = {};
    for (const t of circle) trays[t.tray] = t.tray === source ? [] : t.markers.slice();
    order.forEach((m, i) => trays[landing(source, i + 1)].push(m));
    return trays;
  }
  function holds(markers, colours) {  // every colour of the tile, a double one twice
    const left = markers.slice();
    for (const c of colours) {
      const at = left.indexOf(c);
      if (at < 0) return false;
      left.splice(at, 1);
    }
    return true;
  }

  // --- Words -----------------------------------------------------------------------------------
  const cap = (s) => s.charAt(0).toUpperCase() + s.slice(1);
  const slotOf = (tray) => SLOTS[ACTIONS.indexOf(tray)];
  const markerName = (c) => c + " (" + page.marker_label[c] + ")";
  function option(id, label, note, go, colour) { return { id, label, note, go, colour }; }

  // --- A turn and a paused turn: the graph of legal steps ----------------------------------
  function stepSituation(s, sit) {
    const g = d.graph, node = g.nodes[s.node];
    const edges = node[2].map((e, i) => ({ i, line: g.lines[e[0]], words: g.words[e[1]], group: e[2], sub: e[3],
                                           child: e[4] }));
    const go = (e) => () => ({ ...s, node: e.child, open: null, lines: [...s.lines, e.line],
                               done: [...s.done, e.words] });
    const groups = [];
    for (const e of edges) {
      let found = groups.find((x) => x.group === e.group);
      if (!found) groups.push(found = { group: e.group, edges: [] });
      found.edges.push(e);
    }
    sit.groups = [];
    for (const grp of groups) {
      const heading = g.groups[grp.group][0];
      const subs = [...new Set(grp.edges.map((e) => e.sub))];
      const options = [];
      if (s.open && s.open.group === grp.group) {
        for (const e of grp.edges.filter((x) => x.sub === s.open.sub)) {
          options.push(option("e" + e.i, e.words, e.line, go(e)));
        }
        sit.groups = [{ heading: heading + ": " + g.subs[s.open.sub], options }];
        break;
      }
      if (grp.edges.length > MANY && subs.length > 1) {
        for (const sub of subs) {
          const mine = grp.edges.filter((e) => e.sub === sub);
          if (mine.length === 1) options.push(option("e" + mine[0].i, mine[0].words, mine[0].line, go(mine[0])));
          else options.push(option("s" + grp.group + ":" + sub, g.subs[sub] + " (" + mine.length + " choices)", "",
                                   () => ({ ...s, open: { group: grp.group, sub } })));
        }
      } else {
        for (const e of grp.edges) options.push(option("e" + e.i, e.words, e.line, go(e)));
      }
      sit.groups.push({ heading, options });
    }
    sit.question = edges.length ? "Choose a step (or send the order as it is):" : "No further step is possible.";
    const lost = groups.filter((x) => g.groups[x.group][1]).map((x) => g.groups[x.group][0]);
    sit.ending = endingText(node[0], lost, node[1] === 1);
    sit.complete = node[0] !== MAY_NOT_END;
    sit.lines = s.lines.length ? s.lines : (page.kind === "turn_continue" ? ["end turn"] : []);
    return sit;
  }
  function endingText(end, lost, cut) {
    let text = {
      [ENDS]: "If you send the order now, your turn ends here.",
      [PAUSES_DISCARD]: "If you send the order now, your turn pauses: the judge's next mail shows you the cards "
        + "you drew, and your next order begins with the discard that is due.",
      [PAUSES_SEE]: "If you send the order now, your turn pauses so that you go on having seen the cards you "
        + "just got (the judge's next mail shows them); if nothing is left to do, it ends.",
      [MAY_NOT_END]: "A discard is due: choose it before you send the order.",
    }[end];
    if (end !== MAY_NOT_END && lost.length) text += " Still open, and lost if you send now: " + lost.join("; ") + ".";
    if (cut) text += " The page lists no further steps from here (too many combinations to list): send the "
      + "order as it is, or add steps by hand from the lines of the judge's mail and check them with trajan check.";
    return text;
  }

  const turn = {
    init: () => ({ tray: null, order: [], node: null, open: null, lines: [], done: [] }),
    situation(s) {
      const sit = { done: s.done, options: [], lines: [], complete: false };
      if (s.tray === null) {
        sit.question = "Which tray do you empty?";
        sit.options = d.trays.map((t) => option("t" + t.tray, trayLabel(t), "sow " + t.tray, () => fill(
          { ...s, tray: t.tray, done: [...s.done, "Empty the " + t.tray + " tray (" + held(t.tray).length
                                               + " markers)"] })));
        sit.ending = "Choose the tray to empty first." + (d.extras.length ? " Extra action tiles you hold: "
          + d.extras.join(", ") + " (after you perform that action, a step to spend it is offered)." : "");
        return sit;
      }
      const markers = held(s.tray), t = d.trays.find((x) => x.tray === s.tray);
      const sow = ["sow", s.tray, ...s.order];
      if (s.order.length < markers.length) {
        const k = s.order.length + 1, where = landing(s.tray, k);
        sit.question = "Marker " + k + " of " + markers.length + " lands in the " + where + " tray"
          + (where === t.target && k === markers.length ? " (the target tray)" : "") + ": which colour?";
        sit.options = [...new Set(left(markers, s.order))].map((c) => option("m" + c, markerName(c), "",
          () => fill({ ...s, order: [...s.order, c], done: [...s.done, sownWords(s.tray, s.order.length + 1, c, t)] }),
          c));
        sit.lines = [sow.join(" ") + " \u2026"];
        sit.ending = "Choose the colour of each marker in the order you sow them." + targetHint(t);
        return sit;
      }
      return stepSituation(s, sit);
    },
  };
  function held(tray) { return d.circle.find((x) => x.tray === tray).markers; }
  function left(markers, order) {
    const rest = markers.slice();
    for (const m of order) rest.splice(rest.indexOf(m), 1);
    return rest;
  }
  function trayLabel(t) {
    const markers = held(t.tray), tile = d.circle.find((x) => x.tray === t.target).tile;
    let text = cap(t.tray) + " tray (slot " + slotOf(t.tray) + "): " + markers.length + " marker(s), "
      + markers.join(", ") + "; target tray " + t.target + ", time " + t.time + (t.round_ends ? " (the round ends)" : "");
    if (tile) text += "; " + tile.words + ": " + (t.accomplishable ? "can be accomplished" : "cannot be accomplished");
    return text;
  }
  function targetHint(t) {  // what the Trajan tile beside the target needs, and what is there
    const there = d.circle.find((x) => x.tray === t.target);
    if (!there.tile) return " No Trajan tile lies beside the target tray (" + t.target + ").";
    const before = t.target === t.tray ? [] : there.markers;
    return " The Trajan tile beside the target tray (" + t.target + ") needs " + there.tile.colours.join(" + ")
      + " in it; it holds " + (before.length ? before.join(", ") : "nothing") + " besides the markers sown into it.";
  }
  function sownWords(tray, k, colour, t) {
    const where = landing(tray, k), n = held(tray).length;
    return "Marker " + k + ": " + colour + " \u2192 " + where + " tray" + (k === n ? " (the target tray)" : "");
  }
  function fill(s) {  // the markers left are all of one colour: they go in that order by themselves
    const markers = held(s.tray), t = d.trays.find((x) => x.tray === s.tray);
    let order = s.order, done = s.done;
    let rest = left(markers, order);
    while (rest.length && new Set(rest).size === 1) {
      done = [...done, sownWords(s.tray, order.length + 1, rest[0], t)];
      order = [...order, rest[0]];
      rest = rest.slice(1);
    }
    if (order.length < markers.length) return { ...s, order, done };
    const target = landing(s.tray, markers.length);
    const tile = d.circle.find((x) => x.tray === target).tile;
    const reached = afterSowing(d.circle, s.tray, order)[target];
    const accomplished = tile !== null && holds(reached, tile.colours);
    const node = accomplished ? t.yes : t.no;
    if (node === undefined) throw new Error("no steps listed for this sowing");
    done = [...done, "Target tray " + target + " (slot " + slotOf(target) + "), time " + t.time
      + (t.round_ends ? " (the round ends after this turn)" : "") + (tile ? "; " + tile.words + ": "
      + (accomplished ? "accomplished" : "not accomplished") : "; no Trajan tile there")];
    return { ...s, order, done, node, lines: ["sow " + s.tray + " " + order.join(" ")] };
  }

  const paused = {
    init: () => ({ node: d.root, open: null, lines: [], done: [] }),
    situation(s) { return stepSituation(s, { done: s.done, options: [] }); },
  };

  // --- The initial markers: 2 of each colour, 2 a tray -------------------------------------
  const markers = {
    init: () => ({ pairs: [] }),
    situation(s) {
      const rest = [];
      for (const c of d.colours) for (let i = 0; i < d.per_colour; i++) rest.push(c);
      for (const p of s.pairs) for (const m of p) rest.splice(rest.indexOf(m), 1);
      const sit = { done: s.pairs.map((p, i) => cap(d.trays[i]) + " tray: " + p.join(" + ")), options: [],
                    lines: s.pairs.map((p, i) => "tray " + d.trays[i] + " " + p.join(" ")) };
      sit.complete = s.pairs.length === d.trays.length;
      if (sit.complete) {
        sit.question = "Every tray holds 2 markers.";
        sit.ending = "Your answer is complete: send it.";
        return sit;
      }
      const tray = d.trays[s.pairs.length];
      sit.question = "Which 2 markers go into the " + tray + " tray (slot " + slotOf(tray) + ")?";
      const kinds = d.colours.filter((c) => rest.includes(c));
      for (let a = 0; a < kinds.length; a++) {
        for (let b = a; b < kinds.length; b++) {
          const pair = [kinds[a], kinds[b]];
          if (a === b && rest.filter((c) => c === pair[0]).length < 2) continue;
          sit.options.push(option("p" + pair.join("+"), markerName(pair[0]) + " + " + markerName(pair[1]), "",
                                  () => fillMarkers({ pairs: [...s.pairs, pair] }), pair));
        }
      }
      sit.ending = "Choose the markers of every tray.";
      return sit;
    },
  };
  function fillMarkers(s) {  // the last tray takes the 2 markers left
    if (s.pairs.length !== d.trays.length - 1) return s;
    const rest = [];
    for (const c of d.colours) for (let i = 0; i < d.per_colour; i++) rest.push(c);
    for (const p of s.pairs) for (const m of p) rest.splice(rest.indexOf(m), 1);
    return { pairs: [...s.pairs, rest] };
  }

  // --- Answers chosen part by part: cards, Trajan tiles, demands, the consul's tile --------
  const parts = {
    init: () => ({ node: 0, texts: [], done: [] }),
    situation(s) {
      const node = d.nodes[s.node];
      const sit = { done: s.done, options: [], complete: node[0] };
      sit.lines = s.texts.length ? [[d.word, ...s.texts].join(" ") + (node[0] ? "" : " \u2026")] : [];
      sit.question = node[1].length ? d.questions[Math.min(s.texts.length, d.questions.length - 1)]
        : "Your answer is complete.";
      sit.options = node[1].map((e, i) => option("c" + i, e[0], "", () => ({
        node: e[2], texts: [...s.texts, e[1]], done: [...s.done, e[0]] })));
      if (node[0]) sit.ending = node[1].length ? d.more : "Your answer is complete: send it.";
      else sit.ending = "Choose every part of your answer before you send it.";
      return sit;
    },
  };

  const machine = { turn, turn_continue: paused, setup_markers: markers }[page.kind] || parts;

  // --- Showing it --------------------------------------------------------------------------------
  function derive() {
    let s = machine.init();
    for (const id of clicks) {
      const sit = machine.situation(s);
      const all = sit.groups ? sit.groups.flatMap((g) => g.options) : sit.options;
      const chosen = all.find((o) => o.id === id);
      if (!chosen) throw new Error("a click no longer fits: " + id);
      s = chosen.go();
    }
    return machine.situation(s);
  }

  function button(o) {
    const b = document.createElement("button");
    b.type = "button";
    if (o.colour) {
      for (const c of [].concat(o.colour)) {
        const sw = document.createElement("span");
        sw.className = "swatch";
        sw.style.background = page.marker_fill[c];
        sw.setAttribute("aria-hidden", "true");
        b.append(sw);
      }
    }
    b.append(document.createTextNode(o.label));
    if (o.note) {
      const n = document.createElement("span");
      n.className = "note";
      n.textContent = o.note;
      b.append(n);
    }
    b.addEventListener("click", () => { clicks.push(o.id); render(true); });
    return b;
  }

  function orderText(sit) {
    return [page.header, ...(page.token ? ["token " + page.token] : []), ...sit.lines].join("\n");
  }

  function render(moveFocus) {
    const sit = derive();
    const done = $("done");
    done.replaceChildren(...sit.done.map((t) => { const li = document.createElement("li"); li.textContent = t; return li; }));
    $("question").textContent = sit.question;
    const box = $("choices");
    box.replaceChildren();
    if (sit.groups) {
      for (const g of sit.groups) {
        const h = document.createElement("h4");
        h.textContent = g.heading;
        const div = document.createElement("div");
        div.className = "group";
        div.setAttribute("role", "group");
        div.setAttribute("aria-label", g.heading);
        div.append(...g.options.map(button));
        box.append(h, div);
      }
    } else {
      box.append(...sit.options.map(button));
    }
    $("ending").textContent = sit.ending || "";
    $("undo").disabled = clicks.length === 0;
    $("restart").disabled = clicks.length === 0;
    const text = orderText(sit);
    $("order").textContent = sit.complete ? text : text + "\n# (not complete yet)";
    sending(sit.complete, text);
    if (moveFocus) (box.querySelector("button") || $("copy")).focus();
  }

  function sending(complete, text) {
    const mail = $("mail"), save = $("download"), note = $("send-note");
    $("copy").disabled = !complete;
    if (download) URL.revokeObjectURL(download);
    download = null;
    if (!complete) {
      for (const a of [mail, save]) { a.removeAttribute("href"); a.setAttribute("aria-disabled", "true"); }
      note.textContent = "The order is not complete yet.";
      return;
    }
    const body = ["BEGIN ORDERS", ...text.split("\n"), "END ORDERS", ""].join("\r\n");
    mail.href = "mailto:" + page.mail.to + "?subject=" + encodeURIComponent(page.mail.subject)
      + "&body=" + encodeURIComponent(body);
    download = URL.createObjectURL(new Blob([text + "\n"], { type: "text/plain;charset=utf-8" }));
    save.href = download;
    save.download = page.file;
    for (const a of [mail, save]) a.removeAttribute("aria-disabled");
    note.textContent = body.length > page.mail.most
      ? "This order is " + body.length + " characters long: some mail programs cut the text of a mail link "
        + "after about " + page.mail.most + " characters. If the mail that opens is not whole, copy the order "
        + "into your mail instead, or attach the saved order file."
      : "";
    note.className = body.length > page.mail.most ? "warn" : "";
  }

  $("undo").addEventListener("click", () => { clicks.pop(); render(false); if ($("undo").disabled) focusFirst(); });
  $("restart").addEventListener("click", () => { clicks = []; render(true); });
  function focusFirst() { ($("choices").querySelector("button") || $("copy")).focus(); }
  for (const a of [$("mail"), $("download")]) {
    a.addEventListener("click", (e) => { if (a.getAttribute("aria-disabled") === "true") e.preventDefault(); });
  }
  $("copy").addEventListener("click", async () => {
    const text = $("order").textContent;
    try {
      await navigator.clipboard.writeText(text);
    } catch (error) {  // no clipboard access: copy the selected text the old way
      const range = document.createRange();
      range.selectNodeContents($("order"));
      const sel = window.getSelection();
      sel.removeAllRanges();
      sel.addRange(range);
      document.execCommand("copy");
    }
    $("send-note").textContent = "Copied: paste it into your reply to the judge (or a new mail to the judge).";
    $("send-note").className = "";
  });
  render(false);
  document.body.dataset.ready = "1";
})().catch((error) => {
  document.getElementById("status").textContent = "This page could not be opened: " + error;
  throw error;
});
