#!/usr/bin/env node
/* check_web.js CHROMIUM SITE_DIR: the playground in headless Chromium, driven over the DevTools
 * protocol on a pipe (--remote-debugging-pipe: node's own modules, nothing downloaded).
 *
 * Loads SITE_DIR/index.html from disk with the 5-step reduction and only its shuffles as frames,
 * and checks that the page
 *   - shows out[0] = 496 in the buffers, 5 shuffle frames and the result frame, the cycles;
 *   - steps with the arrow keys to the result frame, whose lane 0 is 496 from lanes 0-31;
 *   - keeps the frame in the URL, and a reload of that URL comes back to it;
 *   - lists viz/examples' programs: transpose_conflict runs (out[1] = in[32], bank conflicts);
 *   - refuses pasted PTX with a bad instruction at kernel.ptx:LINE:COLUMN;
 *   - served over http (a server of its own, on a free port), is taken over by its service
 *     worker, and, the server gone, loads again and runs the reduction (lane 0 = 496);
 *   - logs no console error, warning or exception, and no failed load.
 * Exit 0 when all hold, 1 with what failed. */
"use strict";
const {spawn} = require("child_process");
const fs = require("fs");
const http = require("http");
const os = require("os");
const path = require("path");

const [chromium, site] = process.argv.slice(2);
if (!chromium || !site) {
  console.error("usage: check_web.js CHROMIUM SITE_DIR");
  process.exit(2);
}
const profile = fs.mkdtempSync(path.join(os.tmpdir(), "warpsim-web-"));
const browser = spawn(chromium, ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
                                 "--remote-debugging-pipe", "--user-data-dir=" + profile, "about:blank"],
                      {stdio: ["ignore", "ignore", "pipe", "pipe", "pipe"]});
let stderr = "";
browser.stderr.on("data", d => { stderr += d; });
const toBrowser = browser.stdio[3], fromBrowser = browser.stdio[4];

let nextId = 1, pending = new Map(), buffered = "", problems = [], failures = [];
fromBrowser.on("data", d => {
  buffered += d.toString("utf8");
  let end;
  while ((end = buffered.indexOf("\0")) >= 0) {
    const msg = JSON.parse(buffered.slice(0, end));
    buffered = buffered.slice(end + 1);
    if (msg.id && pending.has(msg.id)) {
      const {resolve, reject} = pending.get(msg.id);
      pending.delete(msg.id);
      msg.error ? reject(new Error(JSON.stringify(msg.error))) : resolve(msg.result);
    } else if (msg.method === "Runtime.consoleAPICalled" && /error|warning|assert/.test(msg.params.type)) {
      problems.push("console." + msg.params.type + ": " + msg.params.args.map(a => a.value || a.description).join(" "));
    } else if (msg.method === "Runtime.exceptionThrown") {
      const d = msg.params.exceptionDetails;
      problems.push("exception: " + (d.exception && d.exception.description || d.text));
    } else if (msg.method === "Log.entryAdded" && /error|warning/.test(msg.params.entry.level)) {
      problems.push("log " + msg.params.entry.level + ": " + msg.params.entry.text + " " + (msg.params.entry.url || ""));
    }
  }
});

function send(method, params, sessionId) {
  const id = nextId++;
  toBrowser.write(JSON.stringify({id, method, params: params || {}, sessionId}) + "\0");
  return new Promise((resolve, reject) => pending.set(id, {resolve, reject}));
}
/* SITE_DIR over http on 127.0.0.1 (a secure context, as service workers need), on a free port */
function serve(dir) {
  const types = {".html": "text/html", ".js": "text/javascript", ".css": "text/css"};
  const server = http.createServer((req, res) => {
    let p = new URL(req.url, "http://localhost").pathname;
    if (p.endsWith("/")) p += "index.html";
    const file = path.join(dir, path.normalize(decodeURIComponent(p)));
    fs.readFile(file, (err, data) => {
      res.writeHead(err ? 404 : 200, {"Content-Type": types[path.extname(file)] || "application/octet-stream"});
      res.end(err ? "" : data);
    });
  });
  return new Promise(resolve => server.listen(0, "127.0.0.1", () => resolve(server)));
}
const sleep = ms => new Promise(r => setTimeout(r, ms));
function check(ok, what) {
  console.log((ok ? "ok: " : "FAILED: ") + what);
  if (!ok) failures.push(what);
}

