// Known web crawlers: who runs them, which robots.txt product tokens they
// answer to, and how to recognise them in a User-Agent header.
//
// Where the facts come from
// -------------------------
// Every entry names, in `source`, the operator's own documentation (or, where
// the operator publishes none, the public list the facts were taken from).
// The main ones, as read for REGISTRY_DATE:
//   - Google:  https://developers.google.com/crawling/docs/crawlers-fetchers/google-common-crawlers
//              https://developers.google.com/crawling/docs/crawlers-fetchers/google-special-case-crawlers
//              https://developers.google.com/crawling/docs/crawlers-fetchers/google-user-triggered-fetchers
//   - Bing:    https://www.bing.com/webmasters/help/which-crawlers-does-bing-use-8c184ec0
//   - Apple:   https://support.apple.com/en-us/119829
//   - OpenAI:  https://developers.openai.com/api/docs/bots
//   - Others:  the page named in each entry.
//   - AI crawlers without operator documentation: ai.robots.txt's list,
//     https://github.com/ai-robots-txt/ai.robots.txt/blob/main/robots.json
// Tokens, user-agent strings and robots.txt behaviour are facts carried over
// from those pages; every `description` is written here, in our own words.
// Facts that could not be confirmed from an operator page carry an
// `// unconfirmed: ...` comment and the more conservative value.
//
// How to refresh
// --------------
// 1. Re-read each entry's `source` and correct tokens, user-agent strings,
//    purposes and robots.txt behaviour that changed (Google keeps a changelog
//    at https://developers.google.com/crawling/docs/changelog).
// 2. Compare the AI entries with ai.robots.txt's robots.json for new or
//    renamed agents; add one only when its facts can be found.
// 3. Keep test/fixtures/user-agents.ts in step: one real header for every
//    entry with `sentInRequests: true`.
// 4. Bump REGISTRY_DATE.
//
// Field conventions
// -----------------
// - `tokens` are RFC 9309 product tokens, [A-Za-z_-]+ only. A robots.txt
//   `User-agent:` value is cut at its first character outside that set, so a
//   name with a digit or a dot can't be addressed exactly: `User-agent: MJ12bot`
//   names `MJ`. Crawlers whose only name is like that are left out:
//     MJ12bot (Majestic), 008 (80legs), AI2Bot and Ai2Bot-Dolma (Ai2),
//     img2dataset, archive.org_bot (Internet Archive, which in any case no
//     longer promises to follow robots.txt), Kangaroo Bot (has a space).
// - For fetchers that don't consult robots.txt (`readsRobotsTxt` is
//   'user-triggered' or 'no') and document no robots.txt token, `tokens` holds
//   the product token they send, so that the entry can still be named.
// - `obeysGlobalGroup` is false only where the operator documents that the
//   crawler skips the `*` group (Google's APIs-Google, AdsBot-Google,
//   AdsBot-Google-Mobile, Mediapartners-Google) or ignores robots.txt as a
//   whole (Google-Safety).
// - `readsRobotsTxt`: 'yes' when it applies robots.txt to its own crawling;
//   'user-triggered' when it fetches on a person's request and the operator
//   says robots.txt generally does not (or may not) apply; 'no' when it is
//   documented or reported not to follow robots.txt, or when nothing is
//   documented (marked unconfirmed).
// - `userAgentTokens` match case-insensitively as whole tokens bounded by
//   characters outside [A-Za-z0-9_-]; so `Googlebot` does not match inside
//   `Googlebot-Image/1.0`.
//
// Retired agents left out: Google-NotebookLM (replaced by
// Google-GeminiNotebook, supported until August 2026), GoogleAgent-Mariner
// (Project Mariner retired), google-speakr, DuplexWeb-Google, Google Favicon,
// AdsBot-Google-Mobile-Apps, googleweblight.

export type CrawlerPurpose =
  | 'search'
  | 'ads'
  | 'ai-training'
  | 'ai-search'
  | 'ai-assistant'
  | 'archive'
  | 'seo'
  | 'social'
  | 'other';

export type ReadsRobotsTxt = 'yes' | 'user-triggered' | 'no';

export interface CrawlerEntry {
  /** Display name, e.g. 'Googlebot-Image'. Unique (case-insensitive). */
  readonly name: string;
  readonly operator: string;
  readonly purpose: CrawlerPurpose;
  /** robots.txt product tokens in fallback order: the first that names a group decides. e.g. ['Googlebot-Image', 'Googlebot']. Plain [A-Za-z_-]+ tokens only. */
  readonly tokens: readonly string[];
  /** false for crawlers that ignore the `*` group (Google's special-case crawlers such as AdsBot-Google, AdsBot-Google-Mobile, Mediapartners-Google, APIs-Google...). */
  readonly obeysGlobalGroup: boolean;
  readonly readsRobotsTxt: ReadsRobotsTxt;
  /** true when the token appears in real request User-Agent headers; false for robots.txt-only controls (Google-Extended, Applebot-Extended, ...). */
  readonly sentInRequests: boolean;
  /** How to recognise it in a User-Agent header: product tokens that appear in the header (case-insensitive, matched as a whole token bounded by non [A-Za-z0-9_-] chars, e.g. 'GPTBot', 'Googlebot-Image'). Empty for robots-only entries. */
  readonly userAgentTokens: readonly string[];
  /** One line in OUR OWN WORDS (never copied text) saying what it does. */
  readonly description: string;
  /** URL of the operator's documentation (or the public list) the facts come from. */
  readonly source: string;
}

/** When the facts below were last checked against their sources. */
export const REGISTRY_DATE = '2026-11-23';

const GOOGLE_COMMON = 'https://developers.google.com/crawling/docs/crawlers-fetchers/google-common-crawlers';
const GOOGLE_SPECIAL = 'https://developers.google.com/crawling/docs/crawlers-fetchers/google-special-case-crawlers';
const GOOGLE_FETCHERS = 'https://developers.google.com/crawling/docs/crawlers-fetchers/google-user-triggered-fetchers';
const BING = 'https://www.bing.com/webmasters/help/which-crawlers-does-bing-use-8c184ec0';
const APPLE = 'https://support.apple.com/en-us/119829';
const YANDEX = 'https://yandex.com/support/webmaster/en/robot-workings/user-agent';
const DUCKDUCKGO = 'https://duckduckgo.com/duckduckgo-help-pages/results/';
const META = 'https://developers.facebook.com/docs/sharing/webmasters/web-crawlers/';
const SEMRUSH = 'https://www.semrush.com/bot/';
const OPENAI = 'https://developers.openai.com/api/docs/bots';
const ANTHROPIC =
  'https://support.claude.com/en/articles/8896518-does-anthropic-crawl-data-from-the-web-and-how-can-site-owners-block-the-crawler';
