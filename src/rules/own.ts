// A Robots from any copy of the library in the process. The ESM and
// CommonJS builds, and robotsmatch/js, each hold their own copy of the
// Robots class and the core, and one copy cannot read another's #private
// fields (a program that both imports and requires the package has two).
// A Robots of another copy is read through its shared key (robots.ts VIEW):
// its body is parsed again by this copy, once, with the same options (one
// parser: the same verdicts), and kept by that Robots until its dispose().

import { parse } from './parse.js';
import {
  attached as ownAttached,
  robotsInternals as ownInternals,
  Robots,
  VIEW,
  type RobotsInternals,
  type View,
} from './robots.js';

/** Whether `value` is a Robots of this copy of the library or of another one. */
export function isRobots(value: unknown): value is Robots {
  return (
    value instanceof Robots ||
    (typeof value === 'object' && value !== null && typeof (value as Record<symbol, unknown>)[VIEW] === 'function')
  );
}

/** This copy's parse of another copy's Robots, under this key in that Robots. */
const ADOPTED = Symbol("robotsmatch: this copy's parse");

/** A Robots of this copy for `robots`: itself, or this copy's parse of another copy's. */
export function ownRobots(robots: Robots): Robots {
  if (robots instanceof Robots) return robots;
  if (!isRobots(robots))
    throw new TypeError(`robots must be a Robots from parse(), got ${robots === null ? 'null' : typeof robots}`);
  const [source, mode, maxBytes, keep] = (robots as unknown as Record<symbol, () => View>)[VIEW]!();
  return keep(
    ADOPTED,
    () => parse(source, { mode, maxBytes }),
    (copy) => (copy as Robots).dispose(),
  ) as Robots;
}

/** The compiled table and body of a live Robots of any copy (throws RobotsDisposedError after dispose). */
export function robotsInternals(robots: Robots): RobotsInternals {
  return ownInternals(ownRobots(robots));
}

/** robots.ts attached(), for a Robots of any copy. */
export function attached<T>(robots: Robots, key: symbol, make: () => T, release?: (value: T) => void): T {
  return ownAttached(ownRobots(robots), key, make, release);
}
