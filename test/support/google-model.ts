// A deliberately naive model of Googlebot's robots.txt semantics, used as the
// oracle for differential tests of the WASM core. It re-reads the whole file
// for every URL and tracks group state as it goes (the streaming shape of
// Google's parser), and matches with a set of reachable path positions, so it
// shares no structure with the core's compiled tables and greedy matcher.
// Google mode only; bytes in, { allowed, line } out.

const isSpace = (c: number) => c === 0x20 || (c >= 0x09 && c <= 0x0d);
const isBlank = (c: number) => c === 0x20 || c === 0x09;
const isTokenChar = (c: number) => (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a) || c === 0x2d || c === 0x5f;
const isHex = (c: number) => (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x46) || (c >= 0x61 && c <= 0x66);
const lower = (s: number[]) => s.map((c) => (c >= 0x41 && c <= 0x5a ? c + 32 : c));
const bytesOf = (s: string) => Array.from(new TextEncoder().encode(s));
const startsWithIgnoreCase = (key: number[], word: string) => {
  const k = lower(key.slice(0, word.length));
  return k.length === word.length && k.every((c, i) => c === word.charCodeAt(i));
};

function trim(s: number[]): number[] {
  let a = 0,
    b = s.length;
  while (a < b && isSpace(s[a]!)) a++;
  while (b > a && isSpace(s[b - 1]!)) b--;
  return s.slice(a, b);
}

type Line = { kind: 'ua' | 'allow' | 'disallow' | 'other'; value: number[]; line: number };

function lines(body: Uint8Array): Line[] {
  const out: Line[] = [];
  let i = 0;
  // Skip any prefix of the byte order mark.
  const bom = [0xef, 0xbb, 0xbf];
  while (i < 3 && i < body.length && body[i] === bom[i]) i++;
  let current: number[] = [];
  let lineNo = 0;
  let lastWasCR = false;
  const flush = () => emit(current, ++lineNo, out);
  for (; i < body.length; i++) {
    const c = body[i]!;
    if (c !== 0x0a && c !== 0x0d) {
      if (current.length < 16663) current.push(c);
      lastWasCR = false; // only matters right after a line end
      continue;
    }
    if (!(current.length === 0 && lastWasCR && c === 0x0a)) flush();
    current = [];
    lastWasCR = c === 0x0d;
  }
  flush();
  return out;
}

function emit(raw: number[], lineNo: number, out: Line[]): void {
  let content = raw;
  const nul = content.indexOf(0);
  if (nul >= 0) content = content.slice(0, nul);
  const hash = content.indexOf(0x23);
  if (hash >= 0) content = content.slice(0, hash);
  const line = trim(content);
  if (line.length === 0) return;
  let sep = line.indexOf(0x3a);
  if (sep < 0) {
    sep = line.findIndex(isBlank);
    if (sep < 0) return;
    let v = sep;
    while (v < line.length && isBlank(line[v]!)) v++;
    if (line.slice(v).some(isBlank)) return;
  }
  const key = trim(line.slice(0, sep));
  if (key.length === 0) return;
  const value = trim(line.slice(sep + 1));
  let kind: Line['kind'] = 'other';
  if (['user-agent', 'useragent', 'user agent'].some((w) => startsWithIgnoreCase(key, w))) kind = 'ua';
  else if (startsWithIgnoreCase(key, 'allow')) kind = 'allow';
  else if (
    ['disallow', 'dissallow', 'dissalow', 'disalow', 'diasllow', 'disallaw'].some((w) => startsWithIgnoreCase(key, w))
  )
    kind = 'disallow';
  out.push({ kind, value: kind === 'ua' ? value : escapeBytes(value), line: lineNo });
}

function escapeBytes(v: number[]): number[] {
  const out: number[] = [];
  const hex = '0123456789ABCDEF';
  for (let i = 0; i < v.length; i++) {
    const c = v[i]!;
    if (c === 0x25 && i + 2 < v.length && isHex(v[i + 1]!) && isHex(v[i + 2]!)) {
      out.push(0x25, ...bytesOf(String.fromCharCode(v[i + 1]!, v[i + 2]!).toUpperCase()));
      i += 2;
    } else if (c >= 0x80) {
      out.push(0x25, hex.charCodeAt(c >> 4), hex.charCodeAt(c & 15));
    } else out.push(c);
  }
  return out;
}