const PERPLEXITY = 'https://docs.perplexity.ai/guides/bots';
const AMAZON = 'https://developer.amazon.com/amazonbot';
const MISTRAL = 'https://docs.mistral.ai/robots';
const AI_ROBOTS_TXT = 'https://github.com/ai-robots-txt/ai.robots.txt/blob/main/robots.json';

export const crawlerRegistry: readonly CrawlerEntry[] = Object.freeze([
  // ---------------------------------------------------------------- Google: common crawlers (always obey robots.txt)
  {
    name: 'Googlebot',
    operator: 'Google',
    purpose: 'search',
    tokens: ['Googlebot'],
    obeysGlobalGroup: true,
    readsRobotsTxt: 'yes',
    sentInRequests: true,
    userAgentTokens: ['Googlebot'],
    description: 'Main Google Search crawler; one entry covers both its smartphone and desktop variants.',
    source: GOOGLE_COMMON,
  },
  {
    name: 'Googlebot-Image',
    operator: 'Google',
    purpose: 'search',
    tokens: ['Googlebot-Image', 'Googlebot'],
    obeysGlobalGroup: true,
    readsRobotsTxt: 'yes',
    sentInRequests: true,
    userAgentTokens: ['Googlebot-Image'],
    description: 'Fetches images, logos and favicons shown in Google Images and other Search surfaces.',
    source: GOOGLE_COMMON,
  },
  {
    name: 'Googlebot-Video',
    operator: 'Google',
    purpose: 'search',
    tokens: ['Googlebot-Video', 'Googlebot'],
    obeysGlobalGroup: true,
    readsRobotsTxt: 'yes',
    sentInRequests: true,
    userAgentTokens: ['Googlebot-Video'],
    description: 'Fetches video files for the video features of Google Search.',
    source: GOOGLE_COMMON,
  },
  {
    // Google: no user-agent string of its own; Google News crawling is done
    // with the ordinary Googlebot strings, and this token only steers it.
    name: 'Googlebot-News',
    operator: 'Google',
    purpose: 'search',
    tokens: ['Googlebot-News', 'Googlebot'],
    obeysGlobalGroup: true,
    readsRobotsTxt: 'yes',
    sentInRequests: false,
    userAgentTokens: [],
    description: 'robots.txt control for what Googlebot may crawl for Google News; sends no header of its own.',
    source: GOOGLE_COMMON,
  },
  {
    name: 'Storebot-Google',
    operator: 'Google',
    purpose: 'search',
    tokens: ['Storebot-Google'],
    obeysGlobalGroup: true,
    readsRobotsTxt: 'yes',
    sentInRequests: true,
    userAgentTokens: ['Storebot-Google'],
    description: 'Google StoreBot: crawls product and checkout pages for Google Shopping surfaces.',
    source: GOOGLE_COMMON,
  },
  {
    name: 'Google-InspectionTool',
    operator: 'Google',
    purpose: 'seo',
    tokens: ['Google-InspectionTool', 'Googlebot'],
    obeysGlobalGroup: true,
    readsRobotsTxt: 'yes',
    sentInRequests: true,
    userAgentTokens: ['Google-InspectionTool'],
    description: "Fetches pages for Google's testing tools (Search Console URL Inspection, Rich Results Test).",
    source: GOOGLE_COMMON,
  },
  {
    name: 'GoogleOther',
    operator: 'Google',
    purpose: 'other',
    tokens: ['GoogleOther'],
    obeysGlobalGroup: true,
    readsRobotsTxt: 'yes',
    sentInRequests: true,
    userAgentTokens: ['GoogleOther'],
    description: 'General-purpose Google crawler used by product teams, e.g. for one-off research crawls.',
    source: GOOGLE_COMMON,
  },
  {
    name: 'GoogleOther-Image',
    operator: 'Google',
    purpose: 'other',
    tokens: ['GoogleOther-Image', 'GoogleOther'],
    obeysGlobalGroup: true,
    readsRobotsTxt: 'yes',
    sentInRequests: true,
    userAgentTokens: ['GoogleOther-Image'],
    description: 'The GoogleOther crawler tuned for fetching image URLs.',
    source: GOOGLE_COMMON,
  },
  {
    name: 'GoogleOther-Video',
    operator: 'Google',
    purpose: 'other',
    tokens: ['GoogleOther-Video', 'GoogleOther'],
    obeysGlobalGroup: true,
    readsRobotsTxt: 'yes',
    sentInRequests: true,
    userAgentTokens: ['GoogleOther-Video'],
    description: 'The GoogleOther crawler tuned for fetching video URLs.',
    source: GOOGLE_COMMON,
  },
  {
    name: 'Google-CloudVertexBot',
    operator: 'Google',
    purpose: 'ai-search',
    tokens: ['Google-CloudVertexBot', 'Googlebot'],
    obeysGlobalGroup: true,
    readsRobotsTxt: 'yes',
    sentInRequests: true,
    userAgentTokens: ['Google-CloudVertexBot'],
    description: 'Crawls a site when its owner asks, to build Vertex AI agents; no effect on Google Search.',
    source: GOOGLE_COMMON,
  },
  {
    name: 'Google-Extended',
    operator: 'Google',
    purpose: 'ai-training',
    tokens: ['Google-Extended'],
    obeysGlobalGroup: true,
    readsRobotsTxt: 'yes',
    sentInRequests: false,
    userAgentTokens: [],
    description: "robots.txt-only switch over Gemini training and grounding use of what Google's crawlers fetch.",
    source: GOOGLE_COMMON,
  },

  // ---------------------------------------------------------------- Google: special-case crawlers
  {
    name: 'APIs-Google',
    operator: 'Google',
    purpose: 'other',
    tokens: ['APIs-Google'],
    obeysGlobalGroup: false,
    readsRobotsTxt: 'yes',
    sentInRequests: true,
    userAgentTokens: ['APIs-Google'],
    description: 'Delivers push notifications from Google APIs to endpoints that registered for them.',
    source: GOOGLE_SPECIAL,
  },
  {
    name: 'AdsBot-Google-Mobile',
    operator: 'Google',
    purpose: 'ads',
    tokens: ['AdsBot-Google-Mobile'],
    obeysGlobalGroup: false,
    readsRobotsTxt: 'yes',
    sentInRequests: true,
    userAgentTokens: ['AdsBot-Google-Mobile'],
    description: 'Checks the quality of Google Ads landing pages as a mobile browser would see them.',
    source: GOOGLE_SPECIAL,
  },
  {
    name: 'AdsBot-Google',
    operator: 'Google',
    purpose: 'ads',
    tokens: ['AdsBot-Google'],
    obeysGlobalGroup: false,
    readsRobotsTxt: 'yes',
    sentInRequests: true,
    userAgentTokens: ['AdsBot-Google'],
    description: 'Checks the quality of Google Ads landing pages.',
    source: GOOGLE_SPECIAL,
  },
  {
    name: 'Mediapartners-Google',
    operator: 'Google',
    purpose: 'ads',
    tokens: ['Mediapartners-Google'],
    obeysGlobalGroup: false,
    readsRobotsTxt: 'yes',
    sentInRequests: true,
    userAgentTokens: ['Mediapartners-Google'],
    description: 'AdSense crawler: reads pages of participating sites to pick ads that fit them.',
    source: GOOGLE_SPECIAL,
  },
  {
    // Google: "ignores robots.txt rules"; abuse and malware checks.
    name: 'Google-Safety',
    operator: 'Google',
    purpose: 'other',
    tokens: ['Google-Safety'],
    obeysGlobalGroup: false,
    readsRobotsTxt: 'no',
    sentInRequests: true,
    userAgentTokens: ['Google-Safety'],
    description: 'Looks for malware and abuse behind links posted on Google properties; not steerable by robots.txt.',
    source: GOOGLE_SPECIAL,
  },

  // ---------------------------------------------------------------- Google: user-triggered fetchers (generally ignore robots.txt)
  {
    name: 'Google-CWS',
    operator: 'Google',
    purpose: 'other',
    tokens: ['Google-CWS'],
    obeysGlobalGroup: true,
    readsRobotsTxt: 'user-triggered',
    sentInRequests: true,
    userAgentTokens: ['Google-CWS'],
    description: 'Chrome Web Store fetcher for URLs that extension and theme developers list in their metadata.',
    source: GOOGLE_FETCHERS,
  },
  {
    name: 'FeedFetcher-Google',
    operator: 'Google',
    purpose: 'other',
    tokens: ['FeedFetcher-Google'],
    obeysGlobalGroup: true,
    readsRobotsTxt: 'user-triggered',
    sentInRequests: true,
    userAgentTokens: ['FeedFetcher-Google'],
    description: 'Fetches RSS and Atom feeds for Google News and WebSub.',
    source: GOOGLE_FETCHERS,
  },
  {
    name: 'Google-GeminiNotebook',
    operator: 'Google',
    purpose: 'ai-assistant',
    tokens: ['Google-GeminiNotebook'],
    obeysGlobalGroup: true,
    readsRobotsTxt: 'user-triggered',
    sentInRequests: true,
    userAgentTokens: ['Google-GeminiNotebook'],
    description: 'Fetches the web pages a Gemini Notebook user adds as sources (formerly Google-NotebookLM).',
    source: GOOGLE_FETCHERS,
  },
  {
    name: 'Google-Agent',
    operator: 'Google',
    purpose: 'ai-assistant',
    tokens: ['Google-Agent'],
    obeysGlobalGroup: true,
    readsRobotsTxt: 'user-triggered',
    sentInRequests: true,
    userAgentTokens: ['Google-Agent'],
    description: "AI agents running on Google infrastructure that browse and act on sites at a user's request.",
    source: GOOGLE_FETCHERS,
  },
  {
    name: 'GoogleMessages',
    operator: 'Google',
    purpose: 'social',
    tokens: ['GoogleMessages'],
    obeysGlobalGroup: true,
    readsRobotsTxt: 'user-triggered',
    sentInRequests: true,
    userAgentTokens: ['GoogleMessages'],
    description: 'Builds link previews for URLs sent in Google Messages chats.',
    source: GOOGLE_FETCHERS,
  },
  {
    name: 'Google-Pinpoint',
    operator: 'Google',
    purpose: 'other',
    tokens: ['Google-Pinpoint'],
    obeysGlobalGroup: true,
    readsRobotsTxt: 'user-triggered',
    sentInRequests: true,
    userAgentTokens: ['Google-Pinpoint'],
    description: 'Fetches the URLs Pinpoint users add to their document collections.',
    source: GOOGLE_FETCHERS,
  },
  {
    name: 'GoogleProducer',
    operator: 'Google',
    purpose: 'other',
    tokens: ['GoogleProducer'],
    obeysGlobalGroup: true,
    readsRobotsTxt: 'user-triggered',
    sentInRequests: true,
    userAgentTokens: ['GoogleProducer'],
    description: 'Google Publisher Center: fetches the feeds publishers hand in for their Google News pages.',
    source: GOOGLE_FETCHERS,
  },
  {
    name: 'Google-Read-Aloud',
    operator: 'Google',
    purpose: 'other',
    tokens: ['Google-Read-Aloud'],
    obeysGlobalGroup: true,
    readsRobotsTxt: 'user-triggered',
    sentInRequests: true,
    userAgentTokens: ['Google-Read-Aloud'],
    description: 'Fetches a page to read it out with text-to-speech when a user asks.',
    source: GOOGLE_FETCHERS,
  },
  {
    name: 'Google-Site-Verification',
    operator: 'Google',
    purpose: 'other',
    tokens: ['Google-Site-Verification'],
    obeysGlobalGroup: true,
    readsRobotsTxt: 'user-triggered',
    sentInRequests: true,
    userAgentTokens: ['Google-Site-Verification'],
    description: 'Google Site Verifier: fetches Search Console ownership-verification tokens.',
    source: GOOGLE_FETCHERS,
  },

  // ---------------------------------------------------------------- Microsoft
  {
    name: 'bingbot',
    operator: 'Microsoft',
    purpose: 'search',
    tokens: ['bingbot'],
    obeysGlobalGroup: true,
    readsRobotsTxt: 'yes',
    sentInRequests: true,
    userAgentTokens: ['bingbot'],
    description: 'Main Bing search crawler, in desktop and mobile variants.',
    source: BING,
  },
  {
    // unconfirmed: Bing documents no fallback from adidxbot to bingbot groups.
    name: 'AdIdxBot',
    operator: 'Microsoft',
    purpose: 'ads',
    tokens: ['adidxbot'],
    obeysGlobalGroup: true,
    readsRobotsTxt: 'yes',
    sentInRequests: true,
    userAgentTokens: ['adidxbot'],
    description: 'Microsoft Advertising crawler that follows ads to their landing pages for quality checks.',
    source: BING,
  },
  {
    // Bing now lists BingPreview with the bingbot user-agent strings, so its
    // requests can't be told from bingbot's and carry no BingPreview token.
    // unconfirmed: no separate robots.txt token is documented; it presents
    // itself as bingbot, so that is the token given here.
    name: 'BingPreview',
    operator: 'Microsoft',
    purpose: 'search',
    tokens: ['bingbot'],
    obeysGlobalGroup: true,
    readsRobotsTxt: 'yes',
    sentInRequests: false,
    userAgentTokens: [],
    description: 'Takes page snapshots for Bing; identifies itself with the bingbot strings.',
    source: BING,
  },
  {
    // unconfirmed: robots.txt token assumed to be the product token it sends.
    name: 'MicrosoftPreview',
    operator: 'Microsoft',
    purpose: 'other',
    tokens: ['MicrosoftPreview'],
    obeysGlobalGroup: true,
    readsRobotsTxt: 'yes',
    sentInRequests: true,
    userAgentTokens: ['MicrosoftPreview'],
    description: 'Takes page snapshots and previews for Microsoft products other than Bing.',
    source: BING,
  },
  {
    // unconfirmed: robots.txt token assumed to be the product token it sends.
    name: 'BingVideoPreview',
    operator: 'Microsoft',
    purpose: 'search',
    tokens: ['BingVideoPreview'],
    obeysGlobalGroup: true,
    readsRobotsTxt: 'yes',
    sentInRequests: true,
    userAgentTokens: ['BingVideoPreview'],
    description: 'Fetches videos to build the video previews shown in Bing.',
    source: BING,
  },

  // ---------------------------------------------------------------- Apple
  {
    // Apple: with no Applebot group, Applebot follows the Googlebot group.
    name: 'Applebot',
    operator: 'Apple',
    purpose: 'search',
    tokens: ['Applebot', 'Googlebot'],
    obeysGlobalGroup: true,
    readsRobotsTxt: 'yes',
    sentInRequests: true,
    userAgentTokens: ['Applebot'],
    description: "Apple's crawler for Siri, Spotlight and Safari search results.",
    source: APPLE,
  },
  {
    name: 'Applebot-Extended',
    operator: 'Apple',
    purpose: 'ai-training',
    tokens: ['Applebot-Extended'],
    obeysGlobalGroup: true,
    readsRobotsTxt: 'yes',
    sentInRequests: false,
    userAgentTokens: [],
    description: "robots.txt-only switch over whether Applebot's crawl may train Apple's foundation models.",
    source: APPLE,
  },

  // ---------------------------------------------------------------- Yandex
  {
    // Yandex: `User-agent: Yandex` covers every Yandex robot; a group naming
    // the robot itself wins over it; `*` is used only when neither exists.
    name: 'YandexBot',
    operator: 'Yandex',
    purpose: 'search',
    tokens: ['YandexBot', 'Yandex'],
    obeysGlobalGroup: true,
    readsRobotsTxt: 'yes',
    sentInRequests: true,
    userAgentTokens: ['YandexBot'],
    description: 'Main Yandex search crawler.',
    source: YANDEX,
  },
  {
    name: 'YandexImages',
    operator: 'Yandex',
    purpose: 'search',
    tokens: ['YandexImages', 'Yandex'],
    obeysGlobalGroup: true,
    readsRobotsTxt: 'yes',
    sentInRequests: true,
    userAgentTokens: ['YandexImages'],
    description: 'Crawls images for Yandex image search.',
    source: YANDEX,
  },
  {
    // unconfirmed: user-agent string taken from observed traffic, not from Yandex's page.
    name: 'YandexAdditional',
    operator: 'Yandex',
    purpose: 'ai-search',
    tokens: ['YandexAdditional', 'Yandex'],
    obeysGlobalGroup: true,
    readsRobotsTxt: 'yes',
    sentInRequests: true,
    userAgentTokens: ['YandexAdditional'],
    description: 'Gathers page content for the quick answers Yandex generates with YandexGPT.',
    source: 'https://yandex.ru/support/webmaster/en/search-appearance/fast.html',
  },
  {
    name: 'YandexDirect',
    operator: 'Yandex',
    purpose: 'ads',
    tokens: ['YandexDirect', 'Yandex'],
    obeysGlobalGroup: true,
    readsRobotsTxt: 'yes',
    sentInRequests: true,
    userAgentTokens: ['YandexDirect'],
    description: 'Yandex Advertising Network robot that reads partner sites to match contextual ads.',
    source: 'https://yandex.com/support/partner2/technologies/robot.html',
  },

  // ---------------------------------------------------------------- Other search engines
  {
    name: 'Baiduspider',
    operator: 'Baidu',
    purpose: 'search',
    tokens: ['Baiduspider'],
    obeysGlobalGroup: true,
    readsRobotsTxt: 'yes',
    sentInRequests: true,
    userAgentTokens: ['Baiduspider'],
    description: 'Main Baidu search crawler.',
    source: 'https://www.baidu.com/search/spider.html',
  },
  {
    name: 'DuckDuckBot',
    operator: 'DuckDuckGo',
    purpose: 'search',
    tokens: ['DuckDuckBot'],
    obeysGlobalGroup: true,
    readsRobotsTxt: 'yes',
    sentInRequests: true,
    userAgentTokens: ['DuckDuckBot'],
    description: "DuckDuckGo's own search crawler.",
    source: `${DUCKDUCKGO}duckduckbot/`,
  },
  {
    name: 'DuckAssistBot',
    operator: 'DuckDuckGo',
    purpose: 'ai-search',
    tokens: ['DuckAssistBot'],
    obeysGlobalGroup: true,
    readsRobotsTxt: 'yes',
    sentInRequests: true,
    userAgentTokens: ['DuckAssistBot'],
    description: 'Fetches pages in real time as cited sources for DuckAssist answers; not used for model training.',
    source: `${DUCKDUCKGO}duckassistbot/`,
  },
  {
    name: 'Yeti',
    operator: 'Naver',
    purpose: 'search',
    tokens: ['Yeti'],
    obeysGlobalGroup: true,
    readsRobotsTxt: 'yes',
    sentInRequests: true,
    userAgentTokens: ['Yeti'],
    description: "Naver's search crawler.",
    source: 'http://naver.me/bot',
  },
  {
    name: 'SeznamBot',
    operator: 'Seznam.cz',
    purpose: 'search',
    tokens: ['SeznamBot'],
    obeysGlobalGroup: true,
    readsRobotsTxt: 'yes',
    sentInRequests: true,
    userAgentTokens: ['SeznamBot'],
    description: 'Crawler of the Czech search engine Seznam.',
    source: 'https://napoveda.seznam.cz/en/seznambot-intro/',
  },
  {
    name: 'PetalBot',
    operator: 'Huawei',
    purpose: 'search',
    tokens: ['PetalBot'],
    obeysGlobalGroup: true,
    readsRobotsTxt: 'yes',
    sentInRequests: true,
    userAgentTokens: ['PetalBot'],
    description: "Crawler for Huawei's Petal Search, also feeding its assistant and AI search features.",
    source: 'https://webmaster.petalsearch.com/site/petalbot',
  },

  // ---------------------------------------------------------------- Archives and open datasets
  {
    name: 'CCBot',
    operator: 'Common Crawl',
    purpose: 'archive',
    tokens: ['CCBot'],
    obeysGlobalGroup: true,
    readsRobotsTxt: 'yes',
    sentInRequests: true,
    userAgentTokens: ['CCBot'],
    description: "Builds Common Crawl's free, open web archive, widely reused for research and model training.",
    source: 'https://commoncrawl.org/ccbot',
  },

  // ---------------------------------------------------------------- Meta
  {
    // Meta: fetches links shared in its apps; it may skip robots.txt for
    // security and integrity checks. ai.robots.txt records it as not respecting robots.txt.
    name: 'facebookexternalhit',
    operator: 'Meta',
    purpose: 'social',
    tokens: ['facebookexternalhit'],
    obeysGlobalGroup: true,
    readsRobotsTxt: 'user-triggered',
    sentInRequests: true,
    userAgentTokens: ['facebookexternalhit'],
    description: "Fetches pages shared in Meta's apps to build their link previews.",
    source: META,
  },
  {
    name: 'meta-externalagent',
    operator: 'Meta',
    purpose: 'ai-training',
    tokens: ['meta-externalagent'],
    obeysGlobalGroup: true,
    readsRobotsTxt: 'yes',
    sentInRequests: true,
    userAgentTokens: ['meta-externalagent'],
    description: 'Meta crawler collecting web content for training AI models and indexing for its products.',
    source: META,
  },
  {
    name: 'meta-externalfetcher',
    operator: 'Meta',
    purpose: 'ai-assistant',
    tokens: ['meta-externalfetcher'],
    obeysGlobalGroup: true,
    readsRobotsTxt: 'user-triggered',
    sentInRequests: true,
    userAgentTokens: ['meta-externalfetcher'],
    description: "Fetches single links on a user's request for Meta AI features; may bypass robots.txt.",
    source: META,
  },
  {
    name: 'meta-webindexer',
    operator: 'Meta',
    purpose: 'ai-search',
    tokens: ['meta-webindexer'],
    obeysGlobalGroup: true,
    readsRobotsTxt: 'yes',
    sentInRequests: true,
    userAgentTokens: ['meta-webindexer'],
    description: 'Indexes pages so Meta AI can cite and link to them in its answers.',
    source: META,
  },
  {
    // unconfirmed: robots.txt handling not stated in the sources read.
    name: 'meta-externalads',
    operator: 'Meta',
    purpose: 'ads',
    tokens: ['meta-externalads'],
    obeysGlobalGroup: true,
    readsRobotsTxt: 'yes',
    sentInRequests: true,
    userAgentTokens: ['meta-externalads'],
    description: 'Meta crawler supporting its advertising and business products.',
    source: META,
  },
  {
    // unconfirmed: user-agent string from a public list (crawler-user-agents), not from Meta's page.
    name: 'FacebookBot',
    operator: 'Meta',
    purpose: 'ai-training',
    tokens: ['FacebookBot'],
    obeysGlobalGroup: true,
    readsRobotsTxt: 'yes',
    sentInRequests: true,
    userAgentTokens: ['FacebookBot'],
    description: 'Meta crawler collecting public text to train its speech recognition models.',
    source: 'https://developers.facebook.com/docs/sharing/bot/',
  },

  // ---------------------------------------------------------------- Social and messaging link previews
  {
    // unconfirmed: robots.txt behaviour from the older Twitter Cards guide; not re-read on X's current pages.
    name: 'Twitterbot',
    operator: 'X',
    purpose: 'social',
    tokens: ['Twitterbot'],
    obeysGlobalGroup: true,
    readsRobotsTxt: 'yes',
    sentInRequests: true,
    userAgentTokens: ['Twitterbot'],
    description: 'Fetches pages linked in posts on X to build their cards.',
    source: 'https://dev.twitter.com/cards/getting-started',
  },
  {
    // unconfirmed: LinkedIn publishes no crawler page; robots.txt behaviour from third-party lists.
    name: 'LinkedInBot',
    operator: 'LinkedIn',
    purpose: 'social',
    tokens: ['LinkedInBot'],
    obeysGlobalGroup: true,
    readsRobotsTxt: 'yes',
    sentInRequests: true,
    userAgentTokens: ['LinkedInBot'],
    description: 'Fetches pages shared on LinkedIn to build their link previews.',
    source: 'https://www.linkedin.com/post-inspector/',
  },
  {
    // Slack's robots page, as quoted by secondary sources, says it does not
    // honour robots.txt for unfurls. unconfirmed: that sentence was not read on Slack's page itself.
    name: 'Slackbot-LinkExpanding',
    operator: 'Slack',
    purpose: 'social',
    tokens: ['Slackbot-LinkExpanding'],
    obeysGlobalGroup: true,
    readsRobotsTxt: 'user-triggered',
    sentInRequests: true,
    userAgentTokens: ['Slackbot-LinkExpanding'],
    description: 'Fetches links posted in Slack channels to unfurl them into previews.',
    source: 'https://api.slack.com/robots',
  },

  // ---------------------------------------------------------------- SEO tools
  {
    name: 'AhrefsBot',
    operator: 'Ahrefs',
    purpose: 'seo',
    tokens: ['AhrefsBot'],
    obeysGlobalGroup: true,
    readsRobotsTxt: 'yes',
    sentInRequests: true,
    userAgentTokens: ['AhrefsBot'],
    description: "Crawls the web for Ahrefs' link and SEO database and for the Yep search engine.",
    source: 'https://ahrefs.com/robot',
  },
  {
    name: 'SemrushBot',
    operator: 'Semrush',
    purpose: 'seo',
    tokens: ['SemrushBot'],
    obeysGlobalGroup: true,
    readsRobotsTxt: 'yes',
    sentInRequests: true,
    userAgentTokens: ['SemrushBot'],
    description: 'Main Semrush crawler, feeding its backlink and site-analysis tools.',
    source: SEMRUSH,
  },
  {
    // unconfirmed: whether a SemrushBot group also covers it; user-agent from a public list.
    name: 'SemrushBot-OCOB',
    operator: 'Semrush',
    purpose: 'seo',
    tokens: ['SemrushBot-OCOB'],
    obeysGlobalGroup: true,
    readsRobotsTxt: 'yes',
    sentInRequests: true,
    userAgentTokens: ['SemrushBot-OCOB'],
    description: 'Semrush crawler behind its AI content-writing tool (ContentShake).',
    source: SEMRUSH,
  },
  {
    // unconfirmed: whether a SemrushBot group also covers it; user-agent from a public list.
    name: 'SemrushBot-SWA',
    operator: 'Semrush',
    purpose: 'seo',
    tokens: ['SemrushBot-SWA'],
    obeysGlobalGroup: true,
    readsRobotsTxt: 'yes',
    sentInRequests: true,
    userAgentTokens: ['SemrushBot-SWA'],
    description: "Checks that URLs are reachable for Semrush's SEO Writing Assistant.",
    source: SEMRUSH,
  },
  {
    name: 'DotBot',
    operator: 'Moz',
    purpose: 'seo',
    tokens: ['DotBot'],
    obeysGlobalGroup: true,
    readsRobotsTxt: 'yes',
    sentInRequests: true,
    userAgentTokens: ['DotBot'],
    description: 'Moz crawler building its link index.',
    source: 'https://moz.com/help/moz-procedures/crawlers/dotbot',
  },

  // ---------------------------------------------------------------- OpenAI
  {
    name: 'GPTBot',
    operator: 'OpenAI',
    purpose: 'ai-training',
    tokens: ['GPTBot'],
    obeysGlobalGroup: true,
    readsRobotsTxt: 'yes',
    sentInRequests: true,
    userAgentTokens: ['GPTBot'],
    description: "Collects content that may be used to train OpenAI's foundation models.",
    source: OPENAI,
  },
  {
    name: 'OAI-SearchBot',
    operator: 'OpenAI',
    purpose: 'ai-search',
    tokens: ['OAI-SearchBot'],
    obeysGlobalGroup: true,
    readsRobotsTxt: 'yes',
    sentInRequests: true,
    userAgentTokens: ['OAI-SearchBot'],
    description: "Crawls sites so they can be surfaced and cited in ChatGPT's search answers.",
    source: OPENAI,
  },
  {
    // OpenAI: "robots.txt rules may not apply" to these user-initiated visits.
    name: 'ChatGPT-User',
    operator: 'OpenAI',
    purpose: 'ai-assistant',
    tokens: ['ChatGPT-User'],
    obeysGlobalGroup: true,
    readsRobotsTxt: 'user-triggered',
    sentInRequests: true,
    userAgentTokens: ['ChatGPT-User'],
    description: 'Visits pages on behalf of ChatGPT users and Custom GPT actions; not an automatic crawler.',
    source: OPENAI,
  },
  {
    // unconfirmed: OpenAI does not say whether OAI-AdsBot reads robots.txt.
    name: 'OAI-AdsBot',
    operator: 'OpenAI',
    purpose: 'ads',
    tokens: ['OAI-AdsBot'],
    obeysGlobalGroup: true,
    readsRobotsTxt: 'no',
    sentInRequests: true,
    userAgentTokens: ['OAI-AdsBot'],
    description: 'Visits only landing pages submitted as ChatGPT ads, to check them against policy.',
    source: OPENAI,
  },

  // ---------------------------------------------------------------- Anthropic
  // Anthropic documents the three robots.txt tokens but publishes no full
  // user-agent strings; the fixture headers are observed ones.
  {
    name: 'ClaudeBot',
    operator: 'Anthropic',
    purpose: 'ai-training',
    tokens: ['ClaudeBot'],
    obeysGlobalGroup: true,
    readsRobotsTxt: 'yes',
    sentInRequests: true,
    userAgentTokens: ['ClaudeBot'],
    description: "Collects public web content that may be used to train Anthropic's models.",
    source: ANTHROPIC,
  },
  {
    name: 'Claude-User',
    operator: 'Anthropic',
    purpose: 'ai-assistant',
    tokens: ['Claude-User'],
    obeysGlobalGroup: true,
    readsRobotsTxt: 'yes',
    sentInRequests: true,
    userAgentTokens: ['Claude-User'],
    description: "Fetches a page when a Claude user's question needs it; Anthropic says it follows robots.txt.",
    source: ANTHROPIC,
  },
  {
    name: 'Claude-SearchBot',
    operator: 'Anthropic',
    purpose: 'ai-search',
    tokens: ['Claude-SearchBot'],
    obeysGlobalGroup: true,
    readsRobotsTxt: 'yes',
    sentInRequests: true,
    userAgentTokens: ['Claude-SearchBot'],
    description: 'Indexes pages to improve the search results Claude draws on.',
    source: ANTHROPIC,
  },
  {
    // unconfirmed: legacy token no longer on Anthropic's page; no current
    // header is documented, so it is kept as a robots.txt-only name.
    name: 'anthropic-ai',
    operator: 'Anthropic',
    purpose: 'ai-training',
    tokens: ['anthropic-ai'],
    obeysGlobalGroup: true,
    readsRobotsTxt: 'yes',
    sentInRequests: false,
    userAgentTokens: [],
    description: 'Older Anthropic robots.txt name still found in many block lists.',
    source: AI_ROBOTS_TXT,
  },

  // ---------------------------------------------------------------- Perplexity
  {
    name: 'PerplexityBot',
    operator: 'Perplexity',
    purpose: 'ai-search',
    tokens: ['PerplexityBot'],
    obeysGlobalGroup: true,
    readsRobotsTxt: 'yes',
    sentInRequests: true,
    userAgentTokens: ['PerplexityBot'],
    description: "Crawls sites to surface and link them in Perplexity's answers; not used for model training.",
    source: PERPLEXITY,
  },
  {
    name: 'Perplexity-User',
    operator: 'Perplexity',
    purpose: 'ai-assistant',
    tokens: ['Perplexity-User'],
    obeysGlobalGroup: true,
    readsRobotsTxt: 'user-triggered',
    sentInRequests: true,
    userAgentTokens: ['Perplexity-User'],
    description: "Fetches pages when a Perplexity user's question needs them; generally ignores robots.txt.",
    source: PERPLEXITY,
  },

  // ---------------------------------------------------------------- Amazon
  {
    name: 'Amazonbot',
    operator: 'Amazon',
    purpose: 'ai-training',
    tokens: ['Amazonbot'],
    obeysGlobalGroup: true,
    readsRobotsTxt: 'yes',
    sentInRequests: true,
    userAgentTokens: ['Amazonbot'],
    description: 'General Amazon crawler improving its services; its crawl may train Amazon AI models.',
    source: AMAZON,
  },
  {
    name: 'Amzn-SearchBot',
    operator: 'Amazon',
    purpose: 'ai-search',
    tokens: ['Amzn-SearchBot'],
    obeysGlobalGroup: true,
    readsRobotsTxt: 'yes',
    sentInRequests: true,
    userAgentTokens: ['Amzn-SearchBot'],
    description: 'Crawls for search in Amazon products such as Alexa and Rufus; not used for model training.',
    source: AMAZON,
  },
  {
    // unconfirmed: Amazon's April 2026 page says all three honour robots.txt;
    // later quotations say Amzn-User "may not follow all robots.txt
    // directives". The user-triggered value is the conservative one.
    name: 'Amzn-User',
    operator: 'Amazon',
    purpose: 'ai-assistant',
    tokens: ['Amzn-User'],
    obeysGlobalGroup: true,
    readsRobotsTxt: 'user-triggered',
    sentInRequests: true,
    userAgentTokens: ['Amzn-User'],
    description: 'Fetches live pages to answer Alexa and other Amazon user requests.',
    source: AMAZON,
  },

  // ---------------------------------------------------------------- Mistral
  {
    name: 'MistralAI-User',
    operator: 'Mistral AI',
    purpose: 'ai-assistant',
    tokens: ['MistralAI-User'],
    obeysGlobalGroup: true,
    readsRobotsTxt: 'yes',
    sentInRequests: true,
    userAgentTokens: ['MistralAI-User'],
    description: "Visits pages for Le Chat users' questions; robots.txt decides which sites it may reach.",
    source: MISTRAL,
  },
  {
    name: 'MistralAI-Index',
    operator: 'Mistral AI',
    purpose: 'ai-search',
    tokens: ['MistralAI-Index'],
    obeysGlobalGroup: true,
    readsRobotsTxt: 'yes',
    sentInRequests: true,
    userAgentTokens: ['MistralAI-Index'],
    description: "Crawls to build the search index behind Le Chat's answers; not used for training.",
    source: MISTRAL,
  },

  // ---------------------------------------------------------------- ByteDance
  {
    // ai.robots.txt records it as not respecting robots.txt; ByteDance publishes no crawler page.
    name: 'Bytespider',
    operator: 'ByteDance',
    purpose: 'ai-training',
    tokens: ['Bytespider'],
    obeysGlobalGroup: true,
    readsRobotsTxt: 'no',
    sentInRequests: true,
    userAgentTokens: ['Bytespider'],
    description: 'ByteDance crawler reported to gather data for training its language models.',
    source: AI_ROBOTS_TXT,
  },
  {
    // unconfirmed: no operator page; robots.txt handling unknown, so 'no'.
    name: 'TikTokSpider',
    operator: 'ByteDance',
    purpose: 'ai-training',
    tokens: ['TikTokSpider'],
    obeysGlobalGroup: true,
    readsRobotsTxt: 'no',
    sentInRequests: true,
    userAgentTokens: ['TikTokSpider'],
    description: 'ByteDance crawler listed alongside Bytespider as collecting training data.',
    source: AI_ROBOTS_TXT,
  },

  // ---------------------------------------------------------------- Cohere
  {
    // unconfirmed: Cohere publishes no crawler page or header; kept as a robots.txt-only name.
    name: 'cohere-ai',
    operator: 'Cohere',
    purpose: 'ai-assistant',
    tokens: ['cohere-ai'],
    obeysGlobalGroup: true,
    readsRobotsTxt: 'no',
    sentInRequests: false,
    userAgentTokens: [],
    description: 'Cohere robots.txt name for fetches made in answer to user prompts.',
    source: AI_ROBOTS_TXT,
  },
  {
    // unconfirmed: no operator page; robots.txt handling unknown, so 'no'.
    name: 'cohere-training-data-crawler',
    operator: 'Cohere',
    purpose: 'ai-training',
    tokens: ['cohere-training-data-crawler'],
    obeysGlobalGroup: true,
    readsRobotsTxt: 'no',
    sentInRequests: true,
    userAgentTokens: ['cohere-training-data-crawler'],
    description: 'Cohere crawler downloading training data for its enterprise language models.',
    source: AI_ROBOTS_TXT,
  },

  // ---------------------------------------------------------------- Other AI crawlers, agents and data providers
  {
    // Diffbot: its own crawls follow robots.txt unless a customer has an
    // agreement with the site; it says the crawl is not used for AI training.
    name: 'Diffbot',
    operator: 'Diffbot',
    purpose: 'search',
    tokens: ['Diffbot'],
    obeysGlobalGroup: true,
    readsRobotsTxt: 'yes',
    sentInRequests: true,
    userAgentTokens: ['Diffbot'],
    description: 'Crawls the web for the Diffbot Knowledge Graph and its web search service.',
    source: 'https://docs.diffbot.com/docs/does-crawl-respect-robotstxt',
  },
  {
    name: 'ImagesiftBot',
    operator: 'ImageSift',
    purpose: 'other',
    tokens: ['ImagesiftBot'],
    obeysGlobalGroup: true,
    readsRobotsTxt: 'yes',
    sentInRequests: true,
    userAgentTokens: ['ImagesiftBot'],
    description: 'Collects public images and page text to index them for similar-image search.',
    source: 'https://imagesift.com/about',
  },
  {
    name: 'omgili',
    operator: 'Webz.io',
    purpose: 'other',
    tokens: ['omgili'],
    obeysGlobalGroup: true,
    readsRobotsTxt: 'yes',
    sentInRequests: true,
    userAgentTokens: ['omgili'],
    description: 'Webz.io crawler whose web data is sold on, including for model training.',
    source: 'https://webz.io/blog/web-data/what-is-the-omgili-bot-and-why-is-it-crawling-your-website/',
  },
  {
    // unconfirmed: taken from ai.robots.txt as a Webz.io control token; no
    // header carrying it was found, so it is kept as robots.txt-only.
    name: 'Webzio-Extended',
    operator: 'Webz.io',
    purpose: 'ai-training',
    tokens: ['Webzio-Extended'],
    obeysGlobalGroup: true,
    readsRobotsTxt: 'yes',
    sentInRequests: false,
    userAgentTokens: [],
    description: 'robots.txt name over whether Webz.io may pass crawled content on for AI training.',
    source: AI_ROBOTS_TXT,
  },
  {
    name: 'YouBot',
    operator: 'You.com',
    purpose: 'ai-search',
    tokens: ['YouBot'],
    obeysGlobalGroup: true,
    readsRobotsTxt: 'yes',
    sentInRequests: true,
    userAgentTokens: ['YouBot'],
    description: "Crawls for You.com's search engine and the language models behind it.",
    source: 'https://about.you.com/youbot/',
  },
  {
    // unconfirmed: robots.txt handling not documented, so 'no'.
    name: 'Timpibot',
    operator: 'Timpi',
    purpose: 'ai-training',
    tokens: ['Timpibot'],
    obeysGlobalGroup: true,
    readsRobotsTxt: 'no',
    sentInRequests: true,
    userAgentTokens: ['Timpibot'],
    description: 'Crawler of the Timpi index, whose data is offered for training AI models.',
    source: AI_ROBOTS_TXT,
  },
  {
    name: 'FriendlyCrawler',
    operator: 'Unknown',
    purpose: 'ai-training',
    tokens: ['FriendlyCrawler'],
    obeysGlobalGroup: true,
    readsRobotsTxt: 'yes',
    sentInRequests: true,
    userAgentTokens: ['FriendlyCrawler'],
    description: 'Crawler of unclear ownership building data sets for machine-learning experiments.',
    source: 'https://imho.alex-kunz.com/2024/01/25/an-update-on-friendly-crawler',
  },
  {
    // ai.robots.txt records it as not respecting robots.txt.
    name: 'iaskspider',
    operator: 'iAsk',
    purpose: 'ai-assistant',
    tokens: ['iaskspider'],
    obeysGlobalGroup: true,
    readsRobotsTxt: 'no',
    sentInRequests: true,
    userAgentTokens: ['iaskspider'],
    description: 'Crawls sites to answer questions asked of the iAsk AI search engine.',
    source: AI_ROBOTS_TXT,
  },
  {
    name: 'ICC-Crawler',
    operator: 'NICT',
    purpose: 'ai-training',
    tokens: ['ICC-Crawler'],
    obeysGlobalGroup: true,
    readsRobotsTxt: 'yes',
    sentInRequests: true,
    userAgentTokens: ['ICC-Crawler'],
    description: 'Japanese research institute crawler collecting data for AI work, also shared with third parties.',
    source: 'https://ucri.nict.go.jp/en/icccrawler.html',
  },
  {
    // ai.robots.txt records it as not respecting robots.txt.
    name: 'DeepSeekBot',
    operator: 'DeepSeek',
    purpose: 'ai-training',
    tokens: ['DeepSeekBot'],
    obeysGlobalGroup: true,
    readsRobotsTxt: 'no',
    sentInRequests: true,
    userAgentTokens: ['DeepSeekBot'],
    description: 'DeepSeek crawler gathering data to train its language models.',
    source: AI_ROBOTS_TXT,
  },
  {
    name: 'Cotoyogi',
    operator: 'ROIS',
    purpose: 'ai-training',
    tokens: ['Cotoyogi'],
    obeysGlobalGroup: true,
    readsRobotsTxt: 'yes',
    sentInRequests: true,
    userAgentTokens: ['Cotoyogi'],
    description: 'Japanese research crawler gathering Japanese-language text for AI training.',
    source: 'https://ds.rois.ac.jp/en_center8/en_crawler/',
  },
  {
    name: 'SBIntuitionsBot',
    operator: 'SB Intuitions',
    purpose: 'ai-training',
    tokens: ['SBIntuitionsBot'],
    obeysGlobalGroup: true,
    readsRobotsTxt: 'yes',
    sentInRequests: true,
    userAgentTokens: ['SBIntuitionsBot'],
    description: 'SoftBank group crawler collecting data for AI development and information analysis.',
    source: 'https://www.sbintuitions.co.jp/en/bot/',
  },
  {
    name: 'VelenPublicWebCrawler',
    operator: 'Velen',
    purpose: 'ai-training',
    tokens: ['VelenPublicWebCrawler'],
    obeysGlobalGroup: true,
    readsRobotsTxt: 'yes',
    sentInRequests: true,
    userAgentTokens: ['VelenPublicWebCrawler'],
    description: 'Builds business data sets and machine-learning models from public pages.',
    source: 'https://velen.io',
  },
  {
    name: 'aiHitBot',
    operator: 'aiHit',
    purpose: 'other',
    tokens: ['aiHitBot'],
    obeysGlobalGroup: true,
    readsRobotsTxt: 'yes',
    sentInRequests: true,
    userAgentTokens: ['aiHitBot'],
    description: "Gathers company information for aiHit's machine-learning business data platform.",
    source: 'https://www.aihitdata.com/about',
  },
  {
    // unconfirmed: robots.txt handling not documented in the sources read, so 'no'.
    name: 'LinerBot',
    operator: 'Liner',
    purpose: 'ai-assistant',
    tokens: ['LinerBot'],
    obeysGlobalGroup: true,
    readsRobotsTxt: 'no',
    sentInRequests: true,
    userAgentTokens: ['LinerBot'],
    description: "Gathers sources for the Liner AI assistant's cited answers.",
    source: 'https://docs.getliner.com/docs/linerbot',
  },
  {
    name: 'ShapBot',
    operator: 'Parallel Web Systems',
    purpose: 'ai-search',
    tokens: ['ShapBot'],
    obeysGlobalGroup: true,
    readsRobotsTxt: 'yes',
    sentInRequests: true,
    userAgentTokens: ['ShapBot'],
    description: 'Crawls for the search, extraction and research APIs Parallel sells to AI agents.',
    source: 'https://docs.parallel.ai/features/crawler',
  },
  {
    name: 'Cloudflare-AutoRAG',
    operator: 'Cloudflare',
    purpose: 'ai-search',
    tokens: ['Cloudflare-AutoRAG'],
    obeysGlobalGroup: true,
    readsRobotsTxt: 'yes',
    sentInRequests: true,
    userAgentTokens: ['Cloudflare-AutoRAG'],
    description: 'Crawls sites that Cloudflare customers feed into their AutoRAG search indexes.',
    source: 'https://developers.cloudflare.com/autorag',
  },
  {
    name: 'atlassian-bot',
    operator: 'Atlassian',
    purpose: 'ai-search',
    tokens: ['atlassian-bot'],
    obeysGlobalGroup: true,
    readsRobotsTxt: 'yes',
    sentInRequests: true,
    userAgentTokens: ['atlassian-bot'],
    description: "Indexes websites customers connect to Rovo, Atlassian's AI search and agents.",
    source: 'https://support.atlassian.com/organization-administration/docs/connect-custom-website-to-rovo/',
  },
  {
    name: 'Anomura',
    operator: 'Direqt',
    purpose: 'ai-search',
    tokens: ['Anomura'],
    obeysGlobalGroup: true,
    readsRobotsTxt: 'yes',
    sentInRequests: true,
    userAgentTokens: ['Anomura'],
    description: "Direqt crawler indexing its customers' sites for their on-site AI search.",
    source: 'https://docs.direqt-search.com/direqt-bots/direqt-crawlers-and-user-agents',
  },
  {
    // unconfirmed: robots.txt handling as recorded by ai.robots.txt; no operator statement read.
    name: 'Devin',
    operator: 'Cognition',
    purpose: 'ai-assistant',
    tokens: ['Devin'],
    obeysGlobalGroup: true,
    readsRobotsTxt: 'yes',
    sentInRequests: true,
    userAgentTokens: ['Devin'],
    description: 'AI software-engineering agent that browses sites while carrying out tasks.',
    source: 'https://docs.devin.ai/get-started/devin-intro',
  },
  {
    // ai.robots.txt records it as not respecting robots.txt.
    name: 'ISSCyberRiskCrawler',
    operator: 'ISS Corporate',
    purpose: 'other',
    tokens: ['ISSCyberRiskCrawler'],
    obeysGlobalGroup: true,
    readsRobotsTxt: 'no',
    sentInRequests: true,
    userAgentTokens: ['ISSCyberRiskCrawler'],
    description: "Collects data for machine-learning models that score companies' cyber risk.",
    source: AI_ROBOTS_TXT,
  },
  {
    // A framework, not one operator's crawler: this is Scrapy's default
    // header. Obeying robots.txt is a per-project setting. unconfirmed: so 'no'.
    name: 'Scrapy',
    operator: 'Zyte (framework)',
    purpose: 'other',
    tokens: ['Scrapy'],
    obeysGlobalGroup: true,
    readsRobotsTxt: 'no',
    sentInRequests: true,
    userAgentTokens: ['Scrapy'],
    description: 'Default identity of crawlers built with the open-source Scrapy framework.',
    source: 'https://docs.scrapy.org/en/latest/topics/settings.html',
  },
] satisfies CrawlerEntry[]);