async function main() {
  const {targetId} = await send("Target.createTarget", {url: "about:blank"});
  const {sessionId} = await send("Target.attachToTarget", {targetId, flatten: true});
  const cmd = (m, p) => send(m, p, sessionId);
  const evaluate = async expr => {
    const r = await cmd("Runtime.evaluate", {expression: expr, returnByValue: true, awaitPromise: true});
    if (r.exceptionDetails) throw new Error("evaluate " + expr + ": " + r.exceptionDetails.text);
    return r.result.value;
  };
  const waitFor = async (expr, what, ms = 60000) => {
    for (const t0 = Date.now(); Date.now() - t0 < ms; await sleep(100))
      if (await evaluate("(function () { try { return " + expr + "; } catch (e) { return false; } })()")) return true;
    check(false, what + " (waited " + ms / 1000 + " s)");
    return false;
  };
  const key = async k => {
    for (const type of ["keyDown", "keyUp"])
      await cmd("Input.dispatchKeyEvent", {type, key: k, code: k, windowsVirtualKeyCode: k === "ArrowRight" ? 39 : 37});
  };
  await cmd("Runtime.enable");
  await cmd("Log.enable");
  await cmd("Page.enable");
  const url = "file://" + path.resolve(site, "index.html");
  await cmd("Page.navigate", {url: url + "#p=warp_reduce_down&only=shfl"});
  if (!await waitFor("document.querySelectorAll('#framelist li').length > 0 || !document.getElementById('errors').hidden",
                     "the page ran the program"))
    return;
  const frames = await evaluate("Array.from(document.querySelectorAll('#framelist li')).map(l => l.textContent)");
  const shfl = frames.filter(t => /^\d+\. shfl\.sync\.down/.test(t));
  check(shfl.length === 5, "five shuffle frames (" + shfl.length + " of " + JSON.stringify(frames) + ")");
  check(frames.length === 6 && /result/.test(frames[5]), "then the result frame");
  const out0 = await evaluate("(document.querySelector(\".buffer[data-label='out'] span[data-index='0']\") || {}).textContent");
  check(out0 === "496", "out[0] = 496 in the buffers (" + out0 + ")");
  const cycles = await evaluate("(document.querySelector('.stat-cycles') || {}).textContent");
  check(+cycles > 0, "the cycles are shown (" + cycles + ")");
  check(await evaluate("document.querySelector('#frame .insn').textContent.startsWith('shfl.sync.down')"),
        "the first frame drawn is the first shuffle");
  check(await evaluate("document.querySelectorAll('#frame .arrow').length") === 32, "with an arrow for each of 32 lanes");

  await evaluate("document.getElementById('frame').focus()");
  for (let i = 0; i < 5; i++) await key("ArrowRight");
  const title = await evaluate("document.querySelector('#frame .insn').textContent");
  check(/^result/.test(title), "five right arrows reach the result frame (" + title + ")");
  const lane0 = await evaluate("(document.querySelector('#frame g.result[data-lane=\"0\"] title') || {}).textContent");
  check(lane0 === "lane 0: 496", "the result frame shows lane 0 = 496 (" + lane0 + ")");
  const prov = await evaluate("(document.querySelector('#frame .provenance') || {}).textContent");
  check(/lane 0: from lanes 0-31/.test(prov || ""), "and its provenance: lanes 0-31 (" + prov + ")");
  await key("ArrowLeft");
  const back = await evaluate("document.querySelector('#frame .insn').textContent");
  check(/^shfl/.test(back), "the left arrow steps back (" + back + ")");
  const hash = await evaluate("location.hash");
  check(/frame=4/.test(hash) && /p=warp_reduce_down/.test(hash) && /only=shfl/.test(hash),
        "the URL holds the program, the filter and the frame (" + hash + ")");

  await cmd("Page.navigate", {url: "about:blank"});
  await sleep(200);
  await cmd("Page.navigate", {url: url + hash});
  await waitFor("document.querySelectorAll('#framelist li.current').length === 1", "the shared URL loads");
  const again = await evaluate("document.querySelector('#framelist li.current').textContent");
  check(again === frames[4], "the shared URL comes back at frame 5 (" + again + ")");

  // pasted PTX with an unknown instruction: refused, located
  await evaluate(`(function () {
    var t = document.getElementById('ptx');
    t.value = t.value.replace('shfl.sync.down.b32', 'shfl.sync.sideways.b32');
    t.dispatchEvent(new Event('input'));
    document.getElementById('run').click();
  })()`);
  const err = await evaluate("document.getElementById('errors').hidden ? '' : document.getElementById('errors').textContent");
  check(/^kernel\.ptx:\d+:\d+: error: /.test(err), "pasted bad PTX is refused at kernel.ptx:LINE:COLUMN (" +
        err.split("\n")[0] + ")");
  const customHash = await evaluate("new Promise(r => setTimeout(() => r(location.hash), 300))");
  check(/ptx=/.test(customHash) && !/p=/.test(customHash), "the URL carries pasted PTX itself");

  // a program of viz/examples/ (web/programs_js.cmake gathers them too): the bank-conflict transpose
  const listed = await evaluate("Array.from(document.querySelectorAll('#program option')).map(o => o.value)");
  check(listed.includes("transpose_conflict") && listed.includes("transpose_padded"),
        "viz/examples' transpose pair is in the program list");
  await evaluate(`(function () {
    var s = document.getElementById('program');
    document.getElementById('only').value = 'mem';
    s.value = 'transpose_conflict';
    s.onchange();
  })()`);
  await waitFor("document.querySelectorAll('#framelist li').length > 0 || !document.getElementById('errors').hidden",
                "transpose_conflict ran");
  const t1 = await evaluate("(document.querySelector(\".buffer[data-label='out'] span[data-index='1']\") || {}).textContent");
  const conflicts = await evaluate("(document.querySelector('.stat-bank_conflicts') || {}).textContent");
  const memFrames = await evaluate("document.querySelectorAll('#framelist li.frame-step').length");
  check(t1 === "32" && +conflicts > 0 && memFrames > 0, "transpose_conflict: out[1] = in[32] = 32 (" + t1 +
        "), with bank conflicts (" + conflicts + ") and " + memFrames + " memory frames");

  // over http, then offline: the service worker (web/sw.js) serves the page with the server gone
  const server = await serve(site);
  const httpUrl = "http://127.0.0.1:" + server.address().port + "/index.html#p=warp_reduce_down&only=shfl";
  await cmd("Page.navigate", {url: httpUrl});
  if (await waitFor("navigator.serviceWorker.controller !== null", "the service worker takes the page over http")) {
    server.close();
    server.closeAllConnections();
    await cmd("Page.navigate", {url: "about:blank"});
    await sleep(200);
    await cmd("Page.navigate", {url: httpUrl});
    await waitFor("document.querySelectorAll('#framelist li').length > 0 || !document.getElementById('errors').hidden",
                  "offline, the page ran the program");
    const gone = await new Promise(r => http.get(httpUrl, () => r("answered")).on("error", e => r(e.code)));
    const offline0 = await evaluate("(document.querySelector(\".buffer[data-label='out'] span[data-index='0']\") || {}).textContent");
    const offlineShfl = await evaluate("document.querySelectorAll('#framelist li.frame-step').length");
    const controlled = await evaluate("navigator.serviceWorker.controller !== null");
    check(gone === "ECONNREFUSED" && controlled && offline0 === "496" && offlineShfl === 5,
          "with the server gone (" + gone + "), the page, served by the service worker (" + controlled +
          "), shows out[0] = 496 (" + offline0 + ") and " + offlineShfl + " shuffle frames");
  }
  server.close();

  await sleep(200);
  check(problems.length === 0, "no console errors or warnings" + (problems.length ? ":\n  " + problems.join("\n  ") : ""));
}

const timer = setTimeout(() => { check(false, "finished within 180 s"); finish(); }, 180000);
function finish() {
  clearTimeout(timer);
  if (failures.length && stderr) console.log("chromium said:\n" + stderr.slice(-2000));
  const done = () => {
    try { fs.rmSync(profile, {recursive: true, force: true}); } catch (e) { /* chromium's leftovers */ }
    process.exit(failures.length ? 1 : 0);
  };
  browser.on("exit", done);
  browser.kill();
  setTimeout(done, 5000);
}
main().catch(e => { check(false, "the driver: " + e.message); }).finally(finish);
