// Files for lint() time against size (bench/lint.mjs) and for the tests that
// read lint's fixes late (test/lint-fixes-lazy.test.ts): real-world-shaped
// robots.txt files of a given size, dense with lines to fix.

/** A real-world-shaped file of about `kb` KB: WordPress rules for `*`, then a bad-bot list with named crawlers' own groups, every tenth one with a line to fix. */
export function manyGroups(kb) {
  let out =
    '# robots.txt\nUser-agent: *\nDisallow: /wp-admin/\nAllow: /wp-admin/admin-ajax.php\nDisallow: /search /tag/\nDissallow: /tmp/\nDisallow: /*?utm_source= *\n\n';
  for (let i = 0; out.length < kb * 1024; i++) {
    if (i % 10 === 0)
      out += `User-agent: Crawler${i}Bot Disallow: /private-${i}/\nDisallow: /cart-${i}/ /checkout-${i}/\nCrawl-delay: 10\n\n`;
    else if (i % 10 === 5)
      out += `User-agent: Site${i}Bot\nDisallow: /admin-${i}/\nAllow: /admin-${i}/public/\nDisallow: /*.json$\n\n`;
    else out += `User-agent: BadBot${String.fromCharCode(65 + (i % 26))}${i}\nDisallow: /\n\n`;
  }
  return `${out}Sitemap: https://www.example.com/sitemap.xml\n`;
}

/** A file of about `kb` KB written as joined lines (a file whose line breaks were lost, one group a line). */
export function joinedLines(kb) {
  let out = '';
  for (let i = 0; out.length < kb * 1024; i++)
    out += `User-agent: Bot${String.fromCharCode(65 + (i % 26))} Disallow: /a${i}/ Disallow: /b${i}/ Allow: /b${i}/public/\n`;
  return out;
}

const AI_CRAWLERS = [
  'GPTBot',
  'ChatGPT-User',
  'OAI-SearchBot',
  'ClaudeBot',
  'Claude-Web',
  'anthropic-ai',
  'CCBot',
  'Google-Extended',
  'Applebot-Extended',
  'Bytespider',
  'PerplexityBot',
  'Amazonbot',
  'meta-externalagent',
  'FacebookBot',
  'cohere-ai',
  'Diffbot',
  'omgili',
  'ImagesiftBot',
  'YouBot',
  'Timpibot',
  'MJ12bot',
  'AI2Bot',
  'img2dataset',
  'DeepSeekBot',
  'PetalBot',
];
const SECTIONS = [
  'news',
  'sport',
  'culture',
  'opinion',
  'video',
  'archive',
  'tag',
  'author',
  'search',
  'account',
  'newsletter',
  'podcast',
];

/**
 * A news publisher's file of about `kb` KB, shaped like the large files the
 * web has (30 to 70 KB): a long `*` group of section, query and file-type
 * rules, Googlebot and bingbot groups of their own (Crawl-delay), a group
 * per AI crawler (registry names, non-token names such as MJ12bot among
 * them), regional editions repeating the rules, and sitemaps; about one line
 * in 25 has something to fix (a space in a path, a misspelt key, a path
 * without its `/`, a full URL, joined lines), as such files do.
 */
export function publisher(kb) {
  const flaw = (i, rule) => {
    switch (i % 125) {
      case 0:
        return `Disallow: /${rule} /print/`;
      case 25:
        return `Dissalow: /${rule}`;
      case 50:
        return `Disallow: ${rule}`;
      case 75:
        return `Disallow: https://www.example-news.com/${rule}`;
      case 100:
        return `Disallow: /${rule} Allow: /${rule}public/`;
      default:
        return `Disallow: /${rule}`;
    }
  };
  let out = '# robots.txt for www.example-news.com\n# Questions: webmaster@example-news.com\n\nUser-agent: *\n';
  let i = 0;
  const edition = (region) => {
    for (const s of SECTIONS) {
      out += `${flaw(i++, `${region}${s}/*?page=`)}\n${flaw(i++, `${region}${s}/*/amp$`)}\nAllow: /${region}${s}/$\n`;
    }
    out += `Disallow: /${region}*?utm_source=\nDisallow: /${region}*.pdf$\n`;
  };
  edition('');
  out +=
    '\nUser-agent: Googlebot\nUser-agent: Googlebot-News\nDisallow: /search/\nDisallow: /account/\nAllow: /\n\nUser-agent: bingbot\nCrawl-delay: 5\nDisallow: /search/\n\n';
  for (const name of AI_CRAWLERS) out += `User-agent: ${name}\nDisallow: /\n\n`;
  const regions = [
    'uk',
    'us',
    'au',
    'in',
    'ca',
    'de',
    'fr',
    'es',
    'it',
    'br',
    'mx',
    'jp',
    'kr',
    'za',
    'ng',
    'ie',
    'nz',
    'sg',
  ];
  for (let r = 0; out.length < kb * 1024; r++) {
    out += `# ${regions[r % regions.length]} edition ${r}\nUser-agent: *\n`;
    edition(`${regions[r % regions.length]}${r}/`);
    out += '\n';
  }
  for (const s of SECTIONS) out += `Sitemap: https://www.example-news.com/sitemaps/${s}.xml\n`;
  return out;
}

/**
 * A small file of about `kb` KB (a few KB) dense with fixes, shaped like the
 * files whose line breaks were lost or mangled by an editor: joined lines
 * naming registry crawlers, spaces in paths, misspelt keys, rules without a
 * `/`: nearly every line has something to fix, many of them unsafe.
 */
export function fixDense(kb) {
  let out = 'User-agent: * Disallow: /wp-admin/ Allow: /wp-admin/admin-ajax.php\n';
  for (let i = 0; out.length < kb * 1024; i++) {
    const name = AI_CRAWLERS[i % AI_CRAWLERS.length];
    switch (i % 5) {
      case 0:
        out += `User-agent: ${name} Disallow: /\n`;
        break;
      case 1:
        out += `User-agent: ${name}\nDisallow: /private-${i}/ /drafts-${i}/\n`;
        break;
      case 2:
        out += `Useragent: ${name}\nDisalow: /tmp-${i}/\n`;
        break;
      case 3:
        out += `User-agent: ${name}\nDisallow: cart-${i}/\nAllow: /cart-${i}/help Disallow: /checkout-${i}/\n`;
        break;
      default:
        out += `User-agent: ${name}\nDisallow: /search?q= *\nCrawl-delay 10\n`;
    }
    out += '\n';
  }
  return out;
}
