// robotsmatch/compat: robots-parser 3.x's API over robotsmatch's matcher.
export { default } from './compat/robots-parser.js';
export type { Robot } from './compat/robots-parser.js';
