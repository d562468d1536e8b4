// The playground page: it loads urikit compiled to WebAssembly
// (urikit.wasm, with Go's wasm_exec.js), asks it about what is typed and
// shows the answers. Every answer is JSON made of the records that the
// urikit command prints with --json, so the page and the command line
// always agree. Text from the answers is written with textContent only,
// never as markup.
"use strict";

(function () {
  const $ = (id) => document.getElementById(id);
  const views = ["inspect", "resolve", "compare", "template"];
  const fields = { u: "input", base: "base", ref: "ref", a: "a", b: "b", t: "tpl", vars: "vars", tu: "turi" };
  const defaults = {
    u: "foo://user@example.com:8042/over/there?name=ferret#nose",
    base: "http://a/b/c/d;p?q",
    ref: "../g?x#s",
    a: "HTTP://Example.COM:80/%7Euser/./index",
    b: "http://example.com/~user/index",
    t: "https://example.com/users/{user}/repos{?sort,tags*}",
    vars: '{"user": "ana", "sort": "updated", "tags": ["go", "uri templates"]}',
    tu: "https://example.com/users/bo/repos?sort=name&tags=a&tags=b",
  };
  let view = "inspect";
  let ready = false;
  let answered = false;

  // el builds an element with a class and a text (never markup).
  function el(tag, cls, text) {
    const e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined && text !== null) e.textContent = text;
    return e;
  }

  // pieces renders the pieces of an answer (the text as shown, cut by
  // component) into the element out.
  function pieces(out, list) {
    out.replaceChildren();
    for (const p of list || []) {
      const cls = p.c === null ? "delim" : "c-" + p.c;
      const s = el("span", cls, p.t);
      if (p.c !== null && p.c !== "error" && p.c !== "rest") s.title = p.c;
      out.append(s);
    }
  }

  // visible escapes what would not show as itself: control characters,
  // the line and paragraph separators and the bidirectional formatting
  // characters, which could reorder what is around them (a decoded amqp
  // vhost may hold any of them). The pieces come escaped from urikit.
  function visible(s) {
    return s.replace(/[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069\\]/g, (c) =>
      c === "\\" ? "\\\\" : "\\u" + c.charCodeAt(0).toString(16).padStart(4, "0"));
  }

  // value writes a value into a cell: null is absent, "" is empty, and
  // each looks different from the other and from a value; a string is
  // shown quoted, a number, a boolean or a list as it is.
  function value(td, v) {
    td.replaceChildren();
    if (typeof v === "number" || typeof v === "boolean") {
      td.append(el("span", "text", String(v)));
      td.dataset.state = "present";
    } else if (Array.isArray(v)) {
      // A list of parameters ({"name", "value"}) or of strings.
      const items = v.map((x) => typeof x === "object" && x !== null && "name" in x
        ? (x.value === null ? x.name : x.name + "=" + x.value) : String(x));
      td.append(el("span", "text", visible(items.length ? items.join(", ") : "none")));
      td.dataset.state = "present";
    } else if (v === null || v === undefined) {
      td.append(el("span", "state absent", "absent"));
      td.dataset.state = "absent";
    } else if (v === "") {
      td.append(el("span", "quote", '""'), el("span", "state empty", "empty"));
      td.dataset.state = "empty";
    } else {
      td.append(el("span", "quote", "\u201c"), el("span", "text", visible(v)), el("span", "quote", "\u201d"));
      td.dataset.state = "present";
    }
  }

  // row appends a row of name and value to a table body.
  function row(tbody, name, v, attr) {
    const tr = el("tr");
    tr.dataset[attr] = name;
    tr.append(el("th", null, name));
    const td = el("td", "value");
    value(td, v);
    tr.append(td);
    tbody.append(tr);
    return tr;
  }

  // findings fills a list with lint findings or warnings.
  function findings(ul, list, none) {
    ul.replaceChildren();
    for (const f of list || []) {
      const li = el("li");
      li.dataset.code = f.code;
      li.append(el("code", "code", f.code));
      if (f.component) li.append(el("span", "where", " " + f.component + " at offset " + f.offset + ": "));
      else li.append(el("span", "where", " at offset " + f.offset + ": "));
      li.append(el("span", "message", visible(f.message)));
      ul.append(li);
    }
    if (none && ul.children.length === 0) ul.append(el("li", "none", none));
  }

  // errorText is an error record as one line.
  function errorText(e) {
    let s = "";
    if (e.input) s += e.input + ": ";
    if (e.field) s += e.field + ": ";
    if (e.component !== null && e.component !== undefined) s += e.component + " at offset " + e.offset + ": ";
    s += e.reason;
    if (e.hint) s += " (hint: " + e.hint + ")";
    return s;
  }

  function showError(p, e) {
    p.hidden = !e;
    p.textContent = e ? errorText(e) : "";
  }

  const componentNames = ["scheme", "userinfo", "host", "port", "path", "query", "fragment"];

  function renderInspect() {
    const ans = JSON.parse(globalThis.urikit.inspect($("input").value));
    const rec = ans.parse;
    pieces($("coloured"), rec.valid ? ans.pieces : []);
    $("coloured").hidden = !rec.valid;
    const err = $("error");
    err.hidden = rec.valid;
    // A hidden part is emptied too: it must not keep an earlier input.
    for (const id of ["error-reason", "caret", "error-hint"]) $(id).replaceChildren();
    if (!rec.valid) {
      $("error-reason").textContent =
        (rec.error.component ? rec.error.component + " at offset " + rec.error.offset + ": " : "") + rec.error.reason;
      // The caret sits under the bad byte: a second line holds the text
      // before it, invisible, so the caret lines up in any font.
      const caret = $("caret");
      pieces(caret, ans.pieces);
      const before = ans.pieces.filter((p) => p.c !== "error" && p.c !== "rest").map((p) => p.t).join("");
      caret.append("\n", el("span", "ghost", before), el("span", "caret-mark", "^"));
      $("error-hint").textContent = rec.error.hint ? "Hint: " + rec.error.hint : "";
    }
    $("scheme-error").hidden = !rec.scheme_error;
    $("scheme-error-reason").textContent = rec.scheme_error ? errorText(rec.scheme_error) : "";
    findings($("warnings"), rec.warnings);

    const tbody = $("components").tBodies[0];
    tbody.replaceChildren();
    if (!rec.valid) {
      const tr = el("tr", "not-parsed");
      const td = el("td", null, "No components: the input is not a URI reference.");
      td.colSpan = 2;
      tr.append(td);
      tbody.append(tr);
    }
    for (const name of rec.valid ? componentNames : []) {
      const tr = row(tbody, name, rec[name], "component");
      if (name === "host") {
        const kind = el("span", "host-kind", rec.host_kind || "");
        kind.id = "host-kind";
        tr.cells[1].append(kind);
      }
    }

    for (const [level, r] of [["syntax", ans.syntax], ["scheme", ans.scheme]]) {
      const td = $("normal").querySelector('tr[data-level="' + level + '"] td');
      td.replaceChildren();
      if (r.error) td.append(el("span", "error", errorText(r.error)));
      else td.append(el("span", "text", r.output));
    }

    const lints = ans.lint.findings || [];
    findings($("lints"), lints, "none");

    const amqp = ans.amqp;
    $("amqp").hidden = !amqp;
    const spec = $("amqp-spec").tBodies[0];
    const cfg = $("amqp-config").tBodies[0];
    spec.replaceChildren();
    cfg.replaceChildren();
    showError($("amqp-error"), amqp && amqp.error);
    if (amqp) {
      for (const name of ["username", "password", "host", "port", "vhost"]) {
        row(spec, name, amqp[name], "field");
      }
      $("amqp-no-config").hidden = !!amqp.config || !amqp.valid;
      if (amqp.config) {
        for (const [k, v] of Object.entries(amqp.config)) row(cfg, k, v, "field");
      }
    }
  }

  function renderResolve() {
    const ans = JSON.parse(globalThis.urikit.resolve($("base").value, $("ref").value));
    const rec = ans.resolve;
    const target = $("target");
    pieces(target, ans.pieces);
    target.hidden = !ans.pieces;
    showError($("resolve-error"), rec.error);
    findings($("resolve-warnings"), rec.warnings);
  }

  function renderCompare() {
    const ans = JSON.parse(globalThis.urikit.compare($("a").value, $("b").value));
    const eq = ans.equiv;
    showError($("compare-error"), eq.error);
    findings($("compare-warnings"), eq.warnings);
    const decides = eq.error ? null : eq.rung;
    for (const r of ans.rungs) {
      const tr = $("ladder").querySelector('tr[data-rung="' + r.rung + '"]');
      const a = r.a ? r.a.output : r.equiv.a;
      const b = r.b ? r.b.output : r.equiv.b;
      tr.querySelector(".a").textContent = visible(a === null || a === undefined ? "" : a);
      tr.querySelector(".b").textContent = visible(b === null || b === undefined ? "" : b);
      const cell = tr.querySelector(".equal");
      let verdict = r.equiv.error ? "–" : r.equiv.equal ? "equal" : "different";
      if (verdict === "different" && a === b) verdict = "different (under the mask)";
      cell.textContent = verdict;
      tr.dataset.equal = r.equiv.error ? "" : String(r.equiv.equal);
      tr.classList.toggle("decides", r.rung === decides);
    }
    const verdict = $("verdict");
    if (eq.error) verdict.textContent = "Not compared: both must be URIs.";
    else if (decides) verdict.textContent = "Equal from the " + decides + " rung up: that rung decides.";
    else verdict.textContent = "Different at every rung.";
    verdict.dataset.rung = decides || "";
  }

  // orderedJSON reads JSON text as JSON.parse does, except that an
  // object is {pairs: [[name, value], ...]} in the order of the text, a
  // name that comes twice included: JSON.parse keeps one of them, and
  // Object.entries puts integer-like names first.
  function orderedJSON(text) {
    let i = 0;
    const scalar = /[^,\]}\s]+/y;
    const space = () => {
      while (i < text.length && " \t\n\r".includes(text[i])) i++;
    };
    const str = () => {
      const start = i++;
      while (text[i] !== '"') i += text[i] === "\\" ? 2 : 1;
      i++;
      return JSON.parse(text.slice(start, i));
    };
    const val = () => {
      space();
      const c = text[i];
      if (c === "{" || c === "[") {
        i++;
        const items = [];
        space();
        if (text[i] === (c === "{" ? "}" : "]")) i++;
        else for (;;) {
          space();
          if (c === "{") {
            const k = str();
            space();
            i++; // ":"
            items.push([k, val()]);
          } else items.push(val());
          space();
          if (text[i++] !== ",") break;
        }
        return c === "{" ? { pairs: items } : items;
      }
      if (c === '"') return str();
      scalar.lastIndex = i;
      const m = scalar.exec(text);
      i += m[0].length;
      return JSON.parse(m[0]);
    };
    return val();
  }

  // member returns the value of the member name of an object that
  // orderedJSON read, or undefined.
  function member(obj, name) {
    const p = obj && obj.pairs && obj.pairs.find(([k]) => k === name);
    return p && p[1];
  }

  // byteText shows a byte that is not part of valid UTF-8 in a string of
  // a template's variable, which urikit writes as a lone surrogate
  // \udc80-\udcff, as \xNN: in text that visible escaped, where a
  // backslash of the text stands as two.
  function byteText(s) {
    return s.replace(/(?<![\ud800-\udbff])[\udc80-\udcff]/g, (c) => "\\x" + (c.charCodeAt(0) & 0xff).toString(16).padStart(2, "0"));
  }

  function renderTemplate() {
    const text = globalThis.urikit.template($("tpl").value, $("vars").value, $("turi").value);
    const ans = JSON.parse(text);
    const exp = ans.expand;
    const out = $("expansion");
    out.replaceChildren();
    if (exp && exp.output !== null) out.append(el("span", "text", visible(exp.output)));
    out.hidden = !(exp && exp.output !== null);
    showError($("template-error"), ans.vars_error || (exp && exp.error));
    showError($("matchable-error"), ans.matchable);
    const m = ans.match;
    showError($("match-error"), m && m.error);
    const tbody = $("matched").tBodies[0];
    tbody.replaceChildren();
    if (m && m.output) {
      // The variables and the pairs of an associative array in the
      // order of the record's text, a name that comes twice included.
      const output = member(member(orderedJSON(text), "match"), "output");
      for (const [k, v] of output.pairs) {
        const shown = v !== null && typeof v === "object" && !Array.isArray(v)
          ? v.pairs.map(([pk, pv]) => pk + "=" + pv) : v;
        const tr = row(tbody, byteText(k), shown, "variable");
        // After visible, which writes a backslash as two.
        for (const t of tr.querySelectorAll(".text")) t.textContent = byteText(t.textContent);
      }
    }
  }

  // cover shows, over a field that is not being edited, its text with the
  // passwords masked (urikit's mask): a password is seen only while it is
  // typed. Until urikit is loaded, a field's text is hidden.
  function cover(input) {
    const wrap = input.parentElement;
    const masked = ready ? maskField(input.id, input.value) : input.value;
    const hide = ready && masked !== input.value && document.activeElement !== input;
    wrap.querySelector(".cover").textContent = hide ? masked : "";
    wrap.classList.toggle("masking", hide);
    wrap.classList.toggle("pending", !ready);
  }

  // maskField masks the text of the field id: a URI Template only in its
  // literals (it is not a URI: its expressions stay as written), the
  // variables (JSON) in the strings below a credential name and the URIs
  // in the others, any other field as a URI.
  function maskField(id, text) {
    if (id === fields.t) return globalThis.urikit.maskTemplate(text);
    if (id === fields.vars) return globalThis.urikit.maskVars(text);
    return globalThis.urikit.mask(text);
  }

  function coverAll() {
    for (const id of Object.values(fields)) cover($(id));
  }

  // save writes the state into the address fragment, each field masked by
  // urikit first: the address never holds a password, not even one being
  // typed before its "@".
  function save() {
    const q = new URLSearchParams();
    q.set("view", view);
    for (const [k, id] of Object.entries(fields)) q.set(k, maskField(id, $(id).value));
    history.replaceState(null, "", "#" + q.toString());
  }

  // load reads the state from the address fragment. The address never
  // holds a password, so a field that comes from it with a mask in it is
  // not what was typed: the page says so, since the answers may differ
  // (two passwords that differed now compare equal).
  function load() {
    const q = new URLSearchParams(location.hash.replace(/^#/, ""));
    let masked = false;
    for (const [k, id] of Object.entries(fields)) {
      $(id).value = q.has(k) ? q.get(k) : defaults[k];
      masked = masked || (q.has(k) && q.get(k).includes("xxxxx"));
    }
    $("shared-note").hidden = !masked;
    const v = q.get("view");
    show(views.includes(v) ? v : "inspect");
  }

  function show(v) {
    view = v;
    for (const name of views) {
      $("view-" + name).hidden = name !== v;
      $("tab-" + name).setAttribute("aria-selected", String(name === v));
    }
    document.body.dataset.view = v;
  }

  function update() {
    if (!ready) return;
    try {
      if (view === "inspect") renderInspect();
      else if (view === "resolve") renderResolve();
      else if (view === "template") renderTemplate();
      else renderCompare();
      save();
      coverAll();
      $("status").textContent = "";
    } catch (e) {
      $("status").textContent = "urikit failed: " + e;
      return;
    }
    document.body.dataset.answers = String(Number(document.body.dataset.answers || "0") + 1);
    if (!answered) {
      answered = true;
      const ms = performance.now();
      globalThis.urikitFirstAnswerMs = ms;
      const entry = performance.getEntriesByName(new URL("urikit.wasm", location.href).href)[0];
      let size = "";
      if (entry && entry.decodedBodySize) {
        const cached = entry.transferSize < entry.encodedBodySize;
        size = " (module " + (entry.decodedBodySize / 1048576).toFixed(1) + " MB, " +
          (entry.encodedBodySize / 1048576).toFixed(1) + " MB compressed" + (cached ? ", from the cache)" : ")");
      }
      $("timing").textContent = "First answer " + Math.round(ms) + " ms after the page started loading" + size + ".";
    }
  }

  for (const id of Object.values(fields)) {
    const input = $(id);
    const wrap = el("div", "field");
    input.replaceWith(wrap);
    const c = el("div", "cover");
    c.setAttribute("aria-hidden", "true");
    wrap.append(input, c);
    input.addEventListener("input", update);
    input.addEventListener("focus", () => cover(input));
    input.addEventListener("blur", () => cover(input));
  }
  for (const name of views) {
    $("tab-" + name).addEventListener("click", () => { show(name); update(); });
  }
  window.addEventListener("hashchange", () => { load(); update(); });
  load();
  coverAll();

  globalThis.urikitReady = () => {
    ready = true;
    document.body.dataset.ready = "true";
    update();
  };
  const go = new Go();
  WebAssembly.instantiateStreaming(fetch("urikit.wasm"), go.importObject)
    .then((result) => { go.run(result.instance); })
    .catch((e) => {
      $("status").textContent = "Could not load urikit: " + e;
      // The fields show what they hold: nothing can mask it without urikit.
      for (const id of Object.values(fields)) $(id).parentElement.classList.remove("pending");
    });
})();
