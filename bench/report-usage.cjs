// Preloaded into bench/archive.mjs's processes (node -r): writes their peak
// resident memory and CPU time (user + system, microseconds) to stderr as
// they exit, as the last line "usage <maxRSS bytes> <cpu µs>". On a shared
// machine the CPU time is the fair measure of work: wall time includes
// waiting for a core.
process.on('exit', () => {
  const u = process.resourceUsage();
  process.stderr.write(`usage ${u.maxRSS * 1024} ${u.userCPUTime + u.systemCPUTime}\n`);
});
