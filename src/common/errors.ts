// The library's own error types. Wrong argument types throw the built-in
// TypeError (naming the argument), out-of-range options a RangeError.

/** Thrown when a Robots (or a matcher made from it) is used after dispose(). */
export class RobotsDisposedError extends Error {
  constructor(message = 'this robots.txt was disposed: parse it again') {
    super(message);
    this.name = 'RobotsDisposedError';
  }
}

export function typeError(argument: string, expected: string, got: unknown): TypeError {
  const kind = got === null ? 'null' : Array.isArray(got) ? 'array' : typeof got;
  return new TypeError(`${argument} must be ${expected}, got ${kind}`);
}

/** A URL that has no robots.txt: not absolute, or not http(s)/ftp (mailto:, data:, ...). */
export class RobotsUrlError extends TypeError {
  readonly url: string;
  constructor(url: string, why: string) {
    super(`${JSON.stringify(url)} has no robots.txt: ${why}`);
    this.name = 'RobotsUrlError';
    this.url = url;
  }
}
