/* render.js: one frame of `warpsim viz --frames-json` (docs/viz-frames.md) drawn as SVG.
 *
 * The playground (web/index.html) and the Python package's warpsim.show (python/warpsim) both
 * draw with this file, so a notebook shows what the browser shows. It draws only what the
 * frame says: the scene is computed by the C library (viz/scene.c), never here.
 *
 * WarpsimRender.frameSVG(doc, i)        the SVG text of frame i
 * WarpsimRender.mount(el, doc, start)   frame, buttons and arrow keys inside element el
 */
var WarpsimRender = (function () {
  "use strict";
  var CELL = 38, LABEL = 150, ROW = 22, PAD = 8;
  var WIDTH = LABEL + 32 * CELL + PAD * 2;
  var GROUP = ["#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b", "#e377c2", "#17becf"];

  function esc(s) {
    return String(s).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
  }
  function text(x, y, s, opt) {
    opt = opt || {};
    return '<text x="' + x + '" y="' + y + '" font-size="' + (opt.size || 11) + '"' +
      (opt.anchor ? ' text-anchor="' + opt.anchor + '"' : "") +
      (opt.fill ? ' fill="' + opt.fill + '"' : "") + (opt.weight ? ' font-weight="' + opt.weight + '"' : "") +
      (opt.cls ? ' class="' + opt.cls + '"' : "") + ">" + esc(s) + "</text>";
  }
  function rect(x, y, w, h, fill, stroke, extra) {
    return '<rect x="' + x + '" y="' + y + '" width="' + w + '" height="' + h + '" fill="' + fill + '"' +
      (stroke ? ' stroke="' + stroke + '"' : "") + (extra || "") + "/>";
  }
  function laneX(l) { return PAD + LABEL + l * CELL; }
  function fit(s, n) { s = String(s); return s.length > n ? s.slice(0, n - 1) + "\u2026" : s; }
  function lanes(list) {
    if (!list || !list.length) return "none";
    var out = [], a = list[0], b = a;
    for (var i = 1; i <= list.length; i++) {
      if (i < list.length && list[i] === b + 1) { b = list[i]; continue; }
      out.push(a === b ? "" + a : a + "-" + b);
      if (i < list.length) a = b = list[i];
    }
    return out.join(",");
  }

  /* A row of register values: one cell per lane, or one chip when every lane holds the same. */
  function valueRow(row, y, liveSet, cls) {
    var s = text(PAD, y + 15, fit(row.label || row.reg || "", 16) + (row.role ? " (" + row.role + ")" : ""),
                 {size: 11, fill: "#333"});
    var vals = row.values || [];
    var have = [];
    for (var l = 0; l < 32; l++) if (vals[l] !== null && vals[l] !== undefined) have.push(l);
    if (row.uniform && have.length > 1)  /* one chip across the lanes that hold the value */
      return s + rect(laneX(have[0]), y + 2, (have[have.length - 1] - have[0] + 1) * CELL - 2, ROW - 4, "#eef3fb", "#9ab") +
        text((laneX(have[0]) + laneX(have[have.length - 1]) + CELL) / 2, y + 15,
             (have.length === 32 ? "every lane" : "lanes " + lanes(have)) + ": " + vals[have[0]],
             {anchor: "middle", cls: cls + " uniform"});
    for (var i = 0; i < 32; i++) {
      var v = vals[i];
      if (v === null || v === undefined) continue;
      var dead = liveSet && !liveSet[i];
      s += '<g class="' + cls + '" data-lane="' + i + '"><title>lane ' + i + ": " + esc(v) + "</title>" +
        rect(laneX(i), y + 2, CELL - 2, ROW - 4, dead ? "#f2f2f2" : "#fff", dead ? "#ddd" : "#9ab") +
        text(laneX(i) + CELL / 2 - 1, y + 15, fit(v, 6), {anchor: "middle", size: 10, fill: dead ? "#aaa" : "#000"}) +
        "</g>";
    }
    return s;
  }

  function setOf(list) {
    if (!list) return null;
    var s = {};
    list.forEach(function (l) { s[l] = true; });
    return s;
  }

  function arrowsSVG(arrows, y0, y1) {
    var s = "";
    arrows.forEach(function (a) {
      var x0 = laneX(a.src) + CELL / 2 - 1, x1 = laneX(a.dst) + CELL / 2 - 1;
      var color = a.kind === "zero" ? "#999" : GROUP[(a.group || 0) % 8];
      var dash = a.kind === "self" ? ' stroke-dasharray="3,3"' : a.kind === "zero" ? ' stroke-dasharray="1,3"' : "";
      s += '<line class="arrow arrow-' + a.kind + '" x1="' + x0 + '" y1="' + y0 + '" x2="' + x1 + '" y2="' + y1 +
        '" stroke="' + color + '" stroke-width="1.5"' + dash + ' marker-end="url(#ws-head)"><title>lane ' + a.dst +
        (a.kind === "zero" ? " gets 0 (lane " + a.src + " did not execute)" :
         a.kind === "self" ? " keeps its own value" : " reads lane " + a.src) + "</title></line>";
    });
    return s;
  }

  function banksSVG(b, y) {
    var s = text(PAD, y + 14, "shared " + (b.store ? "store" : "load") + ", " + b.bytes + " B a lane: " +
                 (b.degree > 1 ? b.degree + "-way bank conflict, " : "no bank conflict, ") + b.wavefronts +
                 " wavefront" + (b.wavefronts === 1 ? "" : "s") + " (" + b.min_wavefronts + " without conflicts)" +
                 (b.broadcast ? ", lanes sharing a word" : ""), {weight: "bold", cls: "bank-verdict"});
    y += 20;
    var maxWords = 1;
    (b.cells || []).forEach(function (c) { maxWords = Math.max(maxWords, c.words.length); });
    var shown = Math.min(maxWords, 8), h = 18;
    s += text(PAD, y + 12, "bank", {fill: "#555"});
    for (var k = 0; k < 32; k++) s += text(laneX(k) + CELL / 2, y + 12, k, {anchor: "middle", size: 10, fill: "#555"});
    y += 16;
    (b.cells || []).forEach(function (c) {
      c.words.slice(0, shown).forEach(function (w, j) {
        var color = GROUP[(w.wavefront || 0) % 8];
        s += '<g class="bank-word"><title>bank ' + c.bank + ", word 0x" + Number(w.address).toString(16) +
          ", wavefront " + w.wavefront + ", lanes " + lanes(w.lanes) + "</title>" +
          rect(laneX(c.bank), y + j * h, CELL - 2, h - 2, color, null, ' fill-opacity="0.25"') +
          text(laneX(c.bank) + CELL / 2 - 1, y + j * h + 12, fit(lanes(w.lanes), 6), {anchor: "middle", size: 9}) +
          "</g>";
      });
    });
    if (maxWords > shown) s += text(PAD, y + shown * h + 10, "(" + (maxWords - shown) + " more words a bank)", {size: 10});
    return {svg: s, height: 20 + 16 + shown * h + (maxWords > shown ? 14 : 0)};
  }

  function warpsSVG(ws, y) {
    var s = text(PAD, y + 12, "warps", {fill: "#555"}), colors = {issues: "#2ca02c", stalled: "#d62728", done: "#999",
                                                                    waiting: "#ccc"};
    var step = Math.max(1, Math.min(150, Math.floor(32 * CELL / ws.length))), wide = step >= 120;
    ws.forEach(function (w, i) {
      var x = laneX(0) + i * step;
      s += '<g class="warp-state"><title>warp ' + w.warp + ": " + w.state + (w.reason ? " (" + w.reason + ")" : "") +
        (w.line ? " at line " + w.line : "") + (w.waits_for_line ? ", waits for line " + w.waits_for_line : "") +
        "</title>" + rect(x, y, step - 4, 16, colors[w.state] || "#ccc", null, ' fill-opacity="0.3"') +
        (step >= 24 ? text(x + 3, y + 12, wide ? "warp " + w.warp + ": " + w.state + (w.reason ? " " + w.reason : "")
                                                 : fit("w" + w.warp + " " + w.state, Math.floor(step / 6.5)), {size: 10})
                    : "") + "</g>";
    });
    return s;
  }

  function treeSVG(t, y) {
    var rowH = 26, s = text(PAD, y + 12, "provenance of lane " + t.lane + ": from lanes " + lanes(t.lanes) +
                                         (t.warps && t.warps.length > 1 ? " of warps " + lanes(t.warps) : "") +
                                         ", " + t.instructions + " instruction" + (t.instructions === 1 ? "" : "s") + (t.cut ? " (cut)" : ""),
                            {weight: "bold", cls: "provenance"});
    y += 18;
    var rows = t.rows || [], nodes = t.nodes || [];
    rows.forEach(function (r, i) {
      s += text(PAD, y + i * rowH + 14, fit("line " + r.line + ": " + r.insn, 24), {size: 10, fill: "#555"});
    });
    function pos(n) { return [laneX(n.lane) + CELL / 2 - 1, y + n.row * rowH + 10]; }
    (t.edges || []).forEach(function (e) {
      var a = nodes[e.from], b = nodes[e.to];
      if (!a || !b) return;
      var p = pos(a), q = pos(b);
      s += '<line x1="' + p[0] + '" y1="' + p[1] + '" x2="' + q[0] + '" y2="' + q[1] + '" stroke="' +
        (e.moved ? "#ff7f0e" : "#888") + '" stroke-width="1"/>';
    });
    nodes.forEach(function (n, i) {
      var p = pos(n);
      s += '<g class="tree-node"><title>lane ' + n.lane + ": " + esc(n.value) + "</title>" +
        '<circle cx="' + p[0] + '" cy="' + p[1] + '" r="' + (i === 0 ? 6 : 4) + '" fill="' +
        (i === 0 ? "#d62728" : n.leaf ? "#2ca02c" : "#1f77b4") + '"/></g>';
    });
    return {svg: s, height: 18 + Math.max(1, rows.length) * rowH};
  }

  function frameSVG(doc, i) {
    var f = doc.frames[i], y = PAD, body = "";
    var title = f.kind === "result" ? "result: what warp " + f.warp + " stored" : f.insn;
    body += text(PAD, y + 16, title, {size: 15, weight: "bold", cls: "insn"});
    body += text(WIDTH - PAD, y + 16, "frame " + (i + 1) + "/" + doc.frames.length + "  \u00b7  cycle " + f.cycle +
                 "  \u00b7  line " + f.line + (f.source ? " (" + f.source + ")" : ""),
                 {anchor: "end", size: 11, fill: "#555", cls: "where"});
    y += 24;
    if (f.rule) { body += text(PAD, y + 14, f.rule, {size: 12, cls: "rule"}); y += 18; }
    if (f.detail) { body += text(PAD, y + 14, f.detail, {size: 11, fill: "#555", cls: "detail"}); y += 18; }
    if (f.diagnostic) {
      body += text(PAD, y + 14, "\u26a0 " + f.diagnostic.kind + ": " + f.diagnostic.message,
                   {size: 12, fill: "#c00", cls: "diagnostic"});
      y += 18;
    }
    y += 6;
    body += text(PAD, y + 12, "lane", {fill: "#555"});
    for (var l = 0; l < 32; l++) {
      var on = f.exec && f.exec.indexOf(l) >= 0, act = f.active && f.active.indexOf(l) >= 0;
      body += text(laneX(l) + CELL / 2 - 1, y + 12, l, {anchor: "middle", size: 10,
                                                        fill: on ? "#000" : act ? "#c80" : "#bbb"});
    }
    y += 16;
    (f.operands || []).forEach(function (r) { body += valueRow(r, y, null, "operand"); y += ROW; });
    if (f.arrows && f.arrows.length) {
      body += arrowsSVG(f.arrows, y, y + 44);
      y += 48;
    } else if ((f.operands || []).length) {
      y += 6;
    }
    (f.results || []).forEach(function (r) { body += valueRow(r, y, setOf(r.live), "result"); y += ROW; });
    if (f.banks) { var b = banksSVG(f.banks, y + 8); body += b.svg; y += 8 + b.height; }
    if (f.warps && f.warps.length > 1) { body += warpsSVG(f.warps, y + 8); y += 28; }
    if (f.tree) { var t = treeSVG(f.tree, y + 8); body += t.svg; y += 8 + t.height; }
    y += PAD;
    return '<svg xmlns="http://www.w3.org/2000/svg" class="warpsim-frame" width="' + WIDTH + '" height="' + y +
      '" viewBox="0 0 ' + WIDTH + " " + y + '" font-family="DejaVu Sans Mono, Menlo, Consolas, monospace">' +
      '<defs><marker id="ws-head" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="6" markerHeight="6" ' +
      'orient="auto-start-reverse"><path d="M 0 0 L 10 5 L 0 10 z" fill="context-stroke"/></marker></defs>' +
      rect(0, 0, WIDTH, y, "#fcfcfc") + body + "</svg>";
  }

  /* Frame, buttons and arrow keys (left/right, Home/End) in el; onchange(i) after each move. */
  function mount(el, doc, start, onchange) {
    var i = Math.max(0, Math.min(start || 0, doc.frames.length - 1));
    el.innerHTML = '<div class="ws-bar"><button data-d="-1">\u25c0</button> <button data-d="1">\u25b6</button> ' +
      '<span class="ws-pos"></span></div><div class="ws-svg"></div>';
    function draw() {
      el.querySelector(".ws-svg").innerHTML = frameSVG(doc, i);
      el.querySelector(".ws-pos").textContent = "frame " + (i + 1) + " of " + doc.frames.length +
        " (\u2190 \u2192 to step)";
      if (onchange) onchange(i);
    }
    function go(d) { i = Math.max(0, Math.min(doc.frames.length - 1, i + d)); draw(); }
    Array.prototype.forEach.call(el.querySelectorAll("button"), function (b) {
      b.onclick = function () { go(+b.getAttribute("data-d")); el.focus(); };
    });
    el.addEventListener("keydown", function (e) {
      if (e.key === "ArrowRight") go(1);
      else if (e.key === "ArrowLeft") go(-1);
      else if (e.key === "Home") go(-i);
      else if (e.key === "End") go(doc.frames.length);
      else return;
      e.preventDefault();
    });
    draw();
    return {go: go, index: function () { return i; }};
  }

  return {frameSVG: frameSVG, mount: mount, lanes: lanes};
})();
if (typeof module !== "undefined") module.exports = WarpsimRender;
