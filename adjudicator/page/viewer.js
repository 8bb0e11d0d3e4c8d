// The replay: a slider, step buttons, the arrow keys and a turn menu move through the events; each
// step shows its board (rebuilt from the shared table of SVG lines), its text, rolls and marks.
"use strict";
(function () {
  const data = JSON.parse(document.getElementById("steps").textContent);
  const steps = data.steps, lines = data.lines;
  const $ = (id) => document.getElementById(id);
  const slider = $("slider"), turnMenu = $("turn");
  const boards = [];  // the line indices of each step's board, built once a step is first shown

  function boardOf(k) {
    if (!("board" in steps[k])) return null;
    for (let j = boards.length; j <= k; j++) {
      const ops = steps[j].board, before = j ? boards[j - 1] : [], now = [];
      for (let i = 0; i < ops.length; i++) {
        const v = ops[i];
        if (v < 0) now.push(-1 - v);
        else { const n = ops[++i]; for (let m = v; m < v + n; m++) now.push(before[m]); }
      }
      boards.push(now);
    }
    return boards[k].map((i) => lines[i]).join("\n");
  }

  function show(k) {
    k = Math.max(0, Math.min(steps.length - 1, k));
    const s = steps[k];
    slider.value = String(k);
    const where = $("where");
    where.textContent = `event #${s.seq} of ${steps.length} · turn ${s.turn} · phase ${s.phase} · ${s.actor}`;
    if (s.ruling) {
      const mark = document.createElement("span");
      mark.className = "ruling";
      mark.textContent = "referee's ruling";
      where.append(" · ", mark);
    }
    const text = $("text");
    text.textContent = s.text;
    text.className = s.ruling ? "ruling" : "";
    const rolls = $("rolls");
    rolls.replaceChildren(...(s.rolls.length ? s.rolls : ["none"]).map((r) => {
      const li = document.createElement("li");
      li.textContent = r;
      return li;
    }));
    const svg = boardOf(k);
    // the board is the SVG `adjudicator map` draws, every text in it escaped by the ruleset's render
    if (svg !== null) $("board").innerHTML = svg;
    else $("board").textContent = "(this game system has no board)";
    if (turnMenu.value !== String(s.turn)) turnMenu.value = String(s.turn);
  }

  slider.max = String(steps.length - 1);
  const firstOfTurn = new Map();
  steps.forEach((s, k) => { if (!firstOfTurn.has(s.turn)) firstOfTurn.set(s.turn, k); });
  for (const [turn] of firstOfTurn) {
    const o = document.createElement("option");
    o.value = String(turn);
    o.textContent = String(turn);
    turnMenu.append(o);
  }
  const at = () => Number(slider.value);
  slider.addEventListener("input", () => show(at()));
  turnMenu.addEventListener("change", () => show(firstOfTurn.get(Number(turnMenu.value))));
  $("first").addEventListener("click", () => show(0));
  $("prev").addEventListener("click", () => show(at() - 1));
  $("next").addEventListener("click", () => show(at() + 1));
  $("last").addEventListener("click", () => show(steps.length - 1));
  document.addEventListener("keydown", (e) => {
    if (e.target instanceof HTMLSelectElement || e.target === slider) return;  // they move by themselves
    const to = { ArrowLeft: at() - 1, ArrowRight: at() + 1, Home: 0, End: steps.length - 1 }[e.key];
    if (to !== undefined) { show(to); e.preventDefault(); }
  });
  show(0);
})();
