// Preloaded into a spawned process (node -r): writes its peak resident memory
// in bytes to stderr as it exits, as the last line "maxRSS <bytes>".
process.on('exit', () => {
  process.stderr.write(`maxRSS ${process.resourceUsage().maxRSS * 1024}\n`);
});