/** Reachable-positions matcher: O(path x pattern), no cleverness. */
export function modelMatches(path: number[], pattern: number[]): boolean {
  let positions = [0];
  for (let p = 0; p < pattern.length; p++) {
    const c = pattern[p]!;
    if (c === 0x24 && p === pattern.length - 1) return positions.includes(path.length);
    if (c === 0x2a) {
      const from = Math.min(...positions);
      positions = [];
      for (let i = from; i <= path.length; i++) positions.push(i);
    } else {
      positions = positions.filter((i) => i < path.length && path[i] === c).map((i) => i + 1);
      if (positions.length === 0) return false;
    }
  }
  return true;
}

export function modelPath(url: number[]): number[] {
  const find = (set: number[], from: number) => {
    for (let i = from; i < url.length; i++) if (set.includes(url[i]!)) return i;
    return Infinity;
  };
  const start = url.length >= 2 && url[0] === 0x2f && url[1] === 0x2f ? 2 : 0;
  const early = find([0x2f, 0x3f, 0x3b], start);
  let proto = Infinity;
  for (let i = start; i + 2 < url.length; i++) {
    if (url[i] === 0x3a && url[i + 1] === 0x2f && url[i + 2] === 0x2f) {
      proto = i;
      break;
    }
  }
  if (early < proto) proto = Infinity;
  const pathStart = find([0x2f, 0x3f, 0x3b], proto === Infinity ? start : proto + 3);
  if (pathStart === Infinity) return [0x2f];
  const hash = find([0x23], start);
  if (hash < pathStart) return [0x2f];
  let path = url.slice(pathStart, hash === Infinity ? url.length : hash);
  if (path[0] !== 0x2f) path = [0x2f, ...path];
  const nul = path.indexOf(0);
  return nul >= 0 ? path.slice(0, nul) : path;
}

interface Best {
  priority: number;
  line: number;
}

export function modelCheck(body: Uint8Array, agents: string[], url: string): { allowed: boolean; line: number } {
  const path = modelPath(bytesOf(url));
  const agentsLower = agents.map((a) => a.toLowerCase());
  let seenGlobal = false,
    seenSpecific = false,
    everSpecific = false,
    separator = false;
  const none = (): Best => ({ priority: -1, line: 0 });
  const allow = { specific: none(), global: none() };
  const disallow = { specific: none(), global: none() };
  const record = (target: { specific: Best; global: Best }, priority: number, line: number) => {
    const slot = seenSpecific ? target.specific : target.global;
    if (slot.priority < priority) {
      slot.priority = priority;
      slot.line = line;
    }
  };
  const handleAllow = (value: number[], line: number) => {
    if (modelMatches(path, value)) return record(allow, value.length, line);
    const slash = value.lastIndexOf(0x2f);
    if (slash >= 0 && String.fromCharCode(...value.slice(slash, slash + 10)) === '/index.htm') {
      handleAllow([...value.slice(0, slash + 1), 0x24], line);
    }
  };
  for (const l of lines(body)) {
    if (l.kind === 'ua') {
      if (separator) {
        seenGlobal = seenSpecific = separator = false;
      }
      const v = l.value;
      if (v.length >= 1 && v[0] === 0x2a && (v.length === 1 || isSpace(v[1]!))) seenGlobal = true;
      else {
        let n = 0;
        while (n < v.length && isTokenChar(v[n]!)) n++;
        const token = String.fromCharCode(...v.slice(0, n)).toLowerCase();
        if (agentsLower.includes(token)) everSpecific = seenSpecific = true;
      }
    } else if (l.kind === 'allow' || l.kind === 'disallow') {
      if (!seenGlobal && !seenSpecific) continue;
      separator = true;
      if (l.kind === 'allow') handleAllow(l.value, l.line);
      else if (modelMatches(path, l.value)) record(disallow, l.value.length, l.line);
    }
  }
  const decide = (a: Best, d: Best) => ({
    allowed: !(a.priority > 0 || d.priority > 0) || !(d.priority > a.priority),
    line: d.priority > a.priority ? d.line : a.line,
  });
  if (allow.specific.priority > 0 || disallow.specific.priority > 0 || everSpecific) {
    return decide(allow.specific, disallow.specific);
  }
  return decide(allow.global, disallow.global);
}
