// One side of bench/archive.mjs, in a process of its own (for its peak
// memory): the join of a URL table with a robots.txt archive, by
// robotsmatch/archive or by the same join written with robots-parser.
// Both read the archive (JSON Lines) and the URL table the same way and
// apply the same RFC 9309 outcomes (404 allows, 5xx and 429 disallow,
// redirects followed within the archive, origins not in it unknown).
//
//   node bench/archive-side.mjs robotsmatch|robots-parser ARCHIVE URLS AGENT[,AGENT] [--json]
//
// Without --json: prints one JSON line of figures. With --json: writes the
// rows robotsmatch filter --robots-archive --json writes, {url, agent,
// allowed, line, rule, outcome} (robots-parser has no rule to report: null).
import { createReadStream } from 'node:fs';
import { createRequire } from 'node:module';

const [side, archivePath, urlsPath, agentList, json] = process.argv.slice(2);
const agents = agentList.split(',');
const writeRows = json === '--json';
const decoder = new TextDecoder();

/** The lines of a file, streamed in chunks of about 4 MiB (as the command line reads them): the same reader for both sides. */
async function* linesOf(path) {
  let rest = '';
  for await (const chunk of createReadStream(path, { highWaterMark: 4 << 20 })) {
    const lines = (rest + decoder.decode(chunk, { stream: true })).split('\n');
    rest = lines.pop();
    yield lines.filter((l) => l !== '');
  }
  if (rest) yield [rest];
}

let out = '';
const flush = async (force) => {
  if (!writeRows || (out.length < 1 << 20 && !force)) return;
  if (!process.stdout.write(out)) await new Promise((resolve) => process.stdout.once('drain', resolve));
  out = '';
};

const loadStart = performance.now();
const loadCpu = process.cpuUsage();
let joinChunk;
if (side === 'robotsmatch') {
  const { openArchive, ArchiveMatcher } = await import('../dist/archive.js');
  const archive = await openArchive(archivePath);
  const matcher = new ArchiveMatcher(archive, { agents });
  // A chunk of URLs at a time: the URLs of one origin are answered together.
  joinChunk = (urls, counts) => {
    if (writeRows) {
      for (const row of matcher.checkMany(urls)) {
        for (let a = 0; a < row.verdicts.length; a++) {
          const v = row.verdicts[a];
          if (v.allowed) counts[a]++;
          out += `${JSON.stringify({
            url: row.url,
            agent: v.agent,
            allowed: v.allowed,
            line: v.line,
            rule: v.rule,
            outcome: row.outcome,
          })}\n`;
        }
      }
      return;
    }
    const { verdicts } = matcher.matchMany(urls);
    for (let i = 0; i < verdicts.length; i++) if (verdicts[i] === 1) counts[i % agents.length]++;
  };
} else {
  const robotsParser = createRequire(import.meta.url)('robots-parser');
  // The archive held as robots-parser users hold one: a Map of captures by URL.
  const captures = new Map();
  for await (const lines of linesOf(archivePath)) {
    for (const line of lines)
      if (line) {
        const c = JSON.parse(line);
        captures.set(new URL(c.url).href, c);
      }
  }
  // One parsed file (or fixed outcome) per origin, kept for the run.
  const origins = new Map();
  const resolve = (robotsUrl) => {
    let url = robotsUrl;
    for (let redirects = 0; ; redirects++) {
      const c = captures.get(url);
      if (!c) return { outcome: 'unknown' };
      const s = c.status;
      if (s >= 200 && s < 300) return { outcome: 'ok', robots: robotsParser(robotsUrl, c.body ?? '') };
      if (s >= 300 && s < 400) {
        if (!c.location || redirects >= 5) return { outcome: 'unavailable' };
        url = new URL(c.location, url).href;
        continue;
      }
      if (s >= 400 && s < 500 && s !== 429) return { outcome: 'unavailable' };
      return { outcome: 'unreachable' };
    }
  };
  const join = (url, counts) => {
    let robotsUrl;
    try {
      const u = new URL(url);
      robotsUrl = `${u.protocol}//${u.host}/robots.txt`;
    } catch {
      robotsUrl = undefined;
    }
    let o = robotsUrl === undefined ? { outcome: 'unknown' } : origins.get(robotsUrl);
    if (o === undefined) origins.set(robotsUrl, (o = resolve(robotsUrl)));
    for (let a = 0; a < agents.length; a++) {
      let allowed;
      let line = 0;
      if (o.outcome === 'ok') {
        allowed = o.robots.isAllowed(url, agents[a]) !== false;
        if (writeRows) line = Math.max(0, o.robots.getMatchingLineNumber(url, agents[a]));
      } else allowed = o.outcome === 'unknown' ? null : o.outcome === 'unavailable';
      if (allowed) counts[a]++;
      if (writeRows)
        out += `${JSON.stringify({ url, agent: agents[a], allowed, line, rule: null, outcome: o.outcome })}\n`;
    }
  };
  joinChunk = (urls, counts) => {
    for (const url of urls) join(url, counts);
  };
}
const loadSeconds = (performance.now() - loadStart) / 1000;
const loadCpuSeconds = (() => {
  const c = process.cpuUsage(loadCpu);
  return (c.user + c.system) / 1e6;
})();
const start = performance.now();
const joinCpu = process.cpuUsage();
const counts = agents.map(() => 0);
let urls = 0;
for await (const lines of linesOf(urlsPath)) {
  urls += lines.length;
  joinChunk(lines, counts);
  await flush(false);
}
await flush(true);
const joinSeconds = (performance.now() - start) / 1000;
const joinCpuSeconds = (() => {
  const c = process.cpuUsage(joinCpu);
  return (c.user + c.system) / 1e6;
})();
const figures = {
  side,
  urls,
  allowed: counts,
  loadSeconds,
  joinSeconds,
  loadCpuSeconds,
  joinCpuSeconds,
  maxRSS: process.resourceUsage().maxRSS * 1024,
};
if (writeRows) process.stderr.write(`${JSON.stringify(figures)}\n`);
else console.log(JSON.stringify(figures));
