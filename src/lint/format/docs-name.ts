// Every message a person reads ends with the page that explains its code, so
// the next step from a finding is always one file away.

import { docsPath } from '../codes.js';
import type { Diagnostic } from '../types.js';

/** The diagnostic's message followed by its docs page, e.g. `... See docs/lint/html-body.md.` */
export const messageWithDocs = (d: Diagnostic): string => `${d.message} See ${docsPath(d.code)}.`;
