// A deterministic corpus of robots.txt files shaped like the web's, for the
// "first answer" benchmark (bench/hosts.mjs): many hosts, a few URLs each.
//
// Eight famous files (bench/corpus) say little about that workload: real files
// are mostly small and a few are huge, and fixed costs per file dominate.
// Published measurements of the top 10,000 sites: median file 834 bytes and
// 31 lines, about 1 in 10 files with 100 or more rules, a long tail to
// hundreds of KB. This generator follows those numbers (check them with
// --stats) and builds each file out of what real ones hold: a `User-agent: *`
// group in the style of a platform (WordPress, Shopify, Drupal, a custom
// site, sometimes localized into many languages), named groups for search
// engines, SEO and AI crawlers, bad-bot lists, comments, Sitemap, Crawl-delay
// and non-standard lines, a Cloudflare-style Content-Signal block, and now and
// then CRLF line ends. Each host also gets 100 URLs built from its own rules
// (hits, near misses), its ordinary pages and query strings, the way
// corpus/make-urls.mjs builds them for the real files.
//
//   node bench/hosts-corpus.mjs --stats [files=3000] [seed=20261123]
import { fileURLToPath } from 'node:url';

const MAX_BYTES = 300_000; // the tail is capped here (Google reads 500 KiB)
const URLS_PER_HOST = 100;

