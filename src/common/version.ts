// The package's version, put in by the build (tsup's and vitest's `define`,
// read from package.json), so it can never disagree with what was published.

declare const __ROBOTSMATCH_VERSION__: string | undefined;

export const VERSION: string = typeof __ROBOTSMATCH_VERSION__ === 'string' ? __ROBOTSMATCH_VERSION__ : '0.0.0-dev';

/** Where the package's documentation is: named in the default User-Agent header. */
export const HOMEPAGE = 'https://www.npmjs.com/package/robotsmatch';

/**
 * The User-Agent header fetches send unless told otherwise: a product token
 * with the version, and where a site's operator can read what it is.
 */
export function defaultUserAgent(): string {
  return `robotsmatch/${VERSION} (+${HOMEPAGE})`;
}
