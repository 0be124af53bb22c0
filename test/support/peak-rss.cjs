// Preloaded into a spawned process (node --require): writes its peak resident
// memory in bytes to stderr as it exits, as the last line "peakRSS <bytes>".
// VmHWM, not resourceUsage().maxRSS: that one keeps the peak of the process
// it was forked from (a test runner's, perhaps a gigabyte).
process.on('exit', () => {
  const kib = /VmHWM:\s*(\d+)/.exec(require('node:fs').readFileSync('/proc/self/status', 'utf8'))[1];
  process.stderr.write(`peakRSS ${Number(kib) * 1024}\n`);
});
