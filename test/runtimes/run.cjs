// The same cases through the CommonJS build, with require().
(async () => {
  const { runCases } = await import('./cases.mjs');
  const robotsmatch = require(process.argv[2]);
  console.log(JSON.stringify({ results: runCases(robotsmatch), webassembly: typeof WebAssembly !== 'undefined' }));
})();
