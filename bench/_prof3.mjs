import { execFileSync } from 'node:child_process';
import { measure } from 'mitata';
const urls = execFileSync('node', ['/work/shared/corpus/make-urls.mjs', '20000'], { encoding: 'utf8', maxBuffer: 1 << 28 }).split('\n').filter(Boolean);
const flat = JSON.parse(JSON.stringify(urls));
const enc = new TextEncoder(); const buf = new Uint8Array(1 << 23);
const per = (s) => (s.p50 / urls.length).toFixed(1) + ' ns/url';
for (const [name, list] of [['split', urls], ['flat', flat]]) {
  console.log(name, 'join whole', per(await measure(() => list.join('\n'))));
  console.log(name, 'join+encode', per(await measure(() => enc.encodeInto(list.join('\n'), buf))));
  console.log(name, 'encodeInto per url', per(await measure(() => { let at = 0; for (const u of list) { at += enc.encodeInto(u, buf.subarray(at)).written; buf[at++] = 10; } return at; })));
  console.log(name, 'floor', per(await measure(() => { let n = 0; for (const u of list) { const s = u.indexOf('/', u.indexOf('//') + 2); const h = u.indexOf('#', s); n += (h < 0 ? u.slice(s) : u.slice(s, h)).length; } return n; })));
}
