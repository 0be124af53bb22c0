import { parse, pathOf, normalizeUrl } from '../src/index.js';
import { test } from "vitest"; test("smoke", () => {
const r = parse("User-agent: *\nDisallow: /fish\nAllow: /fish/salmon\nSitemap: https://x/s.xml\nCrawl-delay: 3\n\nUser-agent: Googlebot\nDisallow: /\nAllow: /index.html\n");
for (const [u,a] of [["http://x/fish/a","bingbot"],["http://x/fish/salmon.html","bingbot"],["http://x/","Googlebot"],["http://x/a","Googlebot"],["http://x/ok","bingbot"]]) console.log(u,a,JSON.stringify(r.check(u,a)));
console.log(r.sitemaps, r.otherRecords, r.crawlDelay('bingbot'), r.crawlDelay('googlebot'), r.byteSize);
console.log(pathOf("https://a.b/c?d#e"), pathOf("http://a.b?x"), normalizeUrl("/foo/bar/%62%61%7a/ツ"));
});
