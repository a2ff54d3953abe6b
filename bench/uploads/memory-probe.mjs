// Loaded into a server or worker with `node --import ./bench/uploads/memory-probe.mjs …` by the
// upload tests and `npm run bench:uploads`: samples process.memoryUsage() every 50 ms and writes the
// peaks, with the V8 heap limit, as JSON to the file named by SAHAY_MEMORY_PROBE every 250 ms and at
// exit, so a process that dies still leaves its last figures. Not loaded in production.
import fs from 'node:fs';
import v8 from 'node:v8';

const file = process.env.SAHAY_MEMORY_PROBE;
if (file) {
  const peaks = { rss: 0, heapUsed: 0, external: 0, arrayBuffers: 0, heapLimit: v8.getHeapStatistics().heap_size_limit, pid: process.pid };
  const sample = () => {
    const usage = process.memoryUsage();
    peaks.rss = Math.max(peaks.rss, usage.rss);
    peaks.heapUsed = Math.max(peaks.heapUsed, usage.heapUsed);
    peaks.external = Math.max(peaks.external, usage.external);
    peaks.arrayBuffers = Math.max(peaks.arrayBuffers, usage.arrayBuffers);
  };
  const write = () => {
    try {
      fs.writeFileSync(file, JSON.stringify(peaks));
    } catch {
      // The reader went away; nothing to report to.
    }
  };
  let ticks = 0;
  const timer = setInterval(() => {
    sample();
    if (++ticks % 5 === 0) write();
  }, 50);
  timer.unref();
  process.on('exit', () => {
    sample();
    write();
  });
}