// mulberry32: a small, fast PRNG, so the corpus is the same on every machine.
function mulberry32(seed) {
  return () => {
    seed |= 0;
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function randomTools(seed) {
  const next = mulberry32(seed);
  const int = (lo, hi) => lo + Math.floor(next() * (hi - lo + 1));
  const pick = (list) => list[Math.floor(next() * list.length)];
  const gaussian = () => Math.sqrt(-2 * Math.log(1 - next())) * Math.cos(2 * Math.PI * next());
  return {
    next,
    int,
    pick,
    chance: (p) => next() < p,
    // A random subset, in the list's order (real files list the common rules first).
    some: (list, p) => list.filter(() => next() < p),
    shuffled: (list) => {
      const a = [...list];
      for (let i = a.length - 1; i > 0; i--) {
        const j = int(0, i);
        [a[i], a[j]] = [a[j], a[i]];
      }
      return a;
    },
    // Sizes on the web are log-normal: a median and a spread in natural-log units.
    logNormal: (median, sigma) => median * Math.exp(sigma * gaussian()),
    // Log-uniform between lo and hi: the far tail, where every order of magnitude is about as common.
    logUniform: (lo, hi) => Math.round(lo * Math.exp(next() * Math.log(hi / lo))),
  };
}

// ---- what real files are made of ---------------------------------------------

const WORDPRESS = [
  'Disallow: /wp-admin/',
  'Allow: /wp-admin/admin-ajax.php',
  'Disallow: /wp-includes/',
  'Disallow: /wp-content/plugins/',
  'Disallow: /wp-login.php',
  'Disallow: /xmlrpc.php',
  'Disallow: /?s=',
  'Disallow: /search/',
  'Disallow: /*?replytocom=',
  'Disallow: /trackback/',
  'Disallow: /*/trackback/',
  'Disallow: /feed/',
  'Disallow: /comments/feed/',
  'Disallow: /*/feed/',
  'Disallow: /cgi-bin/',
  'Disallow: /author/',
  'Disallow: /tag/*/page/',
  'Disallow: /*/attachment/',
  'Allow: /wp-content/uploads/',
  'Disallow: /wp-content/cache/',
  'Disallow: /readme.html',
  'Disallow: /wp-json/',
  'Disallow: /*?amp',
  'Disallow: /cart/',
  'Disallow: /checkout/',
  'Disallow: /my-account/',
  'Disallow: /*?add-to-cart=',
  'Disallow: /*?orderby=',
  'Disallow: /*?filter_',
];

// The default file of a Shopify store (abridged); its groups repeat rules for several bots.
const SHOPIFY_STAR = [
  '/a/downloads/-/*',
  '/admin',
  '/cart',
  '/orders',
  '/checkouts/',
  '/checkout',
  '/STORE/checkouts',
  '/STORE/orders',
  '/carts',
  '/account',
  '/collections/*sort_by*',
  '/*/collections/*sort_by*',
  '/collections/*+*',
  '/collections/*%2B*',
  '/collections/*%2b*',
  '/*/collections/*+*',
  '/*/collections/*%2B*',
  '/*/collections/*%2b*',
  '*/collections/*filter*&*filter*',
  '/blogs/*+*',
  '/blogs/*%2B*',
  '/blogs/*%2b*',
  '/*/blogs/*+*',
  '/*/blogs/*%2B*',
  '/*/blogs/*%2b*',
  '/*?*oseid=*',
  '/*preview_theme_id*',
  '/*preview_script_id*',
  '/policies/',
  '/*/policies/',
  '/*/*?*ls=*&ls=*',
  '/*/*?*ls%3D*%3Fls%3D*',
  '/*/*?*ls%3d*%3fls%3d*',
  '/search',
  '/sf_private_access_tokens',
  '/apple-app-site-association',
  '/.well-known/shopify/monorail',
  '/cdn/wpm/*.js',
  '/recommendations/products',
  '/*/recommendations/products',
  '/products/*-remote',
  '/cdn/shopifycloud/checkout-web/assets/',
];
const SHOPIFY_ADSBOT = [
  '/checkouts/',
  '/checkout',
  '/carts',
  '/orders',
  '/STORE/checkouts',
  '/STORE/orders',
  '/*?*oseid=*',
  '/*preview_theme_id*',
  '/*preview_script_id*',
  '/cdn/wpm/*.js',
  '/products/*-remote',
];

// Drupal's default file, header comment and all.
const DRUPAL = `#
# robots.txt
#
# This file is to prevent the crawling and indexing of certain parts
# of your site by web crawlers and spiders run by sites like Yahoo!
# and Google. By telling these "robots" where not to go on your site,
# you save bandwidth and server resources.
#
# This file will be ignored unless it is at the root of your host:
# Used:    http://example.com/robots.txt
# Ignored: http://example.com/site/robots.txt
#
# For more information about the robots.txt standard, see:
# http://www.robotstxt.org/robotstxt.html

User-agent: *
# CSS, JS, Images
Allow: /core/*.css$
Allow: /core/*.css?
Allow: /core/*.js$
Allow: /core/*.js?
Allow: /core/*.gif
Allow: /core/*.jpg
Allow: /core/*.jpeg
Allow: /core/*.png
Allow: /core/*.svg
Allow: /profiles/*.css$
Allow: /profiles/*.css?
Allow: /profiles/*.js$
Allow: /profiles/*.js?
Allow: /profiles/*.gif
Allow: /profiles/*.jpg
Allow: /profiles/*.jpeg
Allow: /profiles/*.png
Allow: /profiles/*.svg
# Directories
Disallow: /core/
Disallow: /profiles/
# Files
Disallow: /README.md
Disallow: /composer/Metapackage/README.txt
Disallow: /composer/Plugin/ProjectMessage/README.md
Disallow: /composer/Plugin/Scaffold/README.md
Disallow: /composer/Plugin/VendorHardening/README.txt
Disallow: /composer/Template/README.txt
Disallow: /modules/README.txt
Disallow: /sites/README.txt
Disallow: /themes/README.txt
Disallow: /web.config
# Paths (clean URLs)
Disallow: /admin/
Disallow: /comment/reply/
Disallow: /filter/tips
Disallow: /node/add/
Disallow: /search/
Disallow: /user/register
Disallow: /user/password
Disallow: /user/login
Disallow: /user/logout
Disallow: /media/oembed
Disallow: /*/media/oembed
# Paths (no clean URLs)
Disallow: /index.php/admin/
Disallow: /index.php/comment/reply/
Disallow: /index.php/filter/tips
Disallow: /index.php/node/add/
Disallow: /index.php/search/
Disallow: /index.php/user/password
Disallow: /index.php/user/register
Disallow: /index.php/user/login
Disallow: /index.php/user/logout
Disallow: /index.php/media/oembed
Disallow: /index.php/*/media/oembed`.split('\n');

// Rules a custom site writes, roughly most common first.
const DISALLOWS = [
  '/admin/',
  '/search',
  '/login',
  '/cart',
  '/account/',
  '/checkout/',
  '/api/',
  '/cgi-bin/',
  '/*?q=',
  '/private/',
  '/search/',
  '/*?sessionid=',
  '/user/',
  '/tmp/',
  '/logout',
  '/register',
  '/*.pdf$',
  '/print/',
  '/*?sort=',
  '/profile/',
  '/settings/',
  '/*?s=',
  '/includes/',
  '/ajax/',
  '/*?utm_source=',
  '/*&sort=',
  '/*?filter=',
  '/wishlist',
  '/compare/',
  '/preview/',
  '/*?print=1',
  '/*;jsessionid=',
  '/*?ref=',
  '/cdn-cgi/',
  '/*?page=',
  '/*?color=',
  '/*?size=',
  '/*?price=',
  '/*.json$',
  '/internal/',
  '/share/',
  '/embed/',
  '/redirect',
  '/out/',
  '/go/',
  '/newsletter/',
  '/password/',
  '/reset-password',
  '/test/',
  '/staging/',
  '/old/',
  '/feed/',
  '/rss/',
  '/comments/',
  '/node/add/',
  '/index.php?',
  '/*/amp/',
  '/*?amp=1',
  '/media/oembed',
  '/_next/data/',
  '/*/edit$',
  '/*?action=edit',
  '/w/',
  '/tag/*/page/',
  '/category/*/page/',
  '/author/',
  '/*?p=',
  '/*?lang=',
  '/*?currency=',
  '/*?variant=',
  '/*?fbclid=',
  '/*?gclid=',
  '/*&gclid=',
  '/*?mc_cid=',
  '/*?__cf_chl_',
  '/cdn-cgi/l/email-protection',
  '/?s=',
  '/*.xml$',
  '/*.php$',
  '/*.doc$',
  '/*?view=',
  '/*?format=',
  '/*?order=',
  '/*&filter=',
  '/*?start=',
  '/*?offset=',
  '/*?limit=',
  '/error/',
  '/404',
  '/backup/',
  '/calendar/',
  '/events/*?date=',
  '/*?*&*&*&',
  '/*?',
  '/basket',
  '/order/',
  '/signin',
  '/users/',
  '/scripts/',
  '/draft/',
  '/*/print$',
  '/*?sid=',
  '/*&sessionid=',
  '/click/',
  '/track/',
  '/subscribe',
  '/unsubscribe',
  '/forgot-password',
  '/dev/',
  '/beta/',
  '/trackback/',
  '/amp/',
  '/static/private/',
  '/.well-known/',
  '/*/history$',
  '/*&action=edit',
  '/page/*/',
  '/*?add-to-cart=',
  '/*?orderby=',
  '/*?min_price=',
  '/*?max_price=',
  '/*?pg=',
  '/*?from=',
  '/*?source=',
  '/index.php/',
  '/temp/',
  '/customer/account/login/',
  '/catalogsearch/result/',
  '/checkout/onepage/',
  '/catalog/product_compare/',
  '/sendfriend/',
  '/review/product/list/',
  '/wishlist/index/add/',
  '/*?dir=desc',
  '/*?SID=',
  '/account/order-history/',
  '/search/results/?q=',
  '/*/comments/*/reply',
  '/api/v1/internal/',
  '/graphql',
  '/static/js/private/',
  '/user/*/followers',
  '/*?*filter_category=',
  '/shop/cart/add/',
  '/member/login.php',
  '/common/popup/',
  '/services/oauth2/authorize',
  '/*/print-version/',
  '/*.aspx?print=',
];
const ALLOWS = [
  '/',
  '/*.css$',
  '/*.js$',
  '/api/public/',
  '/*.css',
  '/*.js',
  '/static/',
  '/assets/',
  '/images/',
  '/search/about',
  '/account/login',
  '/*.png$',
  '/*.jpg$',
  '/*.svg$',
  '/*.woff2$',
  '/ads.txt',
  '/sitemap.xml',
  '/cdn-cgi/challenge-platform/',
  '/*?page=1$',
  '/help/',
  '/public/',
  '/wp-admin/admin-ajax.php',
];

const SECTIONS = [
  'news',
  'blog',
  'products',
  'product',
  'p',
  'shop',
  'store',
  'category',
  'collections',
  'tag',
  'articles',
  'article',
  'video',
  'videos',
  'events',
  'help',
  'support',
  'docs',
  'about',
  'careers',
  'jobs',
  'press',
  'gallery',
  'forum',
  'community',
  'reviews',
  'deals',
  'sale',
  'brands',
  'stores',
  'locations',
  'recipes',
  'topics',
  'people',
  'authors',
  'series',
  'shows',
  'podcasts',
  'live',
  'sport',
  'world',
  'business',
  'tech',
  'travel',
  'health',
  'style',
  'opinion',
  'weather',
  'markets',
  'listings',
  'homes',
  'cars',
  'hotels',
  'flights',
  'downloads',
  'resources',
  'learn',
  'courses',
  'wiki',
  'members',
];
const SLUG_WORDS = [
  'how',
  'to',
  'the',
  'best',
  'new',
  'election',
  'results',
  'weather',
  'storm',
  'market',
  'rally',
  'review',
  'guide',
  'top',
  '10',
  'things',
  'you',
  'need',
  'know',
  'about',
  'climate',
  'deal',
  'crisis',
  'summer',
  'sale',
  'men',
  'women',
  'shoes',
  'jacket',
  'black',
  'red',
  'classic',
  'pro',
  'mini',
  'max',
  'kit',
  'set',
  'recipe',
  'easy',
  'chicken',
  'city',
];
const PARAMS = [
  'sort',
  'order',
  'filter',
  'color',
  'size',
  'price',
  'brand',
  'page',
  'view',
  'lang',
  'currency',
  'ref',
  'sid',
  'sessionid',
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'q',
  'query',
  'tag',
  'limit',
  'offset',
  'start',
  'variant',
  'mode',
  'format',
  'layout',
  'dir',
  'material',
  'rating',
  'availability',
  'gclid',
  'fbclid',
  'source',
  'from',
  'print',
  'share',
];
const EXTENSIONS = [
  'pdf',
  'doc',
  'docx',
  'xls',
  'xlsx',
  'ppt',
  'zip',
  'json',
  'xml',
  'csv',
  'txt',
  'php',
  'asp',
  'cgi',
];
const LOCALES = [
  'fr',
  'de',
  'es',
  'it',
  'nl',
  'pt-br',
  'ja',
  'zh-cn',
  'ko',
  'ru',
  'pl',
  'sv',
  'tr',
  'en-gb',
  'en-au',
  'fr-ca',
  'de-ch',
  'es-mx',
  'da',
  'fi',
  'no',
  'cs',
  'zh-tw',
  'ar',
  'he',
  'th',
  'id',
  'vi',
  'uk',
  'ro',
  'hu',
  'el',
];
// Localized words for cart, search and account, some percent-escaped as sites write them, some raw.
const LOCAL_WORDS = {
  fr: ['panier', 'recherche', 'mon-compte', 'r%C3%A9sultats', 'commande'],
  de: ['warenkorb', 'suche', 'konto', 'kasse', '%C3%BCber-uns'],
  es: ['carrito', 'buscar', 'mi-cuenta', 'b%C3%BAsqueda'],
  it: ['carrello', 'cerca', 'il-mio-account'],
  nl: ['winkelwagen', 'zoeken'],
  pt: ['carrinho', 'busca', 'minha-conta'],
  ja: ['%E6%A4%9C%E7%B4%A2', '%E3%82%AB%E3%83%BC%E3%83%88'],
  zh: ['%E6%90%9C%E7%B4%A2'],
  ru: ['%D0%BF%D0%BE%D0%B8%D1%81%D0%BA', 'корзина'],
  pl: ['koszyk', 'szukaj'],
  sv: ['varukorg', 's%C3%B6k'],
  tr: ['sepet', 'arama'],
};

// AI crawlers, the most blocked first (CCBot and GPTBot lead every survey).
const AI_BOTS = [
  'GPTBot',
  'CCBot',
  'ClaudeBot',
  'Google-Extended',
  'anthropic-ai',
  'ChatGPT-User',
  'PerplexityBot',
  'Bytespider',
  'Claude-Web',
  'Amazonbot',
  'Applebot-Extended',
  'meta-externalagent',
  'OAI-SearchBot',
  'FacebookBot',
  'cohere-ai',
  'Diffbot',
  'Omgilibot',
  'Omgili',
  'ImagesiftBot',
  'Timpibot',
  'YouBot',
  'AI2Bot',
  'Ai2Bot-Dolma',
  'PanguBot',
  'Kangaroo Bot',
  'Webzio-Extended',
  'img2dataset',
  'cohere-training-data-crawler',
  'Perplexity-User',
  'Claude-SearchBot',
  'DuckAssistBot',
  'meta-externalfetcher',
  'Google-CloudVertexBot',
  'MistralAI-User',
  'iaskspider/2.0',
  'Brightbot 1.0',
  'ICC-Crawler',
  'VelenPublicWebCrawler',
  'FriendlyCrawler',
  'Sidetrade indexer bot',
  'TurnitinBot',
  'QualifiedBot',
  'Scrapy',
];
const SEO_BOTS = [
  'AhrefsBot',
  'SemrushBot',
  'MJ12bot',
  'DotBot',
  'BLEXBot',
  'PetalBot',
  'Baiduspider',
  'YandexBot',
  'Sogou web spider',
  'SeznamBot',
  'Barkrowler',
  'DataForSeoBot',
  'serpstatbot',
  'MegaIndex.ru',
  'rogerbot',
  'AspiegelBot',
  'Exabot',
  'SiteAuditBot',
  'linkdexbot',
  'BUbiNG',
  'SemrushBot-SA',
  'Screaming Frog SEO Spider',
];
// The old bad-bot lists (Wikipedia's is the famous one): offline readers, e-mail harvesters, site copiers.
const BAD_BOTS = [
  'UbiCrawler',
  'DOC',
  'Zao',
  'sitecheck.internetseer.com',
  'Zealbot',
  'MSIECrawler',
  'SiteSnagger',
  'WebStripper',
  'WebCopier',
  'Fetch',
  'Offline Explorer',
  'Teleport',
  'TeleportPro',
  'WebZIP',
  'linko',
  'HTTrack',
  'Microsoft.URL.Control',
  'Xenu',
  'larbin',
  'libwww',
  'ZyBORG',
  'Download Ninja',
  'wget',
  'grub-client',
  'k2spider',
  'NPBot',
  'WebReaper',
  'EmailCollector',
  'EmailSiphon',
  'EmailWolf',
  'ExtractorPro',
  'CherryPicker',
  'BackDoorBot',
  'BlackWidow',
  'BotALot',
  'BuiltBotTough',
  'Bullseye',
  'BunnySlippers',
  'Copernic',
  'CopyRightCheck',
  'Crescent',
  'DittoSpyder',
  'EroCrawler',
  'Foobot',
  'Harvest',
  'hloader',
  'httplib',
  'humanlinks',
  'InfoNaviRobot',
  'JennyBot',
  'Kenjin Spider',
  'Keyword Density',
  'LexiBot',
  'LinkextractorPro',
  'LinkScan',
  'LinkWalker',
  'lwp-trivial',
  'Mata Hari',
  'MIIxpc',
  'moget',
  'Mister PiX',
  'NetAnts',
  'NetMechanic',
  'NICErsPRO',
  'Openfind',
  'ProWebWalker',
  'ProPowerBot',
  'QueryN Metasearch',
  'RepoMonkey',
  'RMA',
  'SpankBot',
  'spanner',
  'SuperBot',
  'suzuran',
  'Szukacz',
  'Telesoft',
  'The Intraformant',
  'TheNomad',
  'toCrawl/UrlDispatcher',
  'True_Robot',
  'turingos',
  'URLy Warning',
  'VCI',
  'WebAuto',
  'WebBandit',
  'WebEnhancer',
  'WebmasterWorldForumBot',
  'WebSauger',
  'Website Quester',
  'Webster Pro',
  'WebVac',
  'WebWalker',
  'WWW-Collector-E',
  'Zeus',
  'sitebot',
  'Nutch',
  'Java',
  'MauiBot',
  'magpie-crawler',
  'Go-http-client',
  'python-requests',
  'curl',
  'MegaIndex',
  'AwarioBot',
  'Riddler',
  'ia_archiver',
  'Mediatoolkitbot',
  'ZoominfoBot',
  'coccocbot',
  'Seekport',
  'proximic',
  'PaperLiBot',
  'Qwantify',
  'trendictionbot',
  'YisouSpider',
  'EasouSpider',
  '360Spider',
  'HaosouSpider',
  'JikeSpider',
  'Yeti',
  'Daumoa',
  'istellabot',
  'Cliqzbot',
  'Linguee Bot',
  'ltx71',
  'Gigabot',
];
const SEARCH_ENGINES = [
  'Googlebot',
  'Bingbot',
  'Slurp',
  'DuckDuckBot',
  'Applebot',
  'YandexBot',
  'Baiduspider',
  'msnbot',
  'Yeti',
];

// Cloudflare's managed robots.txt, put in front of the site's own file.
const CONTENT_SIGNALS = `# As a condition of accessing this website, you agree to abide by the following
# content signals:

# (a)  If a content-signal = yes, you may collect content for the corresponding
#      use.
# (b)  If a content-signal = no, you may not collect content for the
#      corresponding use.
# (c)  If the website operator does not include a content signal for a
#      corresponding use, the website operator neither grants nor restricts
#      permission via content signal with respect to the corresponding use.

# The content signals and their meanings are:

# search:   building a search index and providing search results (e.g., returning
#           hyperlinks and short excerpts from your website's contents). Search does not
#           include providing AI-generated search summaries.
# ai-input: inputting content into one or more AI models (e.g., retrieval
#           augmented generation, grounding, or other real-time taking of content for
#           generative AI search answers).
# ai-train: training or fine-tuning AI models.

# ANY RESTRICTIONS EXPRESSED VIA CONTENT SIGNALS ARE EXPRESS RESERVATIONS OF
# RIGHTS UNDER ARTICLE 4 OF THE EUROPEAN UNION DIRECTIVE 2019/790 ON COPYRIGHT
# AND RELATED RIGHTS IN THE DIGITAL SINGLE MARKET.

# BEGIN Cloudflare Managed content

User-Agent: *
Content-signal: search=yes,ai-train=no
Allow: /
`.split('\n');

const HEADER_COMMENTS = [
  ['# robots.txt for https://HOST/'],
  ['# See https://www.robotstxt.org/robotstxt.html for documentation on how to use the robots.txt file'],
  ['# Hi there! Curious about how we work? Join us: https://HOST/careers'],
  [
    '# If you would like to crawl HOST, please contact webmaster@HOST first.',
    '# Automated access is subject to our terms of service.',
  ],
  ['#', '# robots.txt', '#', '# Last updated: 2025-03-14', '#'],
  ['# Block access to internal areas', '# Note: this file is public; it is not access control.'],
  [
    '# Crawling of this site is subject to our Terms of Use: https://HOST/legal/terms-of-use',
    '# Unauthorized automated access, including to train AI models, is prohibited.',
  ],
  [
    '# ----------------------------------------------------------------------------',
    '# robots.txt for HOST',
    '# Questions? seo-team@HOST',
    '# ----------------------------------------------------------------------------',
  ],
  [
    '# Welcome to HOST!',
    '# This file tells well-behaved crawlers which parts of the site they may visit.',
    '# For partnership or API access, see https://HOST/developers',
  ],
  [
    '# Please note: there are a lot of pages on this site, and there are some misbehaved spiders out there',
    "# that go _way_ too fast. If you're irresponsible, your access to the site may be blocked.",
  ],
];
const SECTION_COMMENTS = [
  '# Directories',
  '# Files',
  '# Paths (clean URLs)',
  '# Paths (no clean URLs)',
  '# Block faceted navigation: sort, filter and price parameters make endless duplicate pages',
  '# Block internal search results pages (thin content, see Google Search Central guidelines)',
  '# Allow the CSS, JavaScript and images that Google needs to render our pages',
  '# Tracking and session parameters',
  '# Legacy URLs from the old site, redirected since 2019',
  '# Account, cart and checkout pages are private to each customer',
  '# Duplicate content: print and AMP versions',
  '# Staging and test areas that should never appear in search results',
];

const TLDS = [
  'com',
  'com',
  'com',
  'com',
  'org',
  'net',
  'co.uk',
  'de',
  'fr',
  'jp',
  'com.br',
  'ru',
  'it',
  'es',
  'nl',
  'io',
  'in',
  'ca',
  'com.au',
  'pl',
];
const NAME_PARTS = [
  'news',
  'shop',
  'daily',
  'global',
  'tech',
  'media',
  'cloud',
  'smart',
  'green',
  'blue',
  'home',
  'travel',
  'auto',
  'bank',
  'food',
  'health',
  'sport',
  'game',
  'music',
  'book',
  'photo',
  'style',
  'city',
  'market',
  'data',
  'web',
  'bit',
  'star',
  'hub',
  'zone',
  'world',
  'net',
  'live',
  'time',
  'post',
  'mail',
  'deal',
  'learn',
  'job',
  'film',
  'art',
  'pay',
  'go',
];

// ---- one file ----------------------------------------------------------------

function makeHost(g, used) {
  for (;;) {
    const base = g.pick(NAME_PARTS) + g.pick(NAME_PARTS) + (g.chance(0.2) ? g.int(2, 99) : '');
    const host = `${(g.chance(0.6) ? 'www.' : '') + base}.${g.pick(TLDS)}`;
    if (!used.has(host)) {
      used.add(host);
      return host;
    }
  }
}

const slug = (g) => Array.from({ length: g.int(2, 6) }, () => g.pick(SLUG_WORDS)).join('-');
const localWord = (g, locale) => {
  const words = LOCAL_WORDS[locale.split('-')[0]];
  return words ? g.pick(words) : g.pick(['cart', 'search', 'account', 'checkout']);
};

// More rules of a custom site, once its common ones run out: per-section and
// per-parameter rules, single pages and files, and, on localized sites, the
// same rules again under each language's prefix (how big files get big).
function extraRule(g, site) {
  const k = g.next();
  if (site.locales.length && k < 0.45) {
    const locale = g.pick(site.locales);
    return g.chance(0.35)
      ? `Disallow: /${locale}/${localWord(g, locale)}`
      : `${g.chance(0.85) ? 'Disallow' : 'Allow'}: /${locale}${g.pick(DISALLOWS)}`;
  }
  if (k < 0.6) return `Disallow: /${g.pick(site.sections)}/${slug(g)}${g.chance(0.3) ? '.html' : ''}`;
  if (k < 0.72)
    return `Disallow: /${g.chance(0.5) ? g.pick(site.sections) : ''}*${g.pick(['?', '&', '?*'])}${g.pick(PARAMS)}=`;
  if (k < 0.82) return `Disallow: /${g.pick(site.sections)}/*?${g.pick(PARAMS)}=`;
  if (k < 0.88) return `Disallow: /${g.pick(site.sections)}/${g.int(1, 99999)}/`;
  if (k < 0.93) return `Disallow: /*.${g.pick(EXTENSIONS)}$`;
  if (k < 0.97) return `Allow: /${g.pick(site.sections)}/${slug(g)}`;
  return `Disallow: /${g.pick(site.sections)}/${g.pick(['caf%C3%A9', 'M%C3%BCnchen', '%E6%9D%B1%E4%BA%AC', 'Z%C3%BCrich', 'na%C3%AFve', 'S%C3%A3o-Paulo'])}/`;
}

// The `User-agent: *` group's rules, in the style of the site's platform.
function starRules(g, site, n) {
  if (site.platform === 'wordpress')
    return WORDPRESS.slice(0, 2).concat(g.some(WORDPRESS.slice(2), n / WORDPRESS.length));
  if (site.platform === 'minimal')
    return [
      g.pick(['Disallow:', 'Disallow:', 'Allow: /', 'Disallow: /admin/', 'Disallow: /cgi-bin/', 'Disallow: /search']),
    ];
  const rules = new Set();
  const common = g.shuffled(DISALLOWS.slice(0, 40)).concat(g.shuffled(DISALLOWS.slice(40)));
  for (let i = 0; rules.size < n && i < common.length && i < n * 0.8; i++) {
    const k = g.next();
    const path = g.chance(0.6) ? `/${g.pick(site.sections)}${common[i]}` : common[i]; // the site's own section in front
    rules.add(k < 0.12 ? `Allow: ${g.pick(ALLOWS)}` : k < 0.55 ? extraRule(g, site) : `Disallow: ${path}`);
  }
  for (let tries = 0; rules.size < n && tries < n * 3; tries++) rules.add(extraRule(g, site));
  return [...rules];
}

// The file's size class: how many rules its `*` group holds. A log-normal body
// and a log-uniform far tail: 1 file in 100 holds thousands of rules.
function starRuleCount(g) {
  if (g.chance(0.011)) return g.logUniform(1500, 14000);
  return Math.max(1, Math.round(g.logNormal(13, 1.3)));
}

function makeFile(g, host) {
  const site = {
    platform: g.pick([
      'custom',
      'custom',
      'custom',
      'custom',
      'custom',
      'wordpress',
      'wordpress',
      'minimal',
      'minimal',
    ]),
    sections: g.some(SECTIONS, 0.1).concat(g.pick(SECTIONS)),
    locales: [],
  };
  if (g.chance(0.03)) site.platform = 'shopify';
  // biome-ignore lint/suspicious/noDuplicateElseIf: each g.chance() call is a fresh draw, not the same condition
  else if (g.chance(0.03)) site.platform = 'drupal';
  const n = starRuleCount(g);
  if (n > 60 && g.chance(0.6)) site.locales = g.shuffled(LOCALES).slice(0, g.int(3, LOCALES.length));
  else if (g.chance(0.08)) site.locales = g.shuffled(LOCALES).slice(0, g.int(1, 4));

  const eol = g.chance(0.07) ? '\r\n' : '\n';
  const lines = [];
  let bytes = 0;
  const add = (...more) => {
    for (const line of more) {
      lines.push(line);
      bytes += Buffer.byteLength(line) + eol.length;
    }
  };
  const full = () => bytes > MAX_BYTES - 200;
  const sitemap = (path) => `Sitemap: https://${host}${path}`;
  const ua = (name) =>
    (g.chance(0.9) ? 'User-agent: ' : g.pick(['User-Agent: ', 'user-agent: ', 'USER-AGENT: '])) + name;
  const group = (agents, rules, blank = true) => {
    if (blank) add('');
    add(...agents.map(ua), ...rules);
  };

  if (g.chance(0.035))
    add(
      ...CONTENT_SIGNALS,
      ...g.some(AI_BOTS.slice(0, 12), 0.7).flatMap((bot) => [ua(bot), 'Disallow: /', '']),
      '# END Cloudflare Managed Content',
      '',
    );
  // A header comment in most files; some have two (a notice, then a pointer to the docs).
  for (let i = 0; i < 2 && site.platform !== 'drupal' && site.platform !== 'shopify' && g.chance(i ? 0.5 : 0.6); i++)
    add(...g.pick(HEADER_COMMENTS).map((c) => c.replaceAll('HOST', host)), '');

  // The `*` group.
  let star;
  if (site.platform === 'drupal') {
    add(...DRUPAL);
    star = DRUPAL.filter((line) => /^(dis)?allow:/i.test(line));
  } else if (site.platform === 'shopify') {
    const store = String(g.int(10_000_000, 99_999_999));
    star = SHOPIFY_STAR.map((p) => `Disallow: ${p.replace('STORE', store)}`);
    add('# we use Shopify as our ecommerce platform', '', ua('*'), ...star, sitemap('/sitemap.xml'));
    group(
      ['adsbot-google'],
      SHOPIFY_ADSBOT.map((p) => `Disallow: ${p.replace('STORE', store)}`),
    );
    group(['Nutch'], ['Disallow: /']);
    for (const bot of ['AhrefsBot', 'AhrefsSiteAudit']) group([bot], ['Crawl-delay: 10', ...star]);
    group(['MJ12bot'], ['Crawl-Delay: 10']);
    group(['Pinterest'], ['Crawl-delay: 1']);
  } else {
    star = starRules(g, site, n);
    add(ua('*'));
    if (g.chance(0.08)) add(`Crawl-delay: ${g.pick([1, 2, 5, 10])}`);
    // Long groups come in commented sections; short ones mostly as a plain list.
    const sectionEvery = star.length > 8 && g.chance(0.5) ? g.int(4, 20) : Infinity;
    for (let i = 0; i < star.length && !full(); i++) {
      if (i > 0 && i % sectionEvery === 0) add(g.chance(0.3) ? '' : g.pick(SECTION_COMMENTS));
      add(
        star[i] +
          (g.chance(0.04)
            ? ' # ' +
              g.pick([
                'legacy',
                `see ticket SEO-${g.int(100, 999)}`,
                'temporary, remove after the migration',
                'requested by legal',
              ])
            : ''),
      );
    }
  }

  // Named groups: search engines, their ad and image bots, SEO and AI crawlers, bad bots.
  if (g.chance(0.12) && !full()) {
    const copy = g.chance(0.5) && star.length < 400;
    group(
      ['Googlebot'],
      copy ? star : g.pick([['Allow: /'], ['Disallow:'], ['Allow: /*.css', 'Allow: /*.js', ...star.slice(0, 3)]]),
    );
  }
  if (g.chance(0.06) && !full()) group(['Mediapartners-Google'], ['Disallow:']);
  if (g.chance(0.04) && !full()) group(['AdsBot-Google'], star.slice(0, g.int(1, 12)));
  if (g.chance(0.04) && !full())
    group(
      [g.pick(['Googlebot-Image', 'Googlebot-News', 'Googlebot-Video'])],
      [g.pick(['Allow: /', 'Disallow: /private/', 'Disallow: /*.pdf$'])],
    );
  if (g.chance(0.06) && !full())
    group(
      [g.pick(['Bingbot', 'bingbot', 'msnbot'])],
      [`Crawl-delay: ${g.pick([1, 2, 5, 10])}`, ...(g.chance(0.4) ? star.slice(0, 20) : [])],
    );
  if (star.length >= 15 && g.chance(0.12) && !full()) {
    // The same rules repeated for each search engine, or once under all their names.
    const engines = g.some(SEARCH_ENGINES, 0.5);
    if (g.chance(0.5))
      for (const engine of engines) {
        if (!full()) group([engine], star.slice(0, 300));
      }
    else group(engines, star.slice(0, 300));
  }
  // A list of bots to keep out: one group each (with or without blank lines
  // between them), or one group under all their names.
  const keepOut = (bots, rule, comments) => {
    if (!bots.length) return; // (a rule with no User-agent line above would join the group before)
    add('');
    if (g.chance(0.3)) add(g.pick(comments));
    if (g.chance(0.3)) return group(bots, [rule()], false);
    const blanks = g.chance(0.5);
    for (const [i, bot] of bots.entries()) group([bot], [rule()], blanks && i > 0);
  };
  if (g.chance(0.1) && !full()) {
    keepOut(g.some(SEO_BOTS, 0.25), () => (g.chance(0.7) ? 'Disallow: /' : `Crawl-delay: ${g.pick([5, 10, 30])}`), [
      '# SEO tools',
      '# Backlink checkers',
    ]);
  }
  if (g.chance(0.2) && !full()) {
    // AI crawlers, the most blocked most often.
    keepOut(
      AI_BOTS.filter((_, i) => g.chance(i < 4 ? 0.85 : i < 12 ? 0.5 : 0.15)),
      () => 'Disallow: /',
      ['# AI crawlers', '# Block AI training bots', '# Generative AI', '# LLM crawlers: no training on our content'],
    );
  }
  if (g.chance(0.045) && !full()) {
    keepOut(g.some(BAD_BOTS, g.next() * 0.9 + 0.1), () => 'Disallow: /', [
      '# Bad bots',
      "# Crawlers that are kind enough to obey, but which we'd rather not have",
      '# Site rippers and e-mail harvesters',
    ]);
  }

  // Yandex's lines and other non-standard keys (ignored by Google).
  if (host.endsWith('.ru') && g.chance(0.5))
    add('', ua('Yandex'), 'Clean-param: utm_source&utm_medium&utm_campaign /', `Host: https://${host}`);
  if (g.chance(0.02)) add('Noindex: /tmp/');

  // Sitemaps: most sites one, news sites and shops several (per section, language, month).
  if (site.platform !== 'shopify' && g.chance(0.85)) {
    const count = g.chance(0.5) ? 1 : Math.min(200, Math.round(g.logNormal(3, 1)));
    add('');
    add(
      sitemap(
        g.pick([
          '/sitemap.xml',
          '/sitemap_index.xml',
          '/sitemap.xml.gz',
          '/wp-sitemap.xml',
          '/sitemaps/sitemap-index.xml',
          '/sitemap/sitemap-index.xml.gz',
        ]),
      ),
    );
    for (let i = 1; i < count; i++) {
      const part = g.pick(site.locales.length ? site.locales : site.sections);
      add(
        sitemap(
          g.pick([
            `/sitemaps/${part}-sitemap-${i}.xml`,
            `/sitemap/${part}/sitemap-index.xml`,
            `/${part}/sitemap-${2015 + (i % 11)}-${1 + (i % 12)}.xml.gz`,
            `/sitemaps/news/${part}/news-sitemap.xml`,
            `/sitemaps/video-sitemap-${part}.xml`,
          ]),
        ),
      );
    }
  }

  // The named groups may have gone past the cap: cut there, at a line end.
  while (bytes > MAX_BYTES) bytes -= Buffer.byteLength(lines.pop()) + eol.length;
  return { site, robotsTxt: lines.join(eol) + eol };
}

// ---- its URLs ----------------------------------------------------------------

const PCT = ['%20', '%2F', '%C3%A9', '%c3%a9', '%E2%80%93', '%3D', '%25', '%7E', '%61'];
const RAW = ['café', '日本語', 'Ünïcödé', 'naïve', 'München', '😀', 'Zürich', 'Ελληνικά', 'ру'];
const URL_EXTS = ['', '', '', '.html', '.htm', '.php', '.jpg', '.pdf', '.json', '/', '.aspx'];

// 100 URLs of one host: the homepage first (what a crawler asks first), then
// about 30% built from the file's own rules, 10% near misses of them, the rest
// the site's ordinary pages, some percent-escaped or raw non-ASCII; about 35%
// with a query string and 3% with a fragment.
function makeUrls(g, host, site, robotsTxt) {
  const patterns = [];
  for (const line of robotsTxt.split(/\r?\n/)) {
    const m = /^\s*(dis)?allow\s*:\s*([^#\s]+)/i.exec(line);
    if (m && m[2].length > 1) patterns.push(m[2]);
  }
  const seg = () => {
    const k = g.next();
    if (k < 0.4) return g.pick(site.sections);
    if (k < 0.7) return slug(g);
    if (k < 0.85) return String(g.int(1, 9_999_999));
    return g.int(0, 36 ** 6).toString(36);
  };
  const page = () => {
    const prefix = site.locales.length && g.chance(0.5) ? `/${g.pick(site.locales)}` : '';
    return `${prefix}/${Array.from({ length: g.int(1, 4) }, seg).join('/')}${g.pick(URL_EXTS)}`;
  };
  const fromPattern = () => {
    let p = g.pick(patterns);
    const exact = p.endsWith('$') && g.chance(0.5);
    p = p.replace(/\$$/, '').replace(/\*/g, () => (g.chance(0.3) ? '' : seg()));
    if (!p.startsWith('/')) p = `/${p}`;
    if (!exact && g.chance(0.6))
      p += (p.endsWith('/') || p.includes('?') ? '' : '/') + seg() + (p.includes('?') ? '' : g.pick(URL_EXTS));
    return p;
  };
  const nearMiss = () => {
    const p = fromPattern();
    if (p.length < 2) return `${p}Q`;
    const i = 1 + g.int(0, Math.min(6, p.length - 1) - 1);
    const c = p[i];
    const d = c !== c.toUpperCase() ? c.toUpperCase() : c !== c.toLowerCase() ? c.toLowerCase() : 'q';
    return p.slice(0, i) + d + p.slice(i + 1);
  };
  const query = () => {
    const k = g.next();
    if (k < 0.3) return `?q=${g.pick(SLUG_WORDS)}+${g.pick(SLUG_WORDS)}&page=${g.int(0, 19)}`;
    if (k < 0.55)
      return `?utm_source=${g.pick(['twitter', 'fb', 'newsletter'])}&utm_medium=social&utm_campaign=${seg()}`;
    if (k < 0.75) return `?${g.pick(PARAMS)}=${g.int(0, 999_999)}&sort=${g.pick(['asc', 'desc'])}`;
    if (k < 0.9) return `?ref=${g.pick(PCT)}${g.pick(SLUG_WORDS)}&lang=${g.pick(['en', 'fr', 'de'])}`;
    return `?${g.pick(PARAMS)}=${encodeURIComponent(g.pick(RAW))}`;
  };

  const urls = [`https://${host}/`];
  while (urls.length < URLS_PER_HOST) {
    const k = g.next();
    let path;
    if (patterns.length && k < 0.3) path = fromPattern();
    else if (patterns.length && k < 0.4) path = nearMiss();
    else if (k < 0.85) path = page();
    else if (k < 0.95) path = page().replace(/\/([^/]*)$/, (_m, s) => `/${g.pick(PCT)}${s}${g.pick(PCT)}`);
    else path = `/${g.pick(site.sections)}/${g.pick(RAW)}/${seg()}`;
    if (!path.includes('?') && g.chance(0.35)) path += query();
    if (g.chance(0.03)) path += `#section-${g.int(0, 8)}`;
    urls.push(`https://${host}${path}`);
  }
  return urls;
}

// ---- the corpus ----------------------------------------------------------------

/** `files` robots.txt files of distinct hosts, each with 100 URLs of its own. */
export function makeHostsCorpus({ files = 3000, seed = 20261123 } = {}) {
  const g = randomTools(seed);
  const used = new Set();
  return Array.from({ length: files }, () => {
    const host = makeHost(g, used);
    const { site, robotsTxt } = makeFile(g, host);
    return { host, robotsTxt, urls: makeUrls(g, host, site, robotsTxt) };
  });
}

/** The numbers to hold against the published ones. */
export function corpusStats(corpus) {
  const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
  const bytes = corpus.map((f) => Buffer.byteLength(f.robotsTxt));
  const lines = corpus.map((f) => f.robotsTxt.split(/\r\n|\n/).length - 1);
  const rules = corpus.map((f) => f.robotsTxt.split(/\r\n|\n/).filter((l) => /^\s*(dis)?allow\s*:/i.test(l)).length);
  return {
    files: corpus.length,
    medianBytes: median(bytes),
    medianLines: median(lines),
    medianRules: median(rules),
    share100Rules: rules.filter((n) => n >= 100).length / corpus.length,
    maxBytes: Math.max(...bytes),
    totalBytes: bytes.reduce((a, b) => a + b, 0),
    over10KB: bytes.filter((n) => n > 10_000).length / corpus.length,
    over100KB: bytes.filter((n) => n > 100_000).length / corpus.length,
    crlf: corpus.filter((f) => f.robotsTxt.includes('\r\n')).length / corpus.length,
    contentSignal: corpus.filter((f) => /^content-signal:/im.test(f.robotsTxt)).length / corpus.length,
    urls: corpus.reduce((n, f) => n + f.urls.length, 0),
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (!process.argv.includes('--stats')) {
    console.error('usage: node bench/hosts-corpus.mjs --stats [files=3000] [seed=20261123]');
    process.exit(2);
  }
  const [files, seed] = process.argv
    .slice(2)
    .filter((a) => a !== '--stats')
    .map(Number);
  const s = corpusStats(makeHostsCorpus({ files: files || undefined, seed: seed || undefined }));
  const pct = (x) => `${(x * 100).toFixed(1)}%`;
  console.log(`files                 ${s.files}`);
  console.log(`median bytes          ${s.medianBytes}   (published: 834)`);
  console.log(`median lines          ${s.medianLines}   (published: 31)`);
  console.log(`with >= 100 rules     ${pct(s.share100Rules)}   (published: about 10%)`);
  console.log(
    `largest               ${s.maxBytes.toLocaleString('en-US')} bytes   (capped at ${MAX_BYTES.toLocaleString('en-US')})`,
  );
  console.log(`median rules          ${s.medianRules}`);
  console.log(`over 10 KB / 100 KB   ${pct(s.over10KB)} / ${pct(s.over100KB)}`);
  console.log(`CRLF / Content-Signal ${pct(s.crlf)} / ${pct(s.contentSignal)}`);
  console.log(`total                 ${(s.totalBytes / 1e6).toFixed(2)} MB, ${s.urls.toLocaleString('en-US')} URLs`);
}
