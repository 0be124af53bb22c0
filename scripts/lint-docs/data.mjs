// The prose of docs/lint/<code>.md: what each code means, why it matters (with
// its sources), an example and the fix; pages.mjs adds the real output.
export const G =
  'Google, *How Google interprets the robots.txt specification* (developers.google.com/search/docs/crawling-indexing/robots/robots_txt)';
export const GP =
  "Google's open-source robots.txt parser, robots.cc (github.com/google/robotstxt), which robotsmatch reproduces byte for byte";
export const RFC = (s) => `RFC 9309, *Robots Exclusion Protocol*, section ${s} (rfc-editor.org/rfc/rfc9309)`;
export const YERR =
  'Yandex Webmaster help, *Robots.txt parsing errors* (yandex.com/support/webmaster/en/error-dictionary/robots-txt)';
export const YCD =
  'Yandex stopped reading Crawl-delay on 22 February 2018 (Yandex Webmaster blog); the crawl rate is set in Yandex Webmaster instead';
export const BING =
  'Bing Webmaster Guidelines and the Bing blog, *Crawl delay and the Bing crawler, MSNBot* (blogs.bing.com/webmaster/2009/08/10/crawl-delay-and-the-bing-crawler-msnbot)';
export const GNOINDEX =
  'Google Search Central blog, *A note on unsupported rules in robots.txt*, 1 July 2019 (developers.google.com/search/blog/2019/07/a-note-on-unsupported-rules-in-robotstxt)';
export const CSP =
  'Cloudflare, *Content Signals Policy* (contentsignals.org) and *Managed robots.txt* (developers.cloudflare.com/bots/additional-configurations/managed-robots-txt): `Content-Signal: search=yes, ai-input=yes, ai-train=no` in a User-agent group of the robots.txt (RFC 9309), each key `yes` or `no`';
export const ATTACH =
  'IETF AIPREF, *Associating AI Usage Preferences with Content in HTTP*, draft-ietf-aipref-attach-05 (datatracker.ietf.org/doc/draft-ietf-aipref-attach), which updates RFC 9309 with a Content-Usage rule in a group';
export const VOCAB =
  'IETF AIPREF, *A Vocabulary For Expressing AI Usage Preferences*, draft-ietf-aipref-vocab-07 (datatracker.ietf.org/doc/draft-ietf-aipref-vocab): the labels `train-ai` and `search`, the values the tokens `y` and `n`, in an RFC 9651 Dictionary; "any unknown labels MUST be ignored"; "If the parsing of the Dictionary fails, preferences are unknown. This includes where keys include uppercase characters"';
export const SF =
  'RFC 9651, *Structured Field Values for HTTP*, section 4.2.2 (rfc-editor.org/rfc/rfc9651): parsing a Dictionary; keys are lower case, a duplicate key keeps its last value';
export const RSL =
  'RSL 1.0, *Adding RSL to robots.txt* (rslstandard.org/guide/robots-txt): `License: [absoluteURL]`, "a fully qualified URL, including the protocol and host", not tied to any user agent';
export const SITEMAPS =
  'sitemaps.org, *Sitemaps XML format*, "Specifying the Sitemap location in your robots.txt file" (sitemaps.org/protocol.html#submit_robots)';

