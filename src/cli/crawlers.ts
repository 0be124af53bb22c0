// robotsmatch crawlers: the registry of known crawlers, as a table or JSON.

import { crawlers, REGISTRY_DATE, selectCrawlers, type CrawlerEntry, type CrawlerSelection } from '../crawlers.js';
import { UsageError } from './errors.js';
import { parseFlags } from './options.js';
import { out } from './output.js';
import { table } from './table.js';
import { plural } from '../common/count.js';

export const CRAWLERS_HELP = `Usage: robotsmatch crawlers [options]

Lists the known crawlers: operator, purposes (the main one first),
robots.txt tokens in fallback order, whether each obeys the * group and
whether it reads robots.txt (yes, no, user-triggered, or not documented).

Options:
  --purpose P   only crawlers with this purpose among theirs: search, ads,
                ai (any of ai-training, ai-search, ai-assistant), archive,
                seo, social, other, or one of the ai-* ones
  -j, --json    one JSON object per crawler (the registry entry; see docs/cli.md)
  -h, --help    show this help
`;

const PURPOSES = [
  'search',
  'ads',
  'ai',
  'ai-training',
  'ai-search',
  'ai-assistant',
  'archive',
  'seo',
  'social',
  'other',
];

export async function crawlersCommand(argv: string[]): Promise<number> {
  const { values, positionals } = parseFlags('crawlers', argv, {
    purpose: { type: 'string' },
    json: { type: 'boolean', short: 'j', default: false },
    help: { type: 'boolean', short: 'h', default: false },
  });
  if (values.help) {
    process.stdout.write(CRAWLERS_HELP);
    return 0;
  }
  if (positionals.length) throw new UsageError(`crawlers takes no arguments, got ${JSON.stringify(positionals[0])}`);
  const purpose = values.purpose;
  if (purpose !== undefined && !PURPOSES.includes(purpose))
    throw new UsageError(`--purpose must be one of ${PURPOSES.join(', ')}; got ${JSON.stringify(purpose)}`);
  const list = purpose === undefined ? [...crawlers] : selectCrawlers(purpose as CrawlerSelection);
  if (values.json) {
    for (const c of list) out(`${JSON.stringify(c)}\n`);
    return 0;
  }
  out(table(['crawler', 'operator', 'purposes', 'tokens', 'obeys *', 'reads robots.txt'], list.map(row)));
  out(`\n${plural(list.length, 'crawler')}, facts as of ${REGISTRY_DATE}; sources: robotsmatch crawlers --json\n`);
  return 0;
}

function row(c: CrawlerEntry): string[] {
  const tokens =
    c.googleReads !== undefined
      ? `${c.tokens.join(' > ')} (Google reads ${c.name} as ${c.googleReads})`
      : c.tokens.join(' > ') + (c.sentInRequests ? '' : ' (robots.txt only)');
  return [
    c.name,
    c.operator,
    c.purposes.join(', '),
    tokens,
    c.obeysGlobalGroup ? 'yes' : 'no',
    c.readsRobotsTxt === 'unknown' ? 'not documented' : c.readsRobotsTxt,
  ];
}
