/**
 * `npx tsx bench/files/seal-memory.ts [MiB]` — issue 29 review: how much memory sealing one file
 * takes beyond the file's own bytes. Each way runs in a fresh process that first allocates and
 * touches the plaintext, then seals it once; the growth of the peak RSS (the operating system's
 * high-water mark, `process.resourceUsage().maxRSS`) is what sealing itself held at its peak.
 *
 *   - before: the code sealBytes ran until this change, copied here verbatim — `cipher.update` of the
 *     whole file, `Buffer.concat` with `final()`, then `Buffer.concat([iv, tag, ciphertext])`;
 *   - after: encryptFileBytes (server/src/event-store/sealing/personal-data.ts), one output buffer filled 64 KiB at a time.
 */
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { encryptFileBytes } from '#server/event-store/sealing/personal-data';

const MIB = 1024 * 1024;

function before(key: Buffer, plaintext: Buffer, aad: string): Buffer {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(aad));
  const ct = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), ct]);
}

function child(way: 'before' | 'after', mib: number): void {
  const plaintext = crypto.randomBytes(mib * MIB);
  const key = crypto.randomBytes(32);
  const start = process.resourceUsage().maxRSS;
  const sealed = way === 'before' ? before(key, plaintext, 'subject\u0000file') : encryptFileBytes(key, plaintext, 'subject\u0000file');
  const peak = process.resourceUsage().maxRSS;
  console.log(JSON.stringify({ way, bytes: sealed.length, growthKiB: peak - start }));
}

const [, , first, second] = process.argv;
if (first === '--child') {
  child(second as 'before' | 'after', Number(process.argv[4]));
} else {
  const mib = Number(first ?? 64);
  console.log(`Sealing one ${mib} MiB file: growth of the peak RSS while sealing (the plaintext is already resident).`);
  for (const way of ['before', 'after'] as const) {
    const runs = Array.from({ length: 3 }, () => {
      const run = spawnSync(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url), '--child', way, String(mib)], { encoding: 'utf8' });
      if (run.status !== 0) throw new Error(run.stderr);
      return (JSON.parse(run.stdout.trim()) as { growthKiB: number }).growthKiB;
    });
    const median = runs.sort((a, b) => a - b)[1]!;
    console.log(`${way.padEnd(7)} ${(median / 1024).toFixed(1).padStart(7)} MiB (${(median / 1024 / mib).toFixed(2)} × the file), runs: ${runs.map((kib) => (kib / 1024).toFixed(1)).join(', ')} MiB`);
  }
}
