// What the popup loads after its first screen is drawn: reading the page's
// own robots rules and showing them. Built as a file of its own
// (scripts/build-extension.mjs), so that popup.js holds only what the
// first screen needs.

export { readPageSignals } from './page-reading.js';
export { showPageSignals } from './signals-view.js';
