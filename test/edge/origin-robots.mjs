// The robots.txt of the origin behind the example Worker in the workerd tests.
export const ORIGIN_ROBOTS =
  'User-agent: *\nDisallow: /private/\nAllow: /private/press/\n\nUser-agent: GPTBot\nDisallow: /\n\nUser-agent: Google-Extended\nDisallow: /\n';
