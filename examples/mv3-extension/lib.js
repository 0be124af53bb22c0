// What the popup uses of robotsmatch, bundled into robotsmatch.js by
// scripts/build-extension.mjs (an extension page cannot resolve packages).
export { fetchRobots, productToken } from 'robotsmatch';
export { crawler } from 'robotsmatch/crawlers';