// code -> { example, means, why, sources, fix, options? }
export const PAGES = {
  'html-body': {
    example:
      '<!DOCTYPE html>\n<html lang="en">\n<head><title>Page not found</title></head>\n<body><h1>404</h1><p>Sorry, that page does not exist.</p></body>\n</html>\n',
    means:
      'The server answered `/robots.txt` with an HTML page: usually an error, login or "not found" page sent with status 200 instead of 404. Crawlers parse it as a robots.txt anyway, line by line. Markup is not `key: value`, so they find no rules in it (or only the odd line that happens to look like one) and may fetch every URL of the site. robotsmatch reports the page once, instead of a finding per line of markup.',
    why: 'Google reads any 2xx body as a robots.txt; the status code, not the content, decides whether there is one. An HTML page with status 200 therefore means "no rules": whatever the site meant to block is crawled. If the page sits where a real robots.txt should be (a CMS rewrite rule, a CDN error page), the real rules are lost.',
    sources: [`${G}: a 2xx answer is processed as the robots.txt; a 4xx answer means there is none`, RFC('2.3.1')],
    fix: 'Serve the real robots.txt as plain text at `/robots.txt`, or answer 404 (no restrictions) if there is none. There is no fix robotsmatch can write.',
  },
  'binary-body': {
    example: null,
    exampleBytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52],
    means:
      'The body is binary data (an image, a PDF, a ZIP archive, or bytes that are mostly control characters), not text. Crawlers find no rules in it and may fetch every URL.',
    why: 'A robots.txt is a UTF-8 text file. Binary bodies usually come from a misconfigured server or CDN (a wrong file mapped to `/robots.txt`, an image placeholder). Crawlers do not guess: they parse the bytes as lines, and none is a rule.',
    sources: [`${G}: "The robots.txt file must be a UTF-8 encoded plain text file"`, RFC('2.2')],
    fix: 'Serve the robots.txt file itself, as text. There is no fix robotsmatch can write.',
  },
  'gzip-body': {
    example: null,
    exampleGzip: 'User-agent: *\nDisallow: /admin/\n',
    means:
      'The body is gzip-compressed bytes: the file was compressed (or stored compressed) and served without a `Content-Encoding: gzip` header that would tell the crawler to decompress it. Crawlers read the compressed bytes as text, find no rules, and may fetch every URL.',
    why: 'HTTP clients decompress a body only when the response says it is compressed. A `robots.txt.gz` renamed to `robots.txt`, or a cache that stores compressed bytes and forgets the header, leaves crawlers with binary data.',
    sources: [G, RFC('2.3')],
    fix: 'Serve the uncompressed file, or send `Content-Encoding: gzip` with the compressed one. There is no fix robotsmatch can write.',
  },
  'utf16-body': {
    example: null,
    exampleUtf16: '\ufeffUser-agent: *\r\nDisallow: /admin/\r\n',
    means:
      'The file is UTF-16 text (a byte order mark `FF FE` or `FE FF`, or a NUL byte beside every ASCII character). Crawlers read robots.txt as UTF-8, where every other byte is a NUL that ends the line: they find no rules and may fetch every URL.',
    why: 'Some Windows editors save text as "Unicode" (UTF-16) by default. The file looks right in the editor and is empty to every crawler.',
    sources: [`${G}: "The robots.txt file must be a UTF-8 encoded plain text file"`, RFC('2.2')],
    fix: 'Save the file as UTF-8 (without a byte order mark, or with the three-byte UTF-8 one). There is no fix robotsmatch can write.',
  },
  'empty-file': {
    example: '# robots.txt\n#\n# (nothing here yet)\n',
    means:
      'The file is empty, or holds only comments and blank lines. That is a valid robots.txt: it restricts nothing, so every crawler may fetch every URL.',
    why: 'An empty file is sometimes intended (it is the same as no robots.txt) and sometimes a deploy that lost its content. The note says which it is to a crawler, so you can check it was meant.',
    sources: [G, RFC('2.2')],
    fix: 'Nothing to fix if it was meant. Otherwise restore the rules.',
  },
  'no-user-agent': {
    example: '# robots.txt\nDisallow: /cgi-bin/\nDisallow: /tmp/\nDisallow: /private/\n',
    means:
      'The file has Allow or Disallow rules but no User-agent line. A rule belongs to the group of the User-agent lines above it; with none, every rule is outside any group and every crawler ignores it.',
    why: 'Old tutorials and hand-written files sometimes list only Disallow lines. Crawlers do not assume `User-agent: *`: the site is open to all of them. The message also names a line that looks like a misspelt User-agent (`User-Agnet`), which is often the cause.',
    sources: [
      `${RFC('2.1')}: a group starts with one or more user-agent lines`,
      `${G}: "a rule must be preceded by a user-agent line"`,
    ],
    fix: 'Add `User-agent: *` (or the crawlers you mean) above the rules. robotsmatch writes no fix: adding a User-agent line makes the rules apply, which is a decision, not a correction.',
  },
  'html-in-file': {
    example:
      'User-agent: *\nDisallow: /checkout/\n\n<script type="text/javascript">\n  var _paq = window._paq || [];\n  _paq.push([\'trackPageView\']);\n</script>\n',
    means:
      'Some lines of an otherwise valid file are HTML markup: a script, a tracking snippet or a footer that a CMS or a proxy injected. Crawlers ignore those lines. robotsmatch reports each run of markup once.',
    why: 'Nothing of the markup was meant for crawlers, so nothing is lost, but injected content means something rewrites the file on its way out; the next injection may land in the middle of a rule.',
    sources: [`${G}: lines that are not valid rules are ignored`],
    fix: 'Find what injects the markup (a tag manager, a "insert in every response" setting) and exclude `/robots.txt` from it.',
  },
  'over-size-limit': {
    example: 'User-agent: *\nDisallow: /a-very-long-list-of-rules/\nDisallow: /html/Example.html\n',
    options: { maxBytes: 69 },
    means:
      "The file is longer than crawlers read: Google reads the first 500 KiB (512,000 bytes) and ignores the rest. The message says where the cut falls. When it falls inside a line, crawlers read that line's first part as it is: a rule cut to `Disallow: /html/E` disallows every path starting with `/html/E`, more than the whole rule did.",
    why: 'Rules after the cut do not exist for crawlers; a cut rule can block far more than it says. (The example sets a 69-byte limit to show it; the default is 512,000 bytes.)',
    sources: [
      G +
        ': "Google enforces a robots.txt file size limit of 500 kibibytes (KiB). Content which is after the maximum file size is ignored"',
      `${RFC('2.5')}: crawlers must parse at least 500 KiB`,
    ],
    fix: 'Shorten the file: merge rules with wildcards, drop rules for pages that no longer exist, put the important rules first. There is no fix robotsmatch can write.',
  },
  'partial-bom': {
    example: null,
    exampleBytes: [0xef, 0xbb, ...Buffer.from('User-agent: *\nDisallow: /private/\n')],
    means:
      'The file starts with part of a UTF-8 byte order mark (`EF BB` without the final `BF`, or `EF` alone). Google skips it; RFC 9309 crawlers read the bytes as part of the first line, which then has no key they know.',
    why: 'If the first line is `User-agent: *`, RFC 9309 crawlers lose it, and the rules after it are outside any group for them.',
    sources: [`${GP}: it skips any prefix of the byte order mark`, RFC('2.2')],
    fix: "Save the file as UTF-8 without a byte order mark (or with the whole three-byte one). There is no fix robotsmatch can write: the line's bytes are not valid text.",
  },
  'too-many-rules': {
    example: null,
    repeat: { head: 'User-agent: *\n', line: 'Disallow: /product/{i}/\n', count: 2049, tail: '' },
    exampleShown:
      'User-agent: *\nDisallow: /product/0/\nDisallow: /product/1/\n# ... 2,046 more ...\nDisallow: /product/2048/\n',
    means:
      'The file has more than 2,048 Allow and Disallow rules. Google reads them all (up to its size limit); Yandex reports the file as over its limit ("The number of rules in the file exceeds 2048").',
    why: "Thousands of rules are usually one rule per page, which a wildcard or a path prefix would say in one line. Past Yandex's limit, what Yandex does with the file is not what you wrote.",
    sources: [`${YERR}: "Robots.txt file size limit exceeded: the number of rules in the file exceeds 2048"`],
    fix: 'Merge rules: `Disallow: /product/*/reviews` instead of one line per product. There is no fix robotsmatch can write.',
  },
  'content-type': {
    example: 'User-agent: *\nDisallow: /private/\n',
    options: {
      source: { url: 'https://example.com/robots.txt', status: 200, contentType: 'text/html; charset=utf-8' },
    },
    lintUrl: true,
    means:
      'When robotsmatch lints a URL, the server sent the robots.txt with a Content-Type other than `text/plain` (often `text/html`, from a framework that serves everything as HTML). Google reads the body anyway.',
    why: 'RFC 9309 says the file is `text/plain`, and crawlers that check the type may skip the file, which for them means no rules. A wrong type is also a sign that the response comes from the application rather than the static file you edited.',
    sources: [`${RFC('2.3')}: "the file MUST be accessible ... with the Internet Media Type text/plain"`, G],
    fix: 'Serve `/robots.txt` as `text/plain; charset=utf-8`. There is no fix robotsmatch can write.',
  },
  'http-not-found': {
    example: '',
    options: { source: { url: 'https://example.com/robots.txt', status: 404 } },
    lintUrl: true,
    means:
      'When robotsmatch lints a URL, the server answered `/robots.txt` with a 4xx status (404, 403, 410...; not 429). Crawlers take that as "there is no robots.txt" and may fetch every URL of the site.',
    why: 'That is fine when the site has no rules. It is not when the file exists but the server refuses it (a 403 from a firewall, a 401 behind a login): the rules are lost, and Google treats even a 401 or 403 as no robots.txt.',
    sources: [
      G +
        ': "4xx (client errors): Google\'s crawlers treat all 4xx errors, except 429, as if a valid robots.txt file didn\'t exist"',
      RFC('2.3.1.3'),
    ],
    fix: 'If the site has rules, serve the file with status 200. There is no fix robotsmatch can write.',
  },
  'http-error': {
    example: '',
    options: { source: { url: 'https://example.com/robots.txt', status: 503 } },
    lintUrl: true,
    means:
      'When robotsmatch lints a URL, the server answered `/robots.txt` with a 5xx status or 429. Crawlers take that as "disallow everything" while it lasts: Google fetches no URL of the site.',
    why: 'A robots.txt that errors takes the whole site out of crawling. Google keeps treating it as fully disallowed for up to 30 days, then uses its last cached copy, or crawls as if there were no robots.txt.',
    sources: [
      `${G}: "5xx (server errors): ... Google interprets 5xx and 429 server errors as if the site is fully disallowed"`,
      `${RFC('2.3.1.4')}: "the crawler MUST assume complete disallow"`,
    ],
    fix: 'Make `/robots.txt` answer 200 (a static file served before the application is the robust way). There is no fix robotsmatch can write.',
  },
  'nul-byte': {
    example: null,
    exampleText: 'User-agent: *\nDisallow: /private\u0000/drafts/\n',
    exampleShown: 'User-agent: *\nDisallow: /private\\0/drafts/     (a NUL byte after /private)\n',
    means: 'A NUL byte (0x00) ends the line for the parser: crawlers read the line up to it and ignore the rest.',
    why: 'The rule crawlers apply is shorter than the one you wrote: `Disallow: /private` instead of `Disallow: /private/drafts/`, which disallows more.',
    sources: [GP],
    fix: 'Remove the NUL byte (it usually comes from a bad encoding conversion). There is no fix robotsmatch can write.',
  },
  'too-long': {
    example: null,
    repeat: { head: 'User-agent: *\nDisallow: /', line: 'a', count: 16700, tail: '\n' },
    exampleShown: 'User-agent: *\nDisallow: /aaaa...   (16,711 bytes in all)\n',
    means:
      'The line is longer than 16,663 bytes: Google reads its first 16,663 bytes and ignores the rest of the line.',
    why: 'A rule that long is almost always generated by mistake (a pasted list, a missing line break), and the rule crawlers apply is only its start.',
    sources: [`${GP}: kMaxLineLen, 2,083 × 8 bytes`],
    fix: 'Split the line, or shorten the pattern with wildcards. There is no fix robotsmatch can write.',
  },
  'invalid-utf8': {
    example: null,
    exampleBytes: [...Buffer.from('User-agent: *\nDisallow: /caf'), 0xe9, ...Buffer.from('/\n')],
    exampleShown: 'User-agent: *\nDisallow: /caf\\xE9/     (é saved as Latin-1: one byte, 0xE9)\n',
    means:
      'The line has bytes that are not UTF-8 (text saved as Latin-1 or Windows-1252, usually). Crawlers match the raw bytes, percent-encoded: `é` saved as the single byte `E9` becomes `%E9`, while browsers and links send `%C3%A9`.',
    why: 'The rule does not match the URLs it was written for.',
    sources: [`${G}: the file must be UTF-8; "invalid characters" are not matched as written`, RFC('2.2.2')],
    fix: 'Save the file as UTF-8, or write the path percent-encoded (`/caf%C3%A9/`). There is no fix robotsmatch can write.',
  },
  unparseable: {
    example: 'User-agent: *\nDisallow: /private/\nThese pages are private, please do not crawl them\n',
    means: 'The line is not `key: value` and not a comment: crawlers ignore it.',
    why: 'Whatever the line says, no crawler reads it. Often it is a note that should be a `#` comment, or a rule that lost its colon and key.',
    sources: [`${RFC('2.2')}: the grammar of a line`, G],
    fix: 'Make it a comment (`# ...`) or a rule. There is no fix robotsmatch can write.',
  },
  'typo-key': {
    example: 'User-agent: *\nDissallow: /tmp/\n',
    means:
      'The key is misspelt in a way Google accepts (`Dissallow`, `Disalow`, `useragent`, `User agent`, `Disallowed`): Google reads the line as the directive it resembles; RFC 9309 crawlers (Bing, Yandex and most open-source parsers) ignore it.',
    why: 'The rule applies for Google and not for the other crawlers.',
    sources: [`${GP}: its list of accepted misspellings, and keys read by their start`, RFC('2.2')],
    fix: "**Safe.** The fix writes the key as Google already reads it (`Disallow:`), so Google's reading does not change and other crawlers read the line the same way.",
  },
  'missing-colon': {
    example: 'User-agent: *\nDisallow /private/\n',
    means:
      'The key is followed by whitespace instead of a colon: Google accepts it, RFC 9309 crawlers ignore the line.',
    why: 'The rule applies for Google and not for the other crawlers.',
    sources: [`${GP}: "allow for a missing colon"`, `${RFC('2.2')}: the colon is part of the grammar`],
    fix: '**Safe.** The fix adds the colon Google already reads there.',
  },
  'unknown-key': {
    example: 'User-Agnet: *\nDisallow: /private/\n',
    means:
      'No crawler recognises the key, so every crawler ignores the line. When the key is close to one crawlers know, the message asks whether it was meant (`User-Agnet` → `User-agent`).',
    why: 'A misspelt User-agent line takes its group with it: the rules below it belong to the group before, or to none.',
    sources: [`${RFC('2.2.4')}: other records are ignored unless a crawler understands them`, G],
    fix: '**Unsafe**, when there is a "did you mean". Writing the key right makes crawlers read the line, which changes what they do; the fix\'s message says how (here: crawlers with no group of their own will then be disallowed from /private/).',
  },
  'unsupported-key': {
    example: 'User-agent: *\nDisallow: /search\nCrawl-delay: 5\n',
    means:
      "A key other crawlers know and Google does not use: `Crawl-delay`, `Host`, `Clean-param`, `Request-rate`, `Visit-time`, and the usage statements `Content-Signal`, `Content-Usage` and `License`. The message says who reads it. The usage statements change no crawler's access to any URL: they state how the content may be used (search, AI input, AI training) or link its licence, for the AI crawlers and dataset builders that read them; the `usage` checks say whether they say what was meant.",
    why: 'Nothing is wrong; it is worth knowing that Google ignores it. Crawl-delay in particular is read by Bing and some others, not by Google or Yandex. A `Content-Signal: search=no` does not keep a page out of Google: Google does not read it.',
    sources: [`${G}: "Google doesn't support the crawl-delay rule"`, BING, YCD, CSP, ATTACH, RSL],
    fix: 'Nothing to fix. Keep it for the crawlers that read it.',
  },
  'noindex-directive': {
    example: 'User-agent: *\nNoindex: /drafts/\n',
    means:
      '`Noindex:`, `Nofollow:` or `Noarchive:` in robots.txt. No major crawler honours them: Google stopped reading `Noindex` on 1 September 2019, and the others were never part of the standard.',
    why: 'The URLs are not kept out of search results, which is what the line was for.',
    sources: [GNOINDEX],
    fix: 'Use a `noindex` robots meta tag or an `X-Robots-Tag: noindex` header on the pages (and do not disallow them, or crawlers will never see the tag). There is no fix robotsmatch can write.',
  },
  'crawl-delay-invalid': {
    example: 'User-agent: Bingbot\nCrawl-delay: 5s\n',
    means: 'Crawl-delay is not a number of seconds: crawlers that honour Crawl-delay ignore it.',
    why: 'The delay you meant does not apply.',
    sources: [BING],
    fix: 'Write a number: `Crawl-delay: 5`. There is no fix robotsmatch writes.',
  },
  'rule-outside-group': {
    example: 'Disallow: /tmp/\nUser-agent: *\nDisallow: /private/\n',
    means:
      "An Allow or Disallow line comes before any User-agent line, so it belongs to no group and every crawler ignores it. (With `--mode rfc`, the grouping is RFC 9309's, where lines only Google accepts do not start a group.)",
    why: 'The rule does nothing.',
    sources: [RFC('2.1'), `${G}: "a rule must be preceded by a user-agent line"`],
    fix: 'Move the rule under the User-agent line it is for. There is no fix robotsmatch can write.',
  },
  'joined-lines': {
    example: 'User-agent: * Disallow: /\n',
    means:
      "Two lines written as one: a User-agent line with a rule after it (`User-agent: * Disallow: /`), or two rules on one line. Google reads a User-agent line's name up to the first character that is not a letter, `-` or `_`, so it reads `User-agent: *` and ignores the rule; two rules on one line are one pattern with a space in it, which never matches.",
    why: 'The rule you wrote does not exist for crawlers. A site that means to block everything blocks nothing.',
    sources: [`${GP}: a \`*\` followed by text is read as \`*\``, RFC('2.2.1')],
    fix: '**Unsafe.** The fix puts each directive on a line of its own, which makes the rule apply; the message says exactly what crawlers will then do (here: every crawler without a group of its own will then be disallowed from /, which is what the line says).',
  },
  'empty-user-agent': {
    example: 'User-agent:\nDisallow: /private/\n',
    means: 'A User-agent line with no name: its group applies to no crawler.',
    why: 'The rules of the group do nothing.',
    sources: [RFC('2.2.1')],
    fix: "Write the crawler's product token, or `*`. There is no fix robotsmatch can write.",
  },
  'user-agent-not-token': {
    example: 'User-agent: Googlebot/2.1\nDisallow: /search\n',
    means:
      "The name has a version or a `*` after the crawler's product token (`Googlebot/2.1`, `Mediapartners-Google*`): Google reads only the token (`Googlebot`), which is what was meant.",
    why: 'Nothing changes for Google. Crawlers that compare the whole value may not match it.',
    sources: [`${RFC('2.2.1')}: the user-agent line names a product token`, GP],
    fix: '**Safe.** The fix writes the product token alone, as Google already reads it.',
  },
  'user-agent-words': {
    example: 'User-agent: Googlebot Image\nDisallow: /\n',
    means:
      "The name is several words, and Google reads only the first (up to the space): `Googlebot Image` is read as `Googlebot`, so the group applies to Google's web crawler, not only its image crawler. Or the words spell a known crawler apart (`Google Bot` is read as `Google`, and Googlebot does not follow the group).",
    why: 'In the example the site meant to keep images out of Google Images and keeps the whole site out of Google Search.',
    sources: [GP, RFC('2.2.1')],
    fix: "**Unsafe**, when the known crawler's name is clear (`Googlebot-Image`). The message says what changes for each crawler. Names of several words that are not a known crawler (`Sogou web spider`) get nothing: that crawler matches its own words.",
  },
  'wildcard-in-user-agent': {
    example: 'User-agent: *OrkashBot*\nDisallow: /\n',
    means:
      "The name is a pattern (`*OrkashBot*`, `*bot*`). User-agent lines take a crawler's name, and `*` only on its own: Google reads no name at all, so no crawler follows the group, not even the one named inside.",
    why: 'The crawler you meant to block is not blocked. Writing `*` instead would block every crawler, which is not what was meant either.',
    sources: [RFC('2.2.1'), GP],
    fix: '**Unsafe.** The fix keeps the crawler\'s name (`OrkashBot`) and says what it will then do ("OrkashBot will then be disallowed from /"). A generic pattern (`*bot*`) gets no fix.',
  },
  'user-agent-header': {
    example: 'User-agent: Mozilla/4.0 (compatible; MSIE 4.0; Windows NT)\nDisallow: /\n',
    means:
      "The name is a browser's full User-Agent header. Google reads its first product, `Mozilla`, which no crawler is named.",
    why: 'No crawler follows the group.',
    sources: [`${RFC('2.2.1')}: the user-agent line names a product token, not a header`, GP],
    fix: "**Unsafe**, when the header names a crawler inside (`Mozilla/5.0 (compatible; Googlebot/2.1; ...)` → `Googlebot`); the message says what that crawler will then do. A browser's header gets no fix.",
  },
  'duplicate-group': {
    example:
      'User-agent: *\nDisallow: /wp-admin/\n\nUser-agent: Googlebot\nDisallow: /search\n\nUser-agent: *\nDisallow: /wp-admin/\n',
    means:
      'A group names the same crawlers and has the same rules (and other lines) as an earlier group. Crawlers combine the two, or follow the first, and read the same either way: it changes nothing, so it is one note, not a `repeated-agent` warning per name. Names are compared as crawlers read them: `User-agent: BadBot12` and `User-agent: BadBot34` both name `BadBot` (a product token stops at the first character that is not a letter, `-` or `_`), and the note then says so rather than "word for word".',
    why: 'Usually a block pasted twice (a plugin writing its block on every save). Harmless, but one of the two is what the next edit will miss.',
    sources: [RFC('2.2.1'), G],
    fix: 'Remove one of the two groups. There is no fix robotsmatch writes.',
  },
  'agent-name-cut': {
    example: 'User-agent: AI2Bot\nUser-agent: img2dataset\nDisallow: /\n\nUser-agent: 360Spider\nDisallow: /\n',
    means:
      "A known crawler whose name is no product token (it has digits or dots): Google's parser reads only the leading letters, `-` and `_`, so `AI2Bot` is `AI`, `img2dataset` is `img`, `MJ12bot` is `MJ`, and `360Spider` names no crawler at all. Parsers that read names as Google's does match the group under the shorter name; crawlers that compare the whole name may not match it.",
    why: "Whether the crawler you named follows the group depends on its parser. A line that reads as no name (`360Spider`) leaves its group to no crawler, for every parser that reads names as Google's does; 360Spider's own parser may still read it (360 Search's robots.txt help page, read through copies of it, names `360Spider` as the name to write), and robotsmatch, which reads names as Google's parser does, answers for 360Spider with the `*` group. The names checked come from the crawler registry (`data/crawlers.json`): its entries whose name is no product token, each with the name Google reads (`googleReads`: MJ12bot, AI2Bot, Ai2Bot-Dolma, img2dataset, archive.org_bot), and its User-Agent names with digits or dots (360Spider's among them: its entry has no `googleReads`, since Google reads nothing from it). Messages about such a group name the crawler with the group Google reads, as in MJ12bot (group `MJ`).",
    sources: [
      `${GP}: a User-agent value is read up to its first character other than a letter, \`-\` or \`_\``,
      `${RFC('2.2.1')}: the product token is \`[a-zA-Z_-]\``,
    ],
    fix: "Nothing robotsmatch can write: the crawler's name is its own. If the crawler documents a token of letters only, name it too.",
  },
  'misspelt-crawler': {
    example:
      'User-agent: Duckduckgo\nUser-agent: Baidu\nUser-agent: CCBots\nUser-agent: GTPBot\nUser-agent: Claude-Bot\nDisallow: /\n',
    means:
      "A User-agent name that no crawler we know has, close to one that does: a typo (`GTPBot`, `CCBots`, `Duckduckgo`), the name with a hyphen added or dropped (`Claude-Bot`, `GPT-Bot`), with its vendor word changed (`PerplexityAI`, `ChatGPTBot`), the operator's name instead of its crawler's (`CommonCrawl` for `CCBot`), or the first part of a token (`Baidu` for `Baiduspider`). Crawlers match their own token exactly (in any case), so the crawler meant does not follow the group.",
    why: "The crawler you meant to block or slow down does not read these rules: `DuckDuckBot`, `Baiduspider` and `CCBot` follow `*` (or their own group) instead. Names close to a known token but written as a product of their own (`SemrushBot-SA`) are left alone, and so is every name further from the registry's than the cases above: custom bots such as `DogBot`, `ShopBot` or `Foobot` (not `DotBot`, `ShapBot` or `YouBot`), and the names on ai.robots.txt's list (`iAskBot`, `Shap-User`, `OpenAI`), which are crawlers of their own. `robotsmatch generate` refuses the same names as `crawlers` keys, unless the policy lists them in `custom` ([generate](../generate.md)). The known names are the crawler registry's tokens and names (`data/crawlers.json`), and two retired names still written in files (`Googlebot-Mobile`, `msnbot`); what Google reads of a name that is no token (`archive` for archive.org_bot, `MJ` for MJ12bot) is never suggested, so `archiver` gets no \"did you mean `archive`\".",
    sources: [
      'Google, *How Google interprets the robots.txt specification* (developers.google.com/search/docs/crawling-indexing/robots/robots_txt): the user agent is matched case-insensitively and exactly',
      'RFC 9309, *Robots Exclusion Protocol*, section 2.2.1 (rfc-editor.org/rfc/rfc9309)',
    ],
    fix: "Write the crawler's token as its operator documents it. There is no fix robotsmatch writes: a name that is close is not always the one meant.",
  },
  'lookalike-character': {
    example: 'User-agent: Perplexity\u2011User\nDisallow: /\n',
    shown: 'User-agent: Perplexity‑User     (U+2011, a non-breaking hyphen)\nDisallow: /\n',
    means:
      "A crawler's name with a character that looks like `-` and is not (a non-breaking hyphen U+2011, an en dash, a minus sign), or with a character that cannot be seen at all (a zero-width space, joiner or non-joiner, a word joiner, a soft hyphen): Google reads the name up to it, so `Perplexity‑User` is `Perplexity`, and Perplexity-User does not follow the group; `ClaudeBot` with a zero-width joiner after `Claude` is `Claude`, and ClaudeBot does not follow it either.",
    why: 'These characters come from copying names out of web pages, chat messages and word processors; they cannot be told apart from the name meant, or cannot be seen at all.',
    sources: [`${GP}: a User-agent value is read up to its first character other than a letter, \`-\` or \`_\``],
    fix: '**Unsafe.** The fix writes a plain `-` (or leaves the invisible character out); its message says which crawlers will then follow the group, and what they may then fetch.',
  },
  'delay-group-merged': {
    example:
      'User-agent: bingbot\nCrawl-delay: 5\n\nUser-agent: MJ12bot\nUser-agent: AhrefsBot\nDisallow: /\n\nUser-agent: *\nDisallow: /admin/\n',
    means:
      "User-agent lines with a Crawl-delay (or another key) under them and no rule, then more User-agent lines. Parsers read this two ways. Google starts a new group only after a rule, so it reads one group: the first crawlers follow the rules written for the next ones, and here bingbot is disallowed from the whole site. Parsers that start a new group at any User-agent line after another key (Python's `urllib.robotparser`, and robotsmatch's own `crawlDelay()` for the delay) give bingbot a group of its own with the delay and no rule: it may fetch every URL, and the `*` rules do not apply to it either. Google's crawlers read the file Google's way (and ignore the Crawl-delay). The crawlers that read Crawl-delay (bingbot, Slurp, SeznamBot) are the ones the line was written for, and their operators do not document which of the two readings they use; the message names them and their operators.",
    why: 'A search engine slowed down on purpose may be blocked instead, and the same file means opposite things to different parsers. When the next group is `*`, nothing changes (they follow `*` anyway) and nothing is said. The finding is on the last User-agent line before the Crawl-delay, where the fix goes.',
    sources: [
      `${GP}: a User-agent line after a rule starts a new group; other keys do not`,
      G,
      "Python's `urllib.robotparser` (docs.python.org/3/library/urllib.robotparser.html): a User-agent line after any other line starts a new entry",
      "Bing's Frédéric Dubut: a bingbot section makes bingbot ignore the `*` directives, except Crawl-delay (reported at thrivesearch.com/robots-txt-tip-from-bing-include-all-relevant-directives-if-you-have-a-bingbot-section)",
    ],
    fix: "**Unsafe.** The fix adds `Disallow:` (an empty rule, which disallows nothing) under the last User-agent line before the Crawl-delay: every parser then reads the first crawlers' group as one of its own, with the delay and no rule, as Python's robotparser reads it today. It is unsafe because it changes Google's reading: those crawlers no longer follow the next group's rules (here bingbot is then allowed every URL), and its message lists who changes. `robotsmatch lint --fix --unsafe-fixes` applies it. If the first crawlers should follow the `*` rules instead, copy those rules under their User-agent lines (a crawler with a group of its own ignores `*`, bingbot included); robotsmatch does not write that for you, since it cannot know which you meant.",
  },
  'allow-cancels-disallow': {
    example: 'User-agent: *\nAllow: /\n\nUser-agent: *\nDisallow: /\n',
    means:
      'A crawler (or `*`) is named in more than one group, and crawlers combine their rules: an `Allow` in one group outweighs this `Disallow` in another (the longer pattern wins, and `Allow` wins a tie). A block put in front of a file, such as `User-agent: *` / `Allow: /`, opens a site that disallowed everything.',
    why: 'The site meant to keep crawlers out, and every crawler without a group of its own may fetch everything. The message names the Allow that wins and the paths it opens.',
    sources: [
      `${RFC('2.2.1')}: the matching groups' rules MUST be combined`,
      `${G}: the most specific rule wins; Allow wins a tie`,
    ],
    fix: 'Remove the Allow, or merge the groups and keep the rules you mean. There is no fix robotsmatch writes.',
  },
  'rule-after-blank-line': {
    example: 'User-agent: Googlebot\nDisallow: /search\n\nDisallow: /private/\n',
    means:
      "A rule after a blank line with no User-agent line before it. Blank lines do not end a group, so Google and RFC 9309 crawlers read it as part of the named crawler's group above, not as a rule for every crawler.",
    why: "Rules meant for everyone apply to one crawler only. Said only when the group above is not `*`, and once per group: on its first rule after a blank line, counting the rules after it.\n\nIt is a warning when the rules look meant for someone else: the group has one run of rules after a blank line (the file's last lines, after a bad bot's `Disallow: /`), or the group already disallows everything before it. When a group spaces its rules with blank lines throughout (two or more runs, as some sites write every rule), Google reads the group as the author meant, and the finding is an info.",
    sources: [
      "Google's open-source robots.txt parser, robots.cc (github.com/google/robotstxt), which robotsmatch reproduces byte for byte: blank lines are ignored",
      'RFC 9309, *Robots Exclusion Protocol*, section 2.2 (rfc-editor.org/rfc/rfc9309)',
    ],
    fix: 'Put a `User-agent:` line above the rules to say whom they are for. There is no fix robotsmatch writes.',
  },
  'regex-in-pattern': {
    example: 'User-agent: *\nDisallow: /find-agent/(.*)\nDisallow: /O.*Z\nDisallow: /wiki/Foo_(bar)\n',
    means:
      'A pattern written as a regular expression: a group with regex inside (`(.*)`, `(foo|bar)`), a character class (`[0-9]`, `[^/]`), `+` after `.`, `)` or `]`, a leading `^`, a `\\` escape (`\\.`, `\\d`), or `.*` inside a literal run (`/O.*Z`, `/dir/.*`). Robots.txt has only two special characters, `*` (any characters) and `$` (the end of the URL); crawlers match everything else as characters of the URL.',
    why: "`Disallow: /find-agent/(.*)` disallows only URLs that contain `(.` and `)` after `/find-agent/`: the agents' pages it was written for stay open to every crawler. `Disallow: /O.*Z` needs a literal `.` after `/O`, so `/OAZ` is not disallowed. The finding names the pattern probably meant, with `*` where the expression had its wildcard, and the pattern's end dropped when it was only a wildcard (a pattern already matches every path it begins).\n\nLeft alone, because they are a URL's own characters or robots.txt syntax used as written: `/wiki/Foo_(bar)` (parentheses with no regex inside), `/search?q=a+b` (a `+` in a query), `/index.*` (a literal `.` then anything), `/c++/`.",
    sources: [
      'RFC 9309, *Robots Exclusion Protocol*, section 2.2.3 (rfc-editor.org/rfc/rfc9309): the special characters are `*` and `$`',
      'Google, *How Google interprets the robots.txt specification* (developers.google.com/search/docs/crawling-indexing/robots/robots_txt): "Google, Bing, and other major search engines support a limited form of wildcards"',
    ],
    fix: 'An unsafe fix writes the pattern probably meant (`Disallow: /find-agent/`); it changes what crawlers do, which is the point, so read it first. A group of alternatives (`/(foo|bar)/`) needs one rule per path (`Disallow: /foo/` and `Disallow: /bar/`), which you write.',
  },
  'pattern-never-matches': {
    example: 'User-agent: *\nDisallow: /{lang}/search\nDisallow: /search?q={term}\n',
    means:
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the text shows a literal `${...}` pattern
      'The pattern has a character that never appears as it is in a URL a crawler requests: `"`, `<` and `>` are sent percent-encoded (`%22`...) everywhere in a URL; `{`, `}` and `` ` `` are sent percent-encoded in its path, and a backslash is read as `/` there. A template never filled in (`/{lang}/`, `${PATH}`) never matches. In a query string (after `?`), `{`, `}`, `` ` `` and `\\` are sent as they are, so `/search?q={term}` can match and gets nothing here. A regular expression (`\\.`, `(.*)`) gets [`regex-in-pattern`](regex-in-pattern.md), which names the pattern meant.',
    why: 'The rule does nothing.',
    sources: [
      'WHATWG URL Standard, the path and query percent-encode sets (url.spec.whatwg.org/#path-percent-encode-set, url.spec.whatwg.org/#query-percent-encode-set)',
      "Google's open-source robots.txt parser, robots.cc (github.com/google/robotstxt), which robotsmatch reproduces byte for byte",
    ],
    fix: 'Write the paths the template stands for, with `*` for the parts that vary (`/*/search`). There is no fix robotsmatch writes.',
  },
  'double-encoded-pattern': {
    example:
      'User-agent: *\nDisallow: /search%253Fq%253D\nDisallow: /files/Price%2520List.pdf\nDisallow: /sale/50%25-off/\n',
    means:
      'The pattern has `%25` followed by two hex digits: a `%XX` whose `%` was percent-encoded again (`%253F` is `%3F` encoded twice, `%2520` is `%20`). Usually a generator encoded a path that was already encoded. Google and RFC 9309 crawlers keep `%25` as it is in a pattern and never decode the URL they request to match it, so the rule matches only URLs that contain the literal text `%253F`: `Disallow: /search%253Fq%253D` does not block `/search?q=shoes`, nor `/search%3Fq%3Dshoes`. A `%25` before anything but two hex digits (`/sale/50%25-off/`) is a real percent sign and gets nothing, and so does a pattern that also has escapes of one level (`?referer=%2Forders%253Fpage%253D2`): that is an encoded URL carried in a parameter, whose own `%` is rightly encoded once more.',
    why: "The URLs the rule was written for stay open (or, for an Allow, stay closed). If the site's own links really are encoded twice (some file managers and CMSes produce `%2520` for a file name with `%20` in it), the rule is right as it is, which is why this is a warning and there is no fix.",
    sources: [
      `${GP}: a pattern's \`%XX\` is only upper-cased, never decoded, and the URL is matched as requested`,
      RFC('2.2.2') +
        ': a percent-encoded octet is decoded before matching only when it is an unreserved character, and `%` is not one',
    ],
    fix: "Write the pattern as the URL is requested: `%253F` as `?` (or `%3F` if the site's URLs hold an encoded `?`), `%2520` as `%20`. There is no fix robotsmatch writes, since only the site knows which URLs it serves.",
  },
  'repeated-agent': {
    example:
      'User-agent: *\nDisallow: /wp-admin/\n\nUser-agent: Googlebot\nDisallow: /search\n\nUser-agent: *\nDisallow: /cart/\n',
    means:
      'A crawler (or `*`) is named in more than one group. Google and RFC 9309 crawlers combine the rules of every group that names it; crawlers written to the older convention follow only the first group.',
    why: 'Edits to one group seem to be the whole story and are not; and for crawlers that take the first group, the later rules do not exist. A Cloudflare managed block put in front of a WordPress file makes two `*` groups, the first of which is `Allow: /`.',
    sources: [
      RFC('2.2.1') +
        ': "If there are multiple groups matching the user-agent, the matching groups\' rules MUST be combined"',
      G,
    ],
    fix: 'Merge the groups. There is no fix robotsmatch writes.',
  },
  'modes-differ': {
    example: 'User-agent: * (all crawlers)\nDisallow: /private/\n',
    means:
      'Google and RFC 9309 crawlers read the line differently: `* text` is `*` for Google and no name for RFC 9309; a percent-encoded letter or digit (`/%62ar`) matches either form for RFC 9309 and only that form for Google; an `Allow: .../index.html` also allows its directory for Google.',
    why: 'Worth knowing when crawlers other than Google matter.',
    sources: [GP, RFC('2.2.2')],
    fix: '**Safe**, for `* text`: the fix writes `*` alone, as Google already reads it. The other cases have no fix.',
  },
  'ignores-star-group': {
    example: 'User-agent: *\nDisallow: /wp-admin/\nDisallow: /search/\n\nUser-agent: Googlebot\nDisallow: /search/\n',
    means:
      "A crawler with a group of its own follows only that group and ignores every `*` rule. The message names the `*` rules it escapes: the paths `*` disallows that this crawler may fetch, by the core's own verdicts.",
    why: 'A common belief is that `*` rules apply to everyone and the named group adds to them. They do not: in the example Googlebot may fetch `/wp-admin/`.',
    sources: [`${G}: "only one group is valid for a particular crawler ... the most specific"`, RFC('2.2.1')],
    fix: 'Repeat the `*` rules the crawler should follow in its own group. There is no fix robotsmatch writes: which rules it should follow is yours to say.',
  },
  'empty-group': {
    example: 'User-agent: *\nDisallow: /checkout/\n\nUser-agent: Bingbot\nCrawl-delay: 5\n',
    means:
      "A crawler's own group has no Allow or Disallow rule (only Crawl-delay, say), while `*` disallows things. The crawler follows only its own group, so it may fetch every URL, including what `*` disallows.",
    why: 'Slowing Bing down with a group of its own also lets it crawl everything `*` keeps out.',
    sources: [G, RFC('2.2.1')],
    fix: "Add the `*` rules to the crawler's group. There is no fix robotsmatch writes.",
  },
  'allow-all-group': {
    example: 'User-agent: *\nDisallow: /checkout/\n\nUser-agent: DuckDuckBot\nDisallow:\n',
    means:
      "A crawler's own group allows everything (`Disallow:` with no path, or `Allow: /`) while `*` disallows things. Often intended (a crawler that must see every page), so it is a note. Crawlers that ignore `*` anyway (Google's AdsBot-Google and Mediapartners-Google) get no note: the `*` rules were never theirs.",
    why: 'Worth checking that the crawler should see what `*` keeps out. A whole-site `*` block with groups that allow named crawlers is the usual "only these crawlers" file, and gets no note.',
    sources: [G],
    fix: 'Nothing to fix if it is meant.',
  },
  'disallow-all': {
    example: '# staging\nUser-agent: *\nDisallow: /\n',
    means:
      'The `*` group disallows every path and has no Allow, and Googlebot has no group of its own: Google, Bing and every crawler without a group of its own may fetch nothing on the site.',
    why: 'A staging site\'s robots.txt shipped to production removes the site from search. If only some crawlers have their own groups (the "only these crawlers" file), the message says which may still fetch.',
    sources: [G, RFC('2.2.2')],
    fix: 'If it was meant, silence it: `# robotsmatch: ignore-file[disallow-all]`. Otherwise replace the file. There is no fix robotsmatch writes.',
  },
  'crawl-delay-ignored': {
    example: 'User-agent: Googlebot\nDisallow: /search\nCrawl-delay: 10\n',
    means:
      "Crawl-delay in a group that only Google's crawlers (or only Yandex's) read. Google ignores Crawl-delay, and Yandex has since February 2018, so the line changes nothing. Whose crawlers they are comes from the crawler registry (`data/crawlers.json`, `readsCrawlDelay: false`, every Google and Yandex entry), with Google's retired `Googlebot-Mobile`.",
    why: 'The crawl rate you meant to set is not set.',
    sources: [`${G}: "Google doesn't support the crawl-delay rule"`, YCD],
    fix: "Remove the line; set Google's crawl rate in Search Console's settings if you must, Yandex's in Yandex Webmaster.",
  },
  'long-crawl-delay': {
    example: 'User-agent: Bingbot\nCrawl-delay: 60\n',
    means:
      "A Crawl-delay of 30 seconds or more in a group that Bing (or every crawler) follows: at most 86,400 / delay URLs a day. The crawlers named are those the crawler registry (`data/crawlers.json`) records as waiting the delay because their operator says so (`readsCrawlDelay: true`: bingbot, Yahoo's Slurp, SeznamBot).",
    why: "At 60 seconds Bing fetches at most 1,440 pages a day: a site with more pages than that is never fully crawled. (Delays for SEO tools' crawlers are their owner's choice and get no warning.)",
    sources: [BING],
    fix: 'A delay of a few seconds, or none (Bing Webmaster Tools sets a crawl rate by hour). There is no fix robotsmatch writes.',
  },
  'duplicate-rule': {
    example: 'User-agent: *\nDisallow: /tmp/\nDisallow: /private/\nDisallow: /tmp/\n',
    means: 'The same rule appears twice in one group: the second changes nothing.',
    why: 'Harmless; usually a sign of two edits that did not see each other.',
    sources: [G],
    fix: '**Safe.** The fix removes the repeated line.',
  },
  'conflicting-rules': {
    example: 'User-agent: *\nDisallow: /shop\nAllow: /shop\n',
    means:
      'The same pattern is both allowed and disallowed in one group. Allow wins a tie, so crawlers may fetch these URLs.',
    why: 'One of the two lines does nothing; if it was the Disallow you meant, the URLs are crawled.',
    sources: [
      `${G}: "In case of conflicting rules, including those with wildcards, Google uses the least restrictive rule"`,
      RFC('2.2.2'),
    ],
    fix: 'Remove the line you did not mean. There is no fix robotsmatch writes.',
  },
  'pattern-no-leading-slash': {
    example: 'User-agent: *\nDisallow: private/\nAllow: .css\n',
    means:
      'The pattern starts with neither `/` nor `*`. Every URL path starts with `/`, so it never matches, and crawlers never apply the rule.',
    why: 'The rule does nothing.',
    sources: [`${RFC('2.2.2')}: the path starts with \`/\``, G],
    fix: '**Unsafe.** The fix writes the pattern as it was most likely meant (`private/` → `/private/`, `.css` → `/*.css`, `?sid=` → `/*?sid=`); it makes the rule apply, and the message says what crawlers will then do. Patterns that look like a host name get no fix. A doubled colon (`Disallow:: /private/`, which Google reads as the pattern `: /private/`) is fixed to `Disallow: /private/`.',
  },
  'url-as-pattern': {
    example: 'User-agent: *\nDisallow: http://cdn.example.com/\n',
    means: 'The pattern is a full URL. Crawlers match rules against the path alone, so it never applies.',
    why: "A robots.txt speaks only for its own host: a rule for another host belongs in that host's robots.txt. Turning `http://cdn.example.com/` into `/` would disallow this whole site.",
    sources: [RFC('2.2.2'), `${G}: "a robots.txt file applies only to the host, protocol and port it is posted on"`],
    fix: '**Unsafe**, and only when robotsmatch lints the URL and the host is this one: the fix writes the path alone, and the message says what crawlers will then do. For another host, or an unknown one, there is no fix.',
  },
  'whitespace-in-pattern': {
    example: 'User-agent: *\nDisallow:\u00a0/account/\nDisallow: /gift card\n',
    shown: 'User-agent: *\nDisallow:<NBSP>/account/     (a non-breaking space after the colon)\nDisallow: /gift card\n',
    means:
      'The pattern has a space in it, or a non-breaking (or other invisible) space at either end. Crawlers request a space as `%20` and a non-breaking space as `%C2%A0`, and Google trims only ASCII spaces, so the pattern never matches a URL a crawler requests.',
    why: 'The rule does nothing. Non-breaking spaces come from copying rules out of a web page or a word processor.',
    sources: [`${GP}: only ASCII whitespace is trimmed; bytes beyond ASCII are percent-encoded`, RFC('2.2.2')],
    fix: '**Unsafe**, and only where what was meant is plain: the fix removes an invisible space; removes a space beside `=`, `&` or `?` (`/*utm_content =` → `/*utm_content=`) or before a run of `*` (`/buscar/ ***` → `/buscar/***`); splits `/a /b` into two rules when each part starts with `/`; or writes a space inside a path as `%20` (`/gift card` → `/gift%20card`). It never makes a rule take in the whole site: `/* */*$` gets no fix, since splitting it would write `Disallow: /*`. The message says what every crawler will then do, worked out with the matcher.',
  },
  'hash-in-pattern': {
    example: 'User-agent: *\nDisallow: /#!/admin\n',
    means:
      "`#` right after a pattern starts a comment: `Disallow: /#!/admin` is `Disallow: /`, and `Disallow: /page#top` is `Disallow: /page`. A URL's `#fragment` never reaches the server, so no rule can match it anyway.",
    why: 'The rule crawlers apply can be far wider than the one written: in the example, the whole site.',
    sources: [`${RFC('2.2')}: "#" starts a comment`, G],
    fix: 'Remove the `#...` part (rules cannot address fragments). There is no fix robotsmatch writes.',
  },
  'dollar-inside-pattern': {
    example: 'User-agent: *\nDisallow: /*.pdf$*\n',
    means:
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the text shows a literal `${...}` pattern
      '`$` anchors a pattern only as its last character. Followed by `*` or another `$`, it is a literal `$`, so the rule applies only to URLs that contain one. A `$` followed by anything else (`/*$history`, `/${path}`, `/$5-deals`) is taken to be meant literally and gets nothing.',
    why: 'In the example, PDFs are not disallowed: only URLs containing `.pdf$` are.',
    sources: [`${RFC('2.2.3')}: "$" designates the end of the match pattern`, G],
    fix: 'Move `$` to the end (`/*.pdf$`). There is no fix robotsmatch writes: which was meant is yours to say.',
  },
  'relative-sitemap': {
    example: 'User-agent: *\nDisallow:\n\nSitemap: /sitemap.xml\n',
    means:
      'The Sitemap line is not a full URL (`/sitemap.xml`, `sitemap.xml`, `//example.com/sitemap.xml`, or `sitemap https://...` without its colon, which Google reads as `//...`). Crawlers ignore it. A full URL with another scheme (`ftp://`) is not reported.',
    why: 'The sitemap is not found through robots.txt.',
    sources: [SITEMAPS, `${G}: "The [sitemap] URL must be a fully-qualified URL"`],
    fix: "**Unsafe** (it changes no crawler's verdict; crawlers will read a sitemap): the fix writes the full URL when it is known: the colon was missing, the URL was protocol-relative (assuming https), or robotsmatch linted the URL and resolves the path against it.",
  },
  'bare-url': {
    example: 'User-agent: *\nDisallow:\n\nhttps://example.com/sitemap.xml\n',
    means:
      'A line that is a URL and nothing else. Google reads its key as `https` and ignores it; every other crawler too.',
    why: 'It was almost always meant as a Sitemap line, and the sitemap is not found.',
    sources: [SITEMAPS],
    fix: "**Unsafe** (it changes no crawler's verdict): when the URL looks like a sitemap, the fix writes `Sitemap: ` in front of it.",
  },
  'usage-outside-group': {
    example:
      '# Nuxt AI Ready Content Signals\nContent-Usage: train-ai=y\nContent-Signal: ai-train=yes, search=yes, ai-input=yes\n\nUser-agent: *\nDisallow: /admin/\n\nSitemap: https://example.com/sitemap.xml\n',
    means:
      'A `Content-Signal` or `Content-Usage` line comes before the first User-agent line. Both belong to a group, like Allow and Disallow: they apply to the crawlers of the group they sit in. Before any User-agent line there is no group, so the line states no preference for any crawler. (A `License:` line is global and may stand anywhere.)',
    why: "Generators that print the usage lines first (here, the shape a Nuxt module writes) leave the site's AI preferences unread by the crawlers that follow the specifications.",
    sources: [
      CSP,
      `${ATTACH}: "A Content-Usage rule is added to the set of potential rules that can be included in a Group"`,
      `${RFC('2.1')}: a group starts with its user-agent lines`,
    ],
    fix: 'Move the line under the User-agent line of the group it is for (under `User-agent: *` for every crawler without a group of its own). There is no fix robotsmatch writes: which group is meant is a decision.',
  },
  'usage-joins-groups': {
    example: 'User-agent: *\nContent-Signal: search=yes, ai-train=no\n\nUser-agent: GPTBot\nDisallow: /\n',
    means:
      "A `Content-Signal` or `Content-Usage` line stands between User-agent lines with no Allow or Disallow line between them. A group ends only at an Allow or Disallow line (in Google's parser, and in robotsmatch's RFC 9309 mode too), so the User-agent lines before and after it are one group: every rule below applies to the crawlers named above, and the usage line applies to the crawlers named below. The blank line does not end the group.",
    why: 'In the example, the file means "every crawler may fetch everything, GPTBot nothing", and crawlers read "every crawler may fetch nothing": `*` shares GPTBot\'s `Disallow: /`. The usage line also applies to GPTBot, which was not meant either. Cloudflare\'s managed file puts `Allow: /` after its Content-Signal line, which ends the group.',
    sources: [
      GP +
        ': a user-agent line after an Allow or Disallow line starts a new group; after any other line it joins the group',
      RFC('2.1') +
        ': `group = startgroupline *(startgroupline / emptyline) *(rule / emptyline)`, user-agent lines followed by their rules',
      CSP,
    ],
    fix: "End the group where it was meant to end: put its Allow or Disallow rules before the next User-agent line (`Allow: /` after the Content-Signal line, as Cloudflare's file does, when the crawlers may fetch everything). There is no fix robotsmatch writes: splitting a group changes what its crawlers may fetch, which is a decision.",
  },
  'usage-never-applies': {
    example: 'User-agent: GPTBot\nDisallow: /\nContent-Usage: train-ai=n\n',
    means:
      "Every crawler that follows the group may fetch no URL of the site (a rule that disallows every path, and no Allow), so the group's `Content-Signal` or `Content-Usage` line never applies: usage preferences speak only to content that may be crawled.",
    why: 'Nothing is lost, and nothing is gained: the Disallow already keeps the content from those crawlers. The line suggests a preference that no crawler will ever act on; if the crawler was meant to fetch some pages and not use them for training, the Disallow is what to change.',
    sources: [
      ATTACH +
        ': "Usage preferences apply only to those resources that can be crawled according to Allow/Disallow rules"',
      RFC('2.2.2'),
    ],
    fix: 'Nothing to fix. Remove the line if it is noise, or allow what the crawler may fetch and keep the preference for it.',
  },
  'signal-syntax': {
    example: 'User-agent: *\nContent-Signal: search=yes; ai-train=no\nAllow: /\n',
    means:
      'An entry of a `Content-Signal` line is not `key=value`: a key with no value (`search`), a value with no key (`=yes`), a key with a space in it (`ai train=no`), or entries separated by semicolons (`search=yes; ai-train=no`) where the policy separates them with commas. Crawlers that read Content-Signal ignore the entry.',
    why: 'The preference in that entry is not stated. With semicolons, neither entry is read.',
    sources: [CSP],
    fix: '**Unsafe** (it changes what crawlers that read usage statements read: an entry they ignored becomes a preference, so the message says which) where the entry plainly means one key and one value (semicolons written as commas, `ai train=no` as `ai-train=no`): the fix writes it so, and says what crawlers that read Content-Signal will then read. Google ignores Content-Signal, so no verdict on any URL changes. A key alone (`search`) gets no fix: yes or no is for you to say.',
  },
  'signal-unknown-key': {
    example: 'User-agent: *\nContent-Signal: search=yes, ai_train=no\nAllow: /\n',
    means:
      'A `Content-Signal` key that the policy does not define. Its keys are `search`, `ai-input`, `ai-train` and `use` (read in any case); any other is ignored by the crawlers that read the line. The message names the key it probably meant (`ai_train` → `ai-train`, and `train-ai`, the AIPREF name, → `ai-train`).',
    why: 'The preference is lost: here the site says nothing about AI training to the crawlers that read Content-Signal.',
    sources: [CSP],
    fix: "**Unsafe** (it changes what crawlers that read usage statements read: an entry they ignored becomes a preference, so the message says which) when the key is one of the policy's written differently (`ai_train`, `AI-Train`, `train-ai`) and its value is plain: the fix writes the key as the policy does, and says what crawlers will then read. Google ignores Content-Signal, so no verdict on any URL changes.",
  },
  'signal-invalid-value': {
    example: 'User-agent: *\nContent-Signal: search=yes, ai-input=y, ai-train=false\nAllow: /\n',
    means:
      "A `Content-Signal` value other than `yes` or `no` (read in any case), or for `use` other than `immediate`, `reference` or `full`. Crawlers that read the line ignore the entry, so they read no preference for that key. AIPREF's `y` and `n` are not Content-Signal values.",
    why: 'A missing preference is neither a yes nor a no: the policy says that without a signal the site "neither grants nor restricts permission" for that use.',
    sources: [CSP],
    fix: '**Unsafe** (it changes what crawlers that read usage statements read: an entry they ignored becomes a preference, so the message says which) when the value plainly means yes or no (`y`, `n`, `true`, `false`, `"no"`): the fix writes `yes` or `no`. Other values get a suggestion at most.',
  },
  'signal-duplicate-key': {
    example: 'User-agent: *\nContent-Signal: ai-train=yes, search=yes, ai-train=no\nAllow: /\n',
    means:
      "A `Content-Signal` line gives one key twice, with different values. The policy does not say which counts. robotsmatch's `usage()` and purpose filter take the most restrictive (`no` over `yes`, the lesser `use` level); a reader that keeps the first or the last value may read the other one. The message says what each reads.",
    why: "Crawlers disagree on the site's preference for that use.",
    sources: [CSP],
    fix: 'Keep the value you mean and remove the other. There is no fix robotsmatch writes: which one was meant is a decision.',
  },
  'signal-conflict': {
    example:
      '# BEGIN Cloudflare Managed content\nUser-Agent: *\nContent-Signal: search=yes, ai-train=no\nAllow: /\n# END Cloudflare Managed Content\n\nUser-agent: *\nContent-Signal: search=yes, ai-train=yes\nDisallow: /cart\n',
    means:
      "Two `Content-Signal` lines that the same crawlers read give one key different values. A crawler reads the signals of every group it follows, and groups for the same crawler merge (all `*` groups are one for a crawler without a group of its own): typically Cloudflare's managed block and the site's own `User-agent: *` group. The message names who reads both and what the most restrictive reading is.",
    why: "The line that says `yes` changes nothing for readers that take the most restrictive value (robotsmatch's `usage()` and purpose filter, and the AIPREF rule for combining preferences), while readers that take the first or the last line may read either. Which one the site meant is not stated.",
    sources: [CSP],
    fix: "Keep one line for the key, in one of the groups, with the value you mean (on a Cloudflare-managed site, change the managed signal in Cloudflare's dashboard rather than adding a second one). There is no fix robotsmatch writes: which value was meant is a decision.",
  },
  'usage-overruled-by-signal': {
    example:
      'User-Agent: *\nContent-Signal: search=yes, ai-train=no\nAllow: /\n\nUser-agent: *\nContent-Usage: /blog/ train-ai=y\nDisallow: /cart\n',
    means:
      "A `Content-Usage` rule says `y` to AI training (`train-ai`) or search, and a `Content-Signal` line that the same crawlers read says `no` to that use (`ai-train`, `search`). Typically Cloudflare's managed `ai-train=no` and the site's own rule opening a section for training. robotsmatch, and readers that combine statements as the AIPREF vocabulary does (any disallow wins), read no.",
    why: 'The section you meant to open is not open to those readers: the yes changes nothing while the other line says no.',
    sources: [CSP, `${VOCAB}: combining preferences, the most restrictive applies`, ATTACH],
    fix: 'Decide which you mean: remove or narrow the Content-Signal (on a Cloudflare-managed site, in its dashboard), or drop the Content-Usage yes. There is no fix robotsmatch writes.',
  },
  'signal-not-inherited': {
    example:
      'User-Agent: *\nContent-Signal: search=yes, ai-train=no\nAllow: /\n\nUser-agent: OAI-SearchBot\nUser-agent: PerplexityBot\nAllow: /\n',
    means:
      "The `*` group carries a `Content-Signal` line, and a group naming other well-known crawlers (search engines, AI crawlers: the ones that may read signals), which may fetch something, has none. Each crawler is named once, on the first group naming it. Those crawlers follow their own group instead of `*`, for their rules and for the signals: a signal belongs to the group it is in, so they read no signal at all. robotsmatch reads it this way (`usage()` gives them no Content-Signal, and `explain()` says why); a crawler that took the `*` group's signal as a site-wide default would read it, and the policy does not say so.",
    why: "A site that names AI search crawlers to let them in, and relies on the `*` group's `ai-train=no`, has said nothing about training to them.",
    sources: [
      CSP,
      RFC('2.2.1') +
        ': a crawler follows the group whose user-agent line names it, and the `*` group only when none does',
    ],
    fix: 'Add the `Content-Signal` line to their group too, with the values you mean for them. There is no fix robotsmatch writes: they may be meant to read other values.',
  },
  'usage-unparsed': {
    example: 'User-agent: *\nAllow: /\nContent-Usage: / Train-AI=n, search=y\n',
    means:
      'The preferences of a `Content-Usage` line are not a valid RFC 9651 Dictionary, which the AIPREF vocabulary requires: an upper-case label (`Train-AI`), a trailing comma, spaces around `=`, a non-ASCII character... The message gives the reason. A Dictionary that does not parse makes every preference on the line unknown, the valid ones included (`search=y` here).',
    why: 'The line states nothing to the crawlers that follow the AIPREF drafts.',
    sources: [VOCAB, SF, ATTACH],
    fix: '**Unsafe** (it changes what crawlers that read usage statements read: an entry they ignored becomes a preference, so the message says which) when the intent is plain: labels in lower case, `yes`/`no`/`Y`/`"n"` as the tokens `y` and `n`, no spaces around `=`, no trailing comma. The fix is offered only when the result parses, no label is given twice, and no preference that crawlers read today changes; its message says what they will then read. Google ignores Content-Usage, so no verdict on any URL changes.',
  },
  'usage-no-preference': {
    example: 'User-agent: *\nAllow: /\nContent-Usage: /blog/ train-ai=N, search=yes\n',
    means:
      'A `Content-Usage` entry that parses but states no preference: a value other than the tokens `y` and `n` (`yes`, `N`, `true`), a quoted value (`"n"` is a string, not the token `n`), or a label without a value. Crawlers that read AI preferences take the label as unknown.',
    why: 'The preference you wrote is not stated. Tokens are case-sensitive: `N` is not `n`.',
    sources: [VOCAB, SF, ATTACH],
    fix: '**Unsafe** (it changes what crawlers that read usage statements read: an entry they ignored becomes a preference, so the message says which) when the value plainly means y or n (`yes`, `no`, `N`, `"n"`): the fix writes the token, under the same conditions as `usage-unparsed`. A label without a value gets no fix.',
  },
  'usage-unknown-label': {
    example: 'User-agent: *\nAllow: /\nContent-Usage: / train-genai=n\n',
    means:
      'A `Content-Usage` label that the current AIPREF vocabulary draft does not define: it defines `train-ai` and `search`, and crawlers MUST ignore other labels. Labels of earlier drafts still seen in real files (`train-genai`, `ai-use`, `bots`, `ai-output`) are among them: the message says so and suggests `train-ai` where it fits.',
    why: 'The preference is ignored. A file that says `train-genai=n` to opt out of training has stated nothing to crawlers that follow the current draft.',
    sources: [
      VOCAB,
      ATTACH,
      'Earlier drafts of the vocabulary defined labels that -07 no longer has, among them `bots` and `train-genai` (draft-ietf-aipref-vocab-03) and `ai-use`',
    ],
    fix: "**Unsafe** (it changes what crawlers that read usage statements read: an entry they ignored becomes a preference, so the message says which) only when the label is a current one written differently (`ai-train`, Content-Signal's name, or `train_ai` → `train-ai`). An outdated label gets a suggestion and no fix: the categories were redefined between drafts, so whether `train-ai` says what you meant is yours to decide.",
  },
  'usage-duplicate-label': {
    example: 'User-agent: *\nAllow: /\nContent-Usage: / train-ai=n, search=y, train-ai=y\n',
    means:
      'A `Content-Usage` line gives one label twice, with different values. In an RFC 9651 Dictionary the last value counts, so crawlers read that one (unlike several Content-Usage lines for one path, which combine to the most restrictive).',
    why: 'An opt-out written first and an opt-in written last is an opt-in.',
    sources: [SF, VOCAB, ATTACH],
    fix: 'Keep the value you mean. There is no fix robotsmatch writes.',
  },
  'license-not-url': {
    example: 'License: /license.xml\n\nUser-agent: *\nDisallow: /admin/\n',
    means:
      "A `License:` line (RSL, Really Simple Licensing) whose value is not a full `http` or `https` URL with a host. RSL requires the licence file's fully qualified URL; crawlers that honour RSL find no licence in a relative path.",
    why: "The site's licensing terms are not found, so crawlers that look for them proceed as if there were none.",
    sources: [RSL, `${G}: Google ignores \`License\``],
    fix: "**Unsafe** (it changes no crawler's verdict): when robotsmatch lints a URL, a path is resolved against it, and `//host/path` is given `https:`. Otherwise write the full URL.",
  },
};
