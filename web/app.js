/* app.js: the playground page. It writes the PTX and the argument words into the in-memory file
 * system of warpsim.js, runs `warpsim run ... --json` and the viewer's frames (embed/embed.h)
 * there, and shows what they print: frames (render.js), printf, buffers, statistics and
 * diagnostics. The state (program or PTX, launch, frame) lives in the URL's #fragment. */
"use strict";

var $ = function (id) { return document.getElementById(id); };
var FIELDS = ["args", "grid", "block", "kernel", "warp", "cta", "only", "lane"];
var ready = false, viewer = null, frameDoc = null, pendingFrame = 0;
var captured = {out: [], err: []};

/* warpsim.js reads this object when it loads (after this file). */
var Module = {
  print: function (s) { captured.out.push(s); },
  printErr: function (s) { captured.err.push(s); },
  onRuntimeInitialized: function () {
    ready = true;
    Module.FS.mkdir("/w");
    Module.FS.chdir("/w"); /* messages name kernel.ptx, as the user knows it */
    setState("ready");
    runNow();
  }
};

function setState(s) { $("state").textContent = s; }

/* Runs one command in the WebAssembly warpsim; returns {status, out, err}. */
function warpsim(words) {
  captured = {out: [], err: []};
  var status = 0;
  try {
    status = Module.callMain(words);
  } catch (e) {
    if (e && e.name === "ExitStatus") status = e.status;
    else throw e;
  }
  if (typeof status !== "number") status = typeof EXITSTATUS === "number" ? EXITSTATUS : 0;
  return {status: status, out: captured.out.join("\n"), err: captured.err.join("\n")};
}

/* ---- the state in the URL ---------------------------------------------------------------- */

function toBase64Url(bytes) {
  var s = "";
  for (var i = 0; i < bytes.length; i++) s += String.fromCharCode(bytes[i]);
  return btoa(s).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}
function fromBase64Url(t) {
  var s = atob(t.replace(/-/g, "+").replace(/_/g, "/"));
  var b = new Uint8Array(s.length);
  for (var i = 0; i < s.length; i++) b[i] = s.charCodeAt(i);
  return b;
}
/* Pasted PTX: deflated where the browser can (CompressionStream), "z" marking it; else plain. */
function packText(text) {
  var bytes = new TextEncoder().encode(text);
  if (typeof CompressionStream === "undefined") return Promise.resolve("p" + toBase64Url(bytes));
  var stream = new Blob([bytes]).stream().pipeThrough(new CompressionStream("deflate-raw"));
  return new Response(stream).arrayBuffer().then(function (b) { return "z" + toBase64Url(new Uint8Array(b)); });
}
function unpackText(t) {
  var bytes = fromBase64Url(t.slice(1));
  if (t[0] !== "z") return Promise.resolve(new TextDecoder().decode(bytes));
  var stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("deflate-raw"));
  return new Response(stream).text();
}

function stateParams() {
  var p = new URLSearchParams();
  var name = $("program").value;
  if (name) p.set("p", name);
  FIELDS.forEach(function (f) {
    var v = $(f).value;
    if (v && !(name && f === "args" && v === WARPSIM_PROGRAMS[name].args) && !(f === "warp" && v === "0") &&
        !(f === "cta" && v === "0"))
      p.set(f, v);
  });
  if (viewer && viewer.index()) p.set("frame", viewer.index());
  return p;
}
function saveState() {
  var p = stateParams();
  var name = $("program").value;
  var done = function () { history.replaceState(null, "", "#" + p.toString()); };
  if (!name || $("ptx").value !== WARPSIM_PROGRAMS[name].ptx) {
    p.delete("p");
    return packText($("ptx").value).then(function (t) { p.set("ptx", t); done(); });
  }
  done();
  return Promise.resolve();
}
function loadState() {
  var p = new URLSearchParams(location.hash.slice(1));
  var name = p.get("p");
  if (name && !WARPSIM_PROGRAMS[name]) name = null;
  if (!name && !p.get("ptx")) name = "warp_reduce_down";
  pickProgram(name || "");
  FIELDS.forEach(function (f) { if (p.has(f)) $(f).value = p.get(f); });
  pendingFrame = +(p.get("frame") || 0);
  if (p.get("ptx")) return unpackText(p.get("ptx")).then(function (t) { $("ptx").value = t; });
  return Promise.resolve();
}

function pickProgram(name) {
  $("program").value = name;
  var prog = WARPSIM_PROGRAMS[name];
  $("about").textContent = prog ? prog.about : "your own PTX";
  if (prog) {
    $("ptx").value = prog.ptx;
    $("args").value = prog.args;
  }
  ["grid", "block", "kernel"].forEach(function (f) { $(f).value = ""; });
}

/* ---- a run -------------------------------------------------------------------------------- */

function launchWords() {
  var fs = Module.FS;
  fs.writeFile("kernel.ptx", $("ptx").value);
  fs.writeFile("kernel.args", $("args").value);
  var w = ["kernel.ptx", "@kernel.args"];
  if ($("grid").value.trim()) w.push("--grid", $("grid").value.trim());
  if ($("block").value.trim()) w.push("--block", $("block").value.trim());
  if ($("kernel").value.trim()) w.push("--kernel", $("kernel").value.trim());
  return w;
}

function showError(text) {
  $("errors").hidden = !text;
  $("errors").textContent = text || "";
}

function clearOutputs() {
  ["printf", "diagnostics", "buffers", "framelist", "frame"].forEach(function (id) { $(id).innerHTML = ""; });
  $("stats").innerHTML = "";
  viewer = null;
  frameDoc = null;
}

