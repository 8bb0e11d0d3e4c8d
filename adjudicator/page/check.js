// The README's "Trust without our code", in the browser: each line's canonical form and its members,
// the hash chain, the first event, the epoch-secret chain and every roll whose secret is revealed.
// Each check is the README program's, in its order, so the first failure it names is the one that
// program names; SHA-256 and HMAC are the browser's own (WebCrypto). The rules are not re-run here.
"use strict";
const AdjudicatorCheck = (function () {
  const subtle = crypto.subtle;
  const utf8 = new TextEncoder();
  const ENVELOPE = [["game", "str"], ["seq", "int"], ["actor", "str"], ["turn", "int"], ["phase", "str"],
    ["epoch", "int"], ["action", "dict"], ["rolls", "list"], ["prev", "str"], ["hash", "str"]];
  const ROLL = [["purpose", "str"], ["expr", "str"], ["dice", "list"], ["side", "str"]];
  const TYPES = { string: "str", integer: "int", number: "float", boolean: "bool", object: "dict", array: "list" };
  const EXPR = /^([1-9][0-9]*)d([1-9][0-9]*)(z?)([+-][1-9][0-9]*)?$/;
  const HEX64 = /^[0-9a-f]{64}$/;
  const HASH_MEMBER = utf8.encode(',"hash":"');
  const BATCH = 8192;  // digests asked of the browser at once

  const laps = {};  // milliseconds each part of the last check took (the benchmark prints them)
  let lapStart = 0;
  const lap = (part) => { const now = performance.now(); laps[part] = now - lapStart; lapStart = now; };

  class Fail extends Error {}
  class Float {  // a JSON number with a fraction, apart from an integer as Python's json keeps it
    constructor(value, text) { this.value = value; this.text = text; }
  }
  const refuse = (why) => { throw new Fail(why); };

  function kind(v) {
    if (typeof v === "string") return "str";
    if (typeof v === "number" || typeof v === "bigint") return "int";
    if (typeof v === "boolean") return "bool";
    if (v === null) return "null";
    if (v instanceof Float) return "float";
    if (v instanceof Map) return "dict";
    if (Array.isArray(v)) return "list";
    return "?";
  }

  // -- the canonical form: a reader that accepts a line only as Python's json.dumps(value,
  // ensure_ascii=False, separators=(",", ":")) writes it; numbers as the README says -----------------
  const SHORT = { '"': '"', "\\": "\\", b: "\b", f: "\f", n: "\n", r: "\r", t: "\t" };
  const SHORT_OF = { "\b": "b", "\f": "f", "\n": "n", "\r": "r", "\t": "t" };
  const INT = /^-?(0|[1-9][0-9]*)$/;
  const PLAIN = /[^"\\\x00-\x1f]*/y;  // characters a string holds as they are
  const FLOAT = /^-?(0|[1-9][0-9]*)\.[0-9]+$/;

  function floatText(x) {  // Python's repr of a float a log may hold, or null (it needs an exponent)
    if (!Number.isFinite(x)) return null;
    if (x === 0) return Object.is(x, -0) ? "-0.0" : "0.0";
    const size = Math.abs(x);
    if (size < 1e-4 || size >= 1e16) return null;
    const t = String(x);  // the shortest text that reads back to x, as repr's digits
    return t.includes(".") ? t : t + ".0";
  }

  const DEEPEST = 990;  // Python's json, under its recursion limit of 1000, reads no deeper nesting

  // The reader's state: the line, the place in it and the nesting there (one line is read at a time).
  let text = "", at = 0, depth = 0;

  function parse(line) {
    text = line;
    at = 0;
    depth = 0;
    if (text.charCodeAt(0) !== 123) refuse("not canonical (a line is one JSON object)");
    const v = value();
    if (at !== text.length) refuse("not canonical (something after the event at character " + at + ")");
    return v;
  }

  function value() {
    const c = text.charCodeAt(at);
    if (c === 34) return string();  // "
    if (c === 123) return object();  // {
    if (c === 91) return array();  // [
    if (text.startsWith("true", at)) { at += 4; return true; }
    if (text.startsWith("false", at)) { at += 5; return false; }
    if (text.startsWith("null", at)) { at += 4; return null; }
    return number();
  }
  function object() {
    const out = new Map();
    at++;
    if (++depth > DEEPEST) refuse(`nested deeper than ${DEEPEST} levels`);
    if (text[at] === "}") { at++; depth--; return out; }
    for (;;) {
      if (text[at] !== '"') refuse("not canonical (a member name expected at character " + at + ")");
      const key = string();
      if (text[at] !== ":") refuse("not canonical (':' expected at character " + at + ")");
      at++;
      if (out.has(key)) refuse("a member is repeated");
      out.set(key, value());
      if (text[at] === ",") { at++; continue; }
      if (text[at] === "}") { at++; depth--; return out; }
      refuse("not canonical (',' or '}' expected at character " + at + ")");
    }
  }
  function array() {
    const out = [];
    at++;
    if (++depth > DEEPEST) refuse(`nested deeper than ${DEEPEST} levels`);
    if (text[at] === "]") { at++; depth--; return out; }
    for (;;) {
      out.push(value());
      if (text[at] === ",") { at++; continue; }
      if (text[at] === "]") { at++; depth--; return out; }
      refuse("not canonical (',' or ']' expected at character " + at + ")");
    }
  }
  function string() {
    let out = "", from = ++at;
    for (;;) {
      PLAIN.lastIndex = at;  // skip what stands as it is, at once
      PLAIN.test(text);
      at = PLAIN.lastIndex;
      const c = text.charCodeAt(at);
      if (c === 34) { out += text.slice(from, at); at++; return out; }  // "
      if (Number.isNaN(c)) refuse("a string is not closed");
      if (c < 0x20) refuse("not canonical (a raw control character in a string)");
      if (c !== 92) { at++; continue; }  // backslash: an escape
      out += text.slice(from, at);
      const e = text[at + 1];
      if (e in SHORT) { out += SHORT[e]; at += 2; }
      else if (e === "u" && /^00[01][0-9a-f]$/.test(text.slice(at + 2, at + 6))) {
        const ch = String.fromCharCode(parseInt(text.slice(at + 2, at + 6), 16));
        if (ch in SHORT_OF) refuse("not canonical (\\u" + text.slice(at + 2, at + 6) + " is written \\" + SHORT_OF[ch] + ")");
        out += ch;
        at += 6;
      } else refuse("not canonical (an escape canonical JSON does not write: \\" + text.slice(at + 1, at + 6) + ")");
      from = at;
    }
  }
  function number() {
    const from = at;
    if (text.charCodeAt(at) === 45) at++;  // -
    if (!(text.charCodeAt(at) >= 48 && text.charCodeAt(at) <= 57)) refuse("not JSON at character " + from);
    for (;;) {  // digits, and what a fraction or an exponent may hold
      const c = text.charCodeAt(at);
      if ((c >= 48 && c <= 57) || c === 46 || c === 101 || c === 69 || c === 43 || c === 45) at++;
      else break;
    }
    const written = text.slice(from, at);
    if (INT.test(written)) {
      if (written === "-0") refuse("not canonical (-0)");
      // Python reads no integer of more than 4300 digits (sys.int_info.default_max_str_digits)
      if (written.length - (written[0] === "-") > 4300) refuse("an integer of more than 4300 digits");
      return written.length < 16 ? Number(written) : BigInt(written);
    }
    if (/[eE]/.test(written)) refuse(written + " has an exponent");
    if (!FLOAT.test(written)) refuse("not JSON: " + written);
    const x = Number(written);
    if (floatText(x) !== written) refuse("not canonical (the float " + written + ")");
    return new Float(x, written);
  }

  function dumpsSorted(v) {  // json.dumps(v, ensure_ascii=False, separators=(",", ":"), sort_keys=True)
    switch (kind(v)) {
      case "str": return quote(v);
      case "int": return String(v);
      case "float": return v.text;
      case "bool": return v ? "true" : "false";
      case "null": return "null";
      case "list": return "[" + v.map(dumpsSorted).join(",") + "]";
      default: {
        const keys = [...v.keys()].sort(byCodePoint);
        return "{" + keys.map((k) => quote(k) + ":" + dumpsSorted(v.get(k))).join(",") + "}";
      }
    }
  }
  function quote(s) {
    return '"' + s.replace(/["\\\u0000-\u001f]/g, (c) => c === '"' ? '\\"' : c === "\\" ? "\\\\"
      : c in SHORT_OF ? "\\" + SHORT_OF[c] : "\\u" + c.charCodeAt(0).toString(16).padStart(4, "0")) + '"';
  }
  function byCodePoint(a, b) {  // Python orders strings by code point, JavaScript by UTF-16 unit
    const x = [...a], y = [...b];
    for (let k = 0; k < Math.min(x.length, y.length); k++) {
      const d = x[k].codePointAt(0) - y[k].codePointAt(0);
      if (d) return d;
    }
    return x.length - y.length;
  }

  // -- members: the envelope's, a roll's, and each action's as the schema gives them -----------------
  function read(text) {
    const event = parse(text);
    const keys = [...event.keys()];
    if (keys.length !== ENVELOPE.length || ENVELOPE.some(([k, t], n) => keys[n] !== k || kind(event.get(k)) !== t)) {
      refuse("members");
    }
    if ([...event.get("action").keys()][0] !== "type") refuse("the action's first member is not type");
    for (const roll of event.get("rolls")) {
      if (!(roll instanceof Map) || [...roll.keys()].join() !== ROLL.map(([k]) => k).join()) refuse("roll members");
      if (ROLL.some(([k, t]) => kind(roll.get(k)) !== t) || roll.get("dice").some((d) => kind(d) !== "int")) {
        refuse("roll members");
      }
    }
    return event;
  }

  const REFS = new WeakMap();  // for each schema's $defs: "#/$defs/NAME" -> its definition, looked up once
  const defOf = (ref, defs) => {
    let found = REFS.get(defs);
    if (found === undefined) REFS.set(defs, found = new Map());
    let def = found.get(ref);
    if (def === undefined) found.set(ref, def = defs[ref.split("/").pop()]);
    return def;
  };

  // The schema as one test per definition, made once: a value conforms to a spec as the README's
  // program's conforms() says ($ref, discriminator, anyOf, enum, properties, prefixItems, array, type,
  // asked in that order), without the spec looked over again for every event
  const COMPILED = new WeakMap();
  function compiled(spec, defs) {
    let test = COMPILED.get(spec);
    if (test !== undefined) return test;
    COMPILED.set(spec, (v) => test(v));  // a reference to itself, through a definition, is met by this
    test = compile(spec, defs);
    COMPILED.set(spec, test);
    return test;
  }
  function compile(spec, defs) {
    if ("$ref" in spec) return compiled(defOf(spec.$ref, defs), defs);
    if ("discriminator" in spec) {
      const mapping = spec.discriminator.mapping, tests = new Map();
      for (const type of Object.keys(mapping)) tests.set(type, compiled(defOf(mapping[type], defs), defs));
      return (v) => {
        const type = v instanceof Map ? v.get("type") : undefined, test = typeof type === "string" ? tests.get(type) : undefined;
        return test !== undefined && test(v);
      };
    }
    if ("anyOf" in spec) {
      const tests = spec.anyOf.map((s) => compiled(s, defs));
      return (v) => tests.some((t) => t(v));
    }
    if ("enum" in spec) return (v) => spec.enum.some((e) => e === v);
    if ("properties" in spec) {
      const names = Object.keys(spec.properties), tests = names.map((k) => compiled(spec.properties[k], defs));
      return (v) => v instanceof Map && members(v, names, tests, 0);
    }
    if ("prefixItems" in spec) {
      const tests = spec.prefixItems.map((s) => compiled(s, defs));
      return (v) => Array.isArray(v) && v.length === tests.length && v.every((x, n) => tests[n](x));
    }
    if (spec.type === "array") {
      const item = compiled(spec.items, defs);
      return (v) => Array.isArray(v) && v.every(item);
    }
    const want = TYPES[spec.type];
    return want === undefined ? () => true : (v) => kind(v) === want;
  }
  function members(map, names, tests, extra) {  // a Map's members but the last `extra`: these names, in order
    if (map.size !== names.length + extra) return false;
    let n = 0;
    for (const [k, v] of map) {
      if (n === names.length) break;
      if (k !== names[n] || !tests[n](v)) return false;
      n++;
    }
    return true;
  }
  function eventTest(schema) {  // the schema's Event, on an event whose last member is its hash
    const spec = schema.$defs.Event, names = Object.keys(spec.properties);
    const tests = names.map((k) => compiled(spec.properties[k], schema.$defs));
    return (event) => members(event, names, tests, 1);
  }

  // -- crypto ---------------------------------------------------------------------------------------
  const HEX_VALUE = new Uint8Array(128);
  for (let k = 0; k < 16; k++) HEX_VALUE["0123456789abcdef".charCodeAt(k)] = k;
  const EVENT_DOMAIN = utf8.encode("adj-ev1\0"), GENESIS = "0".repeat(64);
  const sameBytes = (a, b) => {
    if (a.length !== b.length) return false;
    for (let k = 0; k < a.length; k++) if (a[k] !== b[k]) return false;
    return true;
  };
  const hex = (bytes) => Array.from(new Uint8Array(bytes), (b) => b.toString(16).padStart(2, "0")).join("");
  const unhex = (h) => {  // 64 lowercase hex digits (HEX64) as 32 bytes
    const out = new Uint8Array(h.length >> 1);
    for (let k = 0; k < out.length; k++) out[k] = HEX_VALUE[h.charCodeAt(2 * k)] << 4 | HEX_VALUE[h.charCodeAt(2 * k + 1)];
    return out;
  };
  const sha256 = (bytes) => subtle.digest("SHA-256", bytes);
  const concat = (...parts) => {
    const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
    let at = 0;
    for (const p of parts) { out.set(p, at); at += p.length; }
    return out;
  };
  async function inBatches(items, work) {  // work(item) for every item, BATCH of them in flight at once
    const out = new Array(items.length);
    for (let k = 0; k < items.length; k += BATCH) {
      const done = await Promise.all(items.slice(k, k + BATCH).map(work));
      for (let j = 0; j < done.length; j++) out[k + j] = done[j];
    }
    return out;
  }

  // -- the lines ------------------------------------------------------------------------------------
  function splitLines(bytes) {  // LF or CRLF; the last line's end may be missing
    const lines = [];
    let from = 0;
    for (;;) {
      const at = bytes.indexOf(10, from);
      const end = at < 0 ? bytes.length : at;
      lines.push(bytes.subarray(from, at > from && bytes[at - 1] === 13 ? at - 1 : end));  // a CR ends a line only before LF
      if (at < 0) break;
      from = at + 1;
    }
    if (lines[lines.length - 1].length === 0) lines.pop();
    return lines;
  }

  function decodeLines(lines) {  // each line's text, or null where it is not UTF-8
    const fatal = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });
    return lines.map((line) => { try { return fatal.decode(line); } catch (e) { return null; } });
  }

  async function checkLines(lines, schema) {
    const texts = decodeLines(lines), events = [], conformsEvent = schema ? eventTest(schema) : () => true;
    let bad = null;  // the first line that is not an event: [n, why]
    for (let n = 0; n < lines.length && bad === null; n++) {
      try {
        if (texts[n] === null) refuse("not UTF-8");
        const event = read(texts[n]);  // its last member is the hash, which the schema's Event leaves out
        if (!conformsEvent(event)) refuse("the members differ from the schema");
        events.push(event);
      } catch (e) {
        if (!(e instanceof Fail)) throw e;
        bad = [n + 1, e.message];
      }
    }
    lap("read");
    // each line's digest over the hash the line before states: where that one is wrong, the check stops there
    const stated = events.map((e) => HEX64.test(e.get("hash")) ? unhex(e.get("hash")) : null);
    const digests = await inBatches(events.map((_, n) => n), (n) => {
      const line = lines[n], cut = Math.max(line.length - 75, 0), msg = new Uint8Array(40 + cut + 1);
      msg.set(EVENT_DOMAIN);
      if (n) msg.set(stated[n - 1] || new Uint8Array(32), 8);
      msg.set(line.subarray(0, cut), 40);
      msg[40 + cut] = 125;  // the body is the line with its hash member cut off and "}" put back
      return sha256(msg);
    });
    lap("hash");
    let prev = GENESIS;
    for (let n = 0; n < events.length; n++) {
      const line = lines[n], event = events[n], digest = new Uint8Array(digests[n]), want = stated[n];
      const suffix = line.subarray(Math.max(line.length - 75, 0), Math.max(line.length - 66, 0));
      if (!sameBytes(suffix, HASH_MEMBER) || want === null || !sameBytes(digest, want)) {
        refuse(`seq ${n + 1}: bad hash (the line or one before it was changed)`);
      }
      if (Number(event.get("seq")) !== n + 1 || event.get("prev") !== prev) refuse(`seq ${n + 1}: out of order`);
      prev = event.get("hash");  // the digest just computed, in hex
    }
    lap("chain");
    if (bad !== null) refuse(`seq ${bad[0]}: ${bad[1]}`);
    if (!events.length) refuse("the log is empty");
    return [events, prev];
  }

  // -- the first event, the reveals, the rolls --------------------------------------------------------
  async function checkCreated(first) {
    const created = first.get("action");
    if (created.get("type") !== "game-created") refuse("seq 1: the game is not created");
    const marks = ["actor", "turn", "phase", "epoch"].map((k) => first.get(k));
    if (marks[0] !== "referee" || Number(marks[1]) !== 0 || marks[2] !== "setup" || Number(marks[3]) !== 0
      || first.get("rolls").length) {
      refuse("seq 1: the game is created by the referee at turn 0, phase setup, epoch 0, with no rolls");
    }
    const data = utf8.encode(dumpsSorted(created.get("data")));
    if (hex(await sha256(data)) !== created.get("data_digest")) refuse("seq 1: data_digest");
    const dice = created.get("dice"), mode = dice.get("mode"), epochs = Number(dice.get("epochs")), anchor = dice.get("anchor");
    const committed = mode === "committed";
    if (!(epochs >= 1 && (committed ? HEX64.test(anchor) : mode === "reported" && anchor === ""))) refuse("seq 1: dice");
    return { game: first.get("game"), committed, epochs, anchor };
  }

  async function checkReveals(events, dice) {  // the secret of every epoch revealed: Map epoch -> bytes
    const claims = [];  // [seq, epoch, secret, the epoch and secret it must hash down to]
    let top = [0, dice.anchor], bad = null;
    for (const e of events) {
      const a = e.get("action");
      if (a.get("type") !== "secret-revealed") continue;
      const k = Number(a.get("epoch")), s = a.get("secret");
      if (!(dice.committed && top[0] < k && k <= dice.epochs && HEX64.test(s))) {
        bad = `seq ${e.get("seq")}: a reveal must be of an epoch above the last revealed one, and at most N`;
        break;
      }
      claims.push([e.get("seq"), k, s, top]);
      top = [k, s];
    }
    const keys = new Map();
    const chains = await Promise.all(claims.map(async ([, k, s, [j]]) => {  // s_k, s_{k-1}, ..., s_j
      const chain = [unhex(s)];
      for (let m = k; m > j; m--) chain.push(new Uint8Array(await sha256(chain[chain.length - 1])));
      return chain;
    }));
    claims.forEach(([seq, k, , [, below]], c) => {
      const chain = chains[c];
      if (hex(chain[chain.length - 1]) !== below) refuse(`seq ${seq}: secret not on the committed chain`);
      for (let m = 0; m < chain.length - 1; m++) keys.set(k - m, chain[m]);
    });
    if (bad !== null) refuse(bad);
    return keys;
  }

  async function checkRolls(events, dice, secrets) {
    const game = utf8.encode(dice.game), keys = new Map(), tasks = [];
    let seeds = utf8.encode("adj-mix1\0"), mix = null, bad = null;  // mix: sha256 of the seeds so far, once asked
    const keyOf = (epoch) => {
      if (!keys.has(epoch)) {
        keys.set(epoch, subtle.importKey("raw", secrets.get(epoch), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]));
      }
      return keys.get(epoch);
    };
    scan: for (const e of events) {
      const a = e.get("action"), seq = e.get("seq"), epoch = Number(e.get("epoch"));
      if (a.get("type") === "seed") {
        seeds = concat(seeds, utf8.encode(a.get("player")), [0], utf8.encode(a.get("seed")), [0]);
        mix = null;
      }
      const rolls = e.get("rolls");
      for (let i = 0; i < rolls.length; i++) {
        const r = rolls[i], m = EXPR.exec(r.get("expr")), diceOf = r.get("dice");
        if (!(m && 1 <= Number(m[1]) && Number(m[1]) <= 100 && 2 <= Number(m[2]) && Number(m[2]) <= 1000)) {
          bad = `seq ${seq}: roll ${i}: expr`;
          break scan;
        }
        const count = Number(m[1]), faces = Number(m[2]), low = m[3] ? 0 : 1;
        if (diceOf.length !== count || !diceOf.every((d) => low <= d && d < low + faces)) {
          bad = `seq ${seq}: roll ${i}: impossible dice`;
          break scan;
        }
        if (dice.committed && !(1 <= epoch && epoch <= dice.epochs)) {
          bad = `seq ${seq}: a roll outside the chain`;
          break scan;
        }
        if (!secrets.has(epoch)) continue;
        if (mix === null) mix = new Uint8Array(await sha256(seeds));
        keyOf(epoch);
        tasks.push({ seq, i, count, faces, low, dice: diceOf.map(Number), epoch, key: null, mix });
      }
    }
    lap("rolls");
    for (const [epoch, key] of keys) keys.set(epoch, await key);
    for (const t of tasks) t.key = keys.get(t.epoch);
    const derived = await derive(tasks, game);
    lap("hmac");
    tasks.forEach((t, n) => {
      if (derived[n].some((d, k) => d !== t.dice[k])) refuse(`seq ${t.seq}: roll ${t.i} does not match`);
    });
    if (bad !== null) refuse(bad);
    return tasks.length;
  }

  // The faces of each roll: HMAC blocks read as 32-bit words, rejection-sampled. Every roll's first
  // block is asked at once; the few rolls it does not finish (9 dice or more, a rejected word) ask theirs.
  async function derive(tasks, game) {
    const prefixes = new Map();  // the message's start, for each mix
    const messages = tasks.map((t) => {
      let prefix = prefixes.get(t.mix);
      if (prefix === undefined) prefixes.set(t.mix, prefix = concat(utf8.encode("adj-dice1\0"), game, [0], t.mix));
      const msg = new Uint8Array(prefix.length + 16), view = new DataView(msg.buffer), at = prefix.length;
      msg.set(prefix);
      view.setUint32(at, Math.floor(t.seq / 2 ** 32));  // the seq in 8 bytes, big-endian
      view.setUint32(at + 4, t.seq % 2 ** 32);
      view.setUint32(at + 8, t.i);  // then the roll's index, then the block's counter (0 here)
      return msg;
    });
    const firsts = await inBatches(tasks.map((_, n) => n), (n) => subtle.sign("HMAC", tasks[n].key, messages[n]));
    return Promise.all(tasks.map(async (t, n) => {
      const limit = 2 ** 32 - (2 ** 32 % t.faces), out = [], msg = messages[n];
      let block = firsts[n];
      for (let c = 1; ; c++) {
        const words = new DataView(block);
        for (let w = 0; w < 8 && out.length < t.count; w++) {
          const u = words.getUint32(4 * w);
          if (u < limit) out.push(u % t.faces + t.low);
        }
        if (out.length === t.count) return out;
        new DataView(msg.buffer).setUint32(msg.length - 4, c);
        block = await subtle.sign("HMAC", t.key, msg);
      }
    }));
  }

  // -- SSH signatures: an SSHSIG blob (OpenSSH's PROTOCOL.sshsig) checked as `ssh-keygen -Y verify -n
  // adjudicator` checks it, with the browser's Ed25519 and RSA; a key of any other type fails -------------
  const SSHSIG = utf8.encode("SSHSIG"), NAMESPACE = "adjudicator";
  const ARMOUR = /^-----BEGIN SSH SIGNATURE-----\n([A-Za-z0-9+/=\n]+)\n-----END SSH SIGNATURE-----\n$/;
  const HASHES = { sha256: "SHA-256", sha512: "SHA-512" };  // the two ssh-keygen signs and verifies with
  const RSA_HASHES = { "rsa-sha2-256": "SHA-256", "rsa-sha2-512": "SHA-512" };  // not ssh-rsa's SHA-1
  const RSA_MIN_BITS = 1024;  // ssh-keygen refuses a smaller modulus
  const latin1 = (bytes) => {
    let out = "";
    for (const b of bytes) out += String.fromCharCode(b);
    return out;
  };
  const base64 = (text) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
  const base64url = (bytes) => btoa(latin1(bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  const wireString = (bytes) => {  // an SSH string: its length in 4 bytes, big-endian, then its bytes
    const out = new Uint8Array(4 + bytes.length);
    new DataView(out.buffer).setUint32(0, bytes.length);
    out.set(bytes, 4);
    return out;
  };

  function wire(bytes) {  // a reader of SSH's wire encoding (RFC 4251) that refuses to read past the end
    let at = 0;
    const take = (n) => {
      if (at + n > bytes.length) refuse("it is cut short");
      at += n;
      return bytes.subarray(at - n, at);
    };
    const uint32 = () => {
      const b = take(4);
      return (b[0] << 24 | b[1] << 16 | b[2] << 8 | b[3]) >>> 0;
    };
    const string = () => take(uint32());
    return {
      take, string,
      text: () => latin1(string()),
      mpint() {  // a positive integer, its leading zeros dropped
        const n = string();
        if (n.length && n[0] >= 128) refuse("a negative integer");
        let k = 0;
        while (k < n.length && n[k] === 0) k++;
        return n.subarray(k);
      },
      end() { if (at !== bytes.length) refuse("bytes follow its end"); },
    };
  }

  function publicKey(blob) {  // {type, raw} of an Ed25519 key's wire encoding, {type, e, n} of an RSA key's
    const r = wire(blob), type = r.text();
    let key;
    if (type === "ssh-ed25519") {
      key = { type, raw: r.string() };
      if (key.raw.length !== 32) refuse("an Ed25519 key is 32 bytes");
    } else if (type === "ssh-rsa") {
      key = { type, e: r.mpint(), n: r.mpint() };
      const bits = key.n.length * 8 - (Math.clz32(key.n[0]) - 24);
      if (bits < RSA_MIN_BITS) refuse(`an RSA key of fewer than ${RSA_MIN_BITS} bits`);
    } else {
      refuse(`its key is ${type}, which this page cannot check`);
    }
    r.end();
    return key;
  }
  const sameKey = (a, b) => a.type === b.type && (a.type === "ssh-ed25519" ? sameBytes(a.raw, b.raw)
    : sameBytes(a.e, b.e) && sameBytes(a.n, b.n));

  function registeredKey(text, player) {  // "KEYTYPE BASE64", as a player-key event holds it
    const [type, data, ...rest] = text.split(" ");
    let key;
    try {
      key = publicKey(base64(data || ""));
    } catch (e) {
      refuse(`${player}'s registered key cannot be read (${e.message})`);
    }
    if (key.type !== type || rest.length) refuse(`${player}'s registered key is not \`KEYTYPE BASE64\``);
    return key;
  }

  async function sshVerify(key, sigType, sig, data) {  // whether sig is key's signature of data
    if (key.type === "ssh-ed25519") {
      if (sigType !== "ssh-ed25519" || sig.length !== 64) refuse(`an Ed25519 key's signature is ssh-ed25519, 64 bytes`);
      const k = await subtle.importKey("raw", key.raw, { name: "Ed25519" }, false, ["verify"]);
      return subtle.verify({ name: "Ed25519" }, k, sig, data);
    }
    const hash = RSA_HASHES[sigType];
    if (hash === undefined) refuse(`an RSA signature is rsa-sha2-256 or rsa-sha2-512, not ${sigType}`);
    if (sig.length > key.n.length) refuse("the RSA signature is longer than the key's modulus");
    const padded = concat(new Uint8Array(key.n.length - sig.length), sig);  // OpenSSH pads a short one
    const jwk = { kty: "RSA", n: base64url(key.n), e: base64url(key.e), ext: true };
    const k = await subtle.importKey("jwk", jwk, { name: "RSASSA-PKCS1-v1_5", hash }, false, ["verify"]);
    return subtle.verify({ name: "RSASSA-PKCS1-v1_5" }, k, padded, data);
  }

  // "" when `armour` is an SSHSIG signature of `text` in the adjudicator namespace by `keyText`, the
  // player's registered key; else why not. It never throws.
  async function signatureWhy(keyText, player, text, armour) {
    try {
      const key = registeredKey(keyText, player), m = ARMOUR.exec(armour);
      if (m === null) refuse("not one armoured SSH SIGNATURE block");
      let blob;
      try { blob = base64(m[1].replace(/\n/g, "")); } catch (e) { refuse("its armour is not base64"); }
      const r = wire(blob);
      if (!sameBytes(r.take(6), SSHSIG)) refuse("not an SSHSIG signature");
      const version = r.take(4);
      if (!sameBytes(version, [0, 0, 0, 1])) refuse("an SSHSIG version other than 1");
      const signer = publicKey(r.string()), namespace = r.text();
      r.string();  // reserved: ssh-keygen signs and verifies with it empty, whatever the blob holds
      const hashAlg = r.text(), signature = wire(r.string());
      r.end();
      if (namespace !== NAMESPACE) refuse(`it is in the namespace "${namespace}", not "${NAMESPACE}"`);
      if (!sameKey(signer, key)) refuse(`it is made with another key than ${player}'s registered one`);
      if (!(hashAlg in HASHES)) refuse(`its hash is ${hashAlg}, not sha256 or sha512`);
      const sigType = signature.text(), sig = signature.string();
      signature.end();
      const digest = new Uint8Array(await subtle.digest(HASHES[hashAlg], utf8.encode(text)));
      const data = concat(SSHSIG, wireString(utf8.encode(NAMESPACE)), wireString(new Uint8Array(0)),
        wireString(utf8.encode(hashAlg)), wireString(digest));
      return await sshVerify(key, sigType, sig, data) ? "" : `it is not ${player}'s key's signature of the signed text`;
    } catch (e) {
      return e instanceof Fail ? e.message : `the browser could not check it (${e})`;
    }
  }

  // Posts and keys: every action of a player with a registered key comes in a post signed with it; a
  // signed post names its game and the head it follows, its digest is of what it holds and its
  // signature is its author's registered key's. The number of signed posts.
  const PY_SPACE = "\t\n\x0b\x0c\r\x1c-\x1f \x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000";  // Python's \s
  const SIGNED_HEAD = new RegExp(`^game ([^${PY_SPACE}]+)\nafter ([0-9]+) ([0-9a-f]{16,64})\n`);

  // Every signed post's signature checked at once, against its author's key, the first one registered
  // (a post before it or a second key fails before its signature is asked about): Map post -> why not
  function signatures(events, posts) {
    const keys = new Map();
    for (const e of events) {
      const a = e.get("action");
      if (a.get("type") === "player-key" && !keys.has(a.get("player"))) keys.set(a.get("player"), a.get("key"));
    }
    const verdicts = new Map();
    for (const e of posts) {
      const a = e.get("action"), actor = e.get("actor");
      if (a.get("signature") && keys.has(actor)) {
        verdicts.set(e, signatureWhy(keys.get(actor), actor, a.get("signed"), a.get("signature")));
      }
    }
    return verdicts;
  }

  async function checkSigned(events) {
    const posts = events.filter((e) => e.get("action").get("type") === "post-received");
    const digests = await inBatches(posts, (e) => {
      const a = e.get("action");
      return sha256(utf8.encode(a.get("signed") + a.get("signature")));
    });
    const digestOf = new Map(posts.map((e, n) => [e, hex(digests[n])]));
    const verdicts = signatures(events, posts);
    const keys = new Map();
    let post = null, signed = 0;
    for (const e of events) {
      const a = e.get("action"), seq = e.get("seq"), actor = e.get("actor"), type = a.get("type");
      if (type === "player-key") {
        if (actor !== "referee" || keys.has(a.get("player"))) refuse(`seq ${seq}: a key is the referee's, once a player`);
        if (!["ssh-ed25519", "ssh-rsa"].includes(String(a.get("key")).split(" ")[0])) refuse(`seq ${seq}: an ed25519 or RSA key`);
        keys.set(a.get("player"), a.get("key"));
      } else if (type === "post-received") {
        if (!HEX64.test(a.get("digest"))) refuse(`seq ${seq}: digest`);
        if (keys.has(actor) && !a.get("signature")) refuse(`seq ${seq}: ${actor}'s post is not signed`);
        if (a.get("signed") || a.get("signature")) {
          const head = SIGNED_HEAD.exec(a.get("signed"));
          if (!(keys.has(actor) && digestOf.get(e) === a.get("digest") && head && head[1] === e.get("game")
            && BigInt(head[2]) === BigInt(seq) - 1n && e.get("prev").startsWith(head[3]))) {
            refuse(`seq ${seq}: a signed post names its game and the head it follows, and has its digest`);
          }
          const why = verdicts.has(e) ? await verdicts.get(e) : "not checked";
          if (why) refuse(`seq ${seq}: bad signature (${why})`);
          signed++;
        }
        post = e;
      } else if (keys.has(actor)) {
        if (!(post && post.get("actor") === actor && post.get("action").get("signature"))) {
          refuse(`seq ${seq}: ${actor}'s action is not in a post signed with ${actor}'s key`);
        }
      }
    }
    return signed;
  }

  // The verdict on a log's bytes: {ok, events, head, rolls, signed} or {ok: false, why}.
  async function check(bytes, schema) {
    try {
      lapStart = performance.now();
      const [events, head] = await checkLines(splitLines(bytes), schema);
      const dice = await checkCreated(events[0]);
      lap("created");
      const secrets = await checkReveals(events, dice);
      lap("reveals");
      const rolls = await checkRolls(events, dice, secrets);
      const signed = await checkSigned(events);
      lap("signed");
      return { ok: true, events: events.length, head, rolls, signed };
    } catch (e) {
      return { ok: false, why: e instanceof Fail ? e.message : `the check stopped: ${e}` };
    }
  }

  // The page's log element holds the log with a few characters written as \x01 and a letter (see
  // adjudicator/htmlreport.py): `<`, CR, NUL and \x01 itself.
  const UNESCAPE = { e: "\x01", l: "<", r: "\r", z: "\0" };
  const unembed = (text) => text.replace(/\x01([elrz])/g, (_, c) => UNESCAPE[c]);

  return { check, parse, unembed, floatText, laps };
})();

(async function () {
  const verdict = document.getElementById("verdict");
  const bytes = new TextEncoder().encode(AdjudicatorCheck.unembed(document.getElementById("log").textContent));
  const save = document.getElementById("save");
  save.href = URL.createObjectURL(new Blob([bytes], { type: "application/x-ndjson" }));
  const schema = JSON.parse(document.getElementById("schema").textContent);
  const started = performance.now();
  const r = await AdjudicatorCheck.check(bytes, schema);
  const ms = performance.now() - started;
  const made = document.getElementById("log").dataset.head;  // the head of the log the page was made from
  if (r.ok && `${r.events}:${r.head}` !== made) {
    r.ok = false;
    r.why = `the log in this page ends at #${r.events} ${r.head.slice(0, 16)}, not at the head the page was made ` +
      `for and shows (#${made.replace(":", " ").slice(0, made.indexOf(":") + 17)}): it was replaced`;
  }
  verdict.className = r.ok ? "ok" : "fail";
  verdict.textContent = r.ok
    ? `OK: ${r.events} events, head #${r.events} ${r.head.slice(0, 16)}, ${r.rolls} rolls re-derived` +
      (r.signed ? `, ${r.signed} signatures checked` : "")
    : `FAIL ${r.why}`;
  verdict.dataset.ms = ms.toFixed(1);  // the check alone
  verdict.dataset.at = performance.now().toFixed(1);  // since the page began to load
  document.getElementById("checked").textContent = r.ok
    ? `${r.rolls} rolls re-derived from the revealed secrets, ${r.events} events in ${(ms / 1000).toFixed(2)} s.`
    : "";
})();