function showRun(doc) {
  $("printf").textContent = doc.stdout || "(no printf)";
  var rows = "";
  Object.keys(doc.stats || {}).forEach(function (k) {
    var v = doc.stats[k];
    if (v === 0 && /^stall_/.test(k)) return;
    rows += "<tr><th>" + k + "</th><td class='stat-" + k + "'>" + v + "</td></tr>";
  });
  $("stats").innerHTML = rows;
  var diags = doc.diagnostics || [];
  $("diagnostics").innerHTML = diags.length ? "" : "<li>none</li>";
  diags.forEach(function (d) {
    var li = document.createElement("li");
    li.textContent = "line " + d.line + ": " + d.severity + ": " + d.message + " [" + d.kind + "] (block " + d.block +
      ", warp " + d.warp + ", lanes " + d.lanes + ")";
    $("diagnostics").appendChild(li);
  });
  var html = "";
  (doc.args || []).forEach(function (a) {
    if (a.count === undefined) {
      html += "<div class='buffer'><b>" + a.label + "</b> = " + a.value + " (" + a.type + ")</div>";
      return;
    }
    var vals = doc.buffers[a.label] || [];
    var cells = vals.slice(0, 1024).map(function (v, i) {
      return "<span title='" + a.label + "[" + i + "]' data-index='" + i + "'>" + v + "</span>";
    });
    html += "<div class='buffer' data-label='" + a.label + "'><b>" + a.label + "</b> (" + a.type + "[" + a.count +
      "]) = " + cells.join(", ") + (vals.length > 1024 ? ", \u2026" : "") + "</div>";
  });
  $("buffers").innerHTML = html;
}

function showFrames(doc, start) {
  frameDoc = doc;
  var list = $("framelist");
  list.innerHTML = "";
  doc.frames.forEach(function (f, i) {
    var li = document.createElement("li");
    li.textContent = (i + 1) + ". " + (f.kind === "result" ? "result" : f.insn);
    li.className = f.kind === "result" ? "frame-result" : "frame-step";
    li.onclick = function () { viewer.go(i - viewer.index()); $("frame").focus(); };
    list.appendChild(li);
  });
  viewer = WarpsimRender.mount($("frame"), doc, start, function (i) {
    Array.prototype.forEach.call(list.children, function (li, j) { li.classList.toggle("current", i === j); });
    saveState();
  });
}

function runNow() {
  if (!ready) return;
  clearOutputs();
  showError("");
  setState("running\u2026");
  var t0 = performance.now();
  var words = launchWords();
  var r = warpsim(["run"].concat(words, ["--json"]));
  var doc = null;
  try { doc = r.out.trim() ? JSON.parse(r.out) : null; } catch (e) { doc = null; }
  if (doc) showRun(doc);
  var errors = r.err;
  if (!doc) {
    showError(errors || "warpsim stopped with status " + r.status);
    setState("exit " + r.status);
    saveState();
    return;
  }
  var fw = words.concat(["--warp", $("warp").value || "0", "--cta", $("cta").value || "0",
                         "--frames-json", "frames.json"]);
  if ($("only").value.trim()) fw.push("--only", $("only").value.trim());
  if ($("lane").value.trim()) fw.push("--lane", $("lane").value.trim());
  var f = warpsim(["frames"].concat(fw));
  if (f.status === 0) {
    showFrames(JSON.parse(Module.FS.readFile("frames.json", {encoding: "utf8"})), pendingFrame);
    pendingFrame = 0;
  } else {
    errors = (errors ? errors + "\n" : "") + f.err;
  }
  showError(errors);
  setState("exit " + r.status + " \u00b7 " + (doc.stats ? doc.stats.cycles + (doc.stats.cycles === 1 ? " cycle" : " cycles") + " \u00b7 " : "") +
           Math.round(performance.now() - t0) + " ms");
  saveState();
}

/* ---- the page ----------------------------------------------------------------------------- */

function init() {
  var sel = $("program");
  var custom = document.createElement("option");
  custom.value = "";
  custom.textContent = "(your own PTX)";
  sel.appendChild(custom);
  Object.keys(WARPSIM_PROGRAMS).sort().forEach(function (n) {
    var o = document.createElement("option");
    o.value = n;
    o.textContent = n;
    sel.appendChild(o);
  });
  sel.onchange = function () { pickProgram(sel.value); runNow(); };
  $("ptx").addEventListener("input", function () {
    if (sel.value && $("ptx").value !== WARPSIM_PROGRAMS[sel.value].ptx) {
      sel.value = "";
      $("about").textContent = "your own PTX";
    }
  });
  $("run").onclick = runNow;
  $("share").onclick = function () {
    saveState().then(function () {
      if (navigator.clipboard) navigator.clipboard.writeText(location.href).catch(function () {});
      setState("link copied to the clipboard (and in the address bar)");
    });
  };
  document.addEventListener("keydown", function (e) {
    var t = e.target && e.target.tagName;
    if (!viewer || t === "TEXTAREA" || t === "INPUT" || t === "SELECT" || e.target === $("frame")) return;
    if (e.key === "ArrowRight") viewer.go(1);
    else if (e.key === "ArrowLeft") viewer.go(-1);
    else return;
    e.preventDefault();
  });
  if ("serviceWorker" in navigator && /^https?:$/.test(location.protocol))
    navigator.serviceWorker.register("sw.js").catch(function () {});
  loadState().then(function () { setState(ready ? "ready" : "loading warpsim\u2026"); runNow(); });
}

init();
