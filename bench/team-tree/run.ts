/**
 * Team-tree benchmark (issue: Member community, "Scale"). On real PostgreSQL it builds a realistic
 * referral tree of BENCH_MEMBERS members (default 1,000,000: a few members with thousands of direct
 * joinees, most with none, depth up to about 40) straight into the read models, then times, through
 * the app's own functions: a registration with the tree update (the full registerMember path, and the
 * same without its deliberate argon2id cost), the dashboard summary, the counts of levels 1–20 for the
 * root and for a mid-tree member, and one page of 50 members at a level. Prints p50/p99 and the
 * process's peak memory. Figures only: nothing here passes or fails.
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:team-tree
 */
import crypto from 'node:crypto';
import os from 'node:os';
import pg from 'pg';
import pino from 'pino';
import { loadConfig } from '#server/config';
import { connectPostgres } from '#server/db/postgres';
import { migrate } from '#server/db/migrate';
import { hashPassword } from '#server/lib/passwords';
import { generateEpins, getLevelMembers, getTeamLevels, getTeamSummary, recordRegistration, registerMember } from '#server/modules/community/community.api';
import { createServices } from '#server/create-services';
import { benchDatabaseName } from '../database-name.ts';
import { pathToFileURL } from 'node:url';

const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 1_000_000);
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 300);
const HUBS = 40;
const MAX_DEPTH = 40;

let peakRss = 0;
const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 50);

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** Runs `run` 20 times to warm up, then `samples` times timed; each call gets a fresh running index. */
async function time(label: string, samples: number, run: (index: number) => Promise<unknown>): Promise<void> {
  let calls = 0;
  for (let index = 0; index < Math.min(20, samples); index++) await run(calls++);
  const durations: number[] = [];
  for (let index = 0; index < samples; index++) {
    const started = performance.now();
    await run(calls++);
    durations.push(performance.now() - started);
  }
  durations.sort((a, b) => a - b);
  console.log(`${label.padEnd(62)} p50 ${percentile(durations, 50).toFixed(2).padStart(7)} ms   p99 ${percentile(durations, 99).toFixed(2).padStart(7)} ms   (${samples} runs)`);
}

/**
 * A referral tree as people build them: a few hubs (field workers, village leaders) gather
 * thousands of direct joinees; everyone else invites a few or none, often someone they just met
 * (the last few who joined), which makes long chains; depth is capped at MAX_DEPTH.
 */
export function buildTree(count: number): { sponsor: Int32Array; depth: Int16Array } {
  const sponsor = new Int32Array(count).fill(-1);
  const depth = new Int16Array(count);
  let random = 42;
  const next = () => ((random = (random * 1_103_515_245 + 12_345) & 0x7fffffff) / 0x7fffffff);
  for (let i = 1; i < count; i++) {
    const roll = next();
    let s: number;
    if (roll < 0.25) s = Math.floor(next() * Math.min(HUBS, i)); // a hub
    else if (roll < 0.6) s = Math.max(0, i - 1 - Math.floor(next() * 8)); // someone who just joined
    else s = Math.floor(next() * i); // anyone earlier
    if (depth[s]! + 1 > MAX_DEPTH) s = Math.floor(next() * Math.min(HUBS, i));
    sponsor[i] = s;
    depth[i] = depth[s]! + 1;
  }
  return { sponsor, depth };
}

/**
 * The tree's depth as the team pages count it (at most 20 levels), and its mid-tree member: one at
 * level 10 with a team of their own, or, in a smaller tree (BENCH_MEMBERS=1000), at half its depth
 * — the labels once said "20 levels" and "level 10" of whatever the tree had (issue 36).
 */
export function landmarks(sponsor: ArrayLike<number>, depth: ArrayLike<number>): { mid: number; levels: number } {
  let deepest = 0;
  for (let i = 0; i < depth.length; i++) deepest = Math.max(deepest, depth[i]!);
  const hasTeam = new Set<number>();
  for (let i = 0; i < sponsor.length; i++) if (sponsor[i]! >= 0) hasTeam.add(sponsor[i]!);
  const wanted = Math.min(10, Math.max(1, Math.floor(deepest / 2)));
  let mid = 0;
  for (let i = 1; i < depth.length; i++) {
    if (depth[i] === wanted && hasTeam.has(i)) {
      mid = i;
      break;
    }
  }
  return { mid, levels: Math.min(20, deepest) };
}

const memberId = (index: number) => `SB${String(index).padStart(7, '0')}`;

async function main(): Promise<void> {
  const name = benchDatabaseName('tree');
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const version = (await admin.query<{ version: string }>('SELECT version()')).rows[0]!.version;
  await admin.end();
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const db = connectPostgres(url.toString(), { poolSize: 10, applicationName: 'sahay-bench' });
  try {
    await migrate(db);
    console.log(`Team-tree benchmark, ${MEMBERS.toLocaleString('en-IN')} members, ${version.split(' on ')[0]}, Node ${process.version}, ${os.cpus().length} cores`);

    const buildStarted = performance.now();
    const { sponsor, depth } = buildTree(MEMBERS);
    const baseTime = Date.UTC(2024, 0, 1);
    for (let from = 0; from < MEMBERS; from += 100_000) {
      const ids: string[] = [];
      const sponsors: (string | null)[] = [];
      const joined: string[] = [];
      for (let i = from; i < Math.min(MEMBERS, from + 100_000); i++) {
        ids.push(memberId(i));
        sponsors.push(sponsor[i]! < 0 ? null : memberId(sponsor[i]!));
        joined.push(new Date(baseTime + i * 60_000).toISOString());
      }
      await db.query(
        `INSERT INTO users (user_id, full_name, email_hash, sponsor_id, role, status, email_verified_at, joined_at, updated_at)
         SELECT id, 'Member ' || id, 'bench-' || id, sponsor, 'member', 'active', joined, joined, joined
         FROM unnest($1::text[], $2::text[], $3::timestamptz[]) AS u(id, sponsor, joined)`,
        [ids, sponsors, joined],
      );
    }
    // The closure table, level by level: level d+1 is level d joined with the direct links.
    await db.query(
      `INSERT INTO team_closure (ancestor, depth, joined_at, descendant)
       SELECT sponsor_id, 1, joined_at, user_id FROM users WHERE sponsor_id IS NOT NULL`,
    );
    for (let level = 2; level <= 20; level++) {
      await db.query(
        `INSERT INTO team_closure (ancestor, depth, joined_at, descendant)
         SELECT up.ancestor, $1, c.joined_at, c.descendant
         FROM team_closure c JOIN team_closure up ON up.descendant = c.ancestor AND up.depth = $1 - 1
         WHERE c.depth = 1`,
        [level],
      );
    }
    await db.query(`INSERT INTO team_level_counts (ancestor, depth, members) SELECT ancestor, depth, count(*) FROM team_closure GROUP BY ancestor, depth`);
    await db.query('ANALYZE');
    const rows = (await db.query<{ count: number }>(`SELECT count(*)::int AS count FROM team_closure`)).rows[0]!.count;
    const hubSizes = [...new Int32Array(sponsor).reduce((map, s) => (s >= 0 ? map.set(s, (map.get(s) ?? 0) + 1) : map), new Map<number, number>()).values()];
    const leaves = MEMBERS - new Set(sponsor).size + 1;
    console.log(
      `Built in ${((performance.now() - buildStarted) / 1000).toFixed(0)} s: ${rows.toLocaleString('en-IN')} closure rows; ` +
        `largest direct team ${hubSizes.reduce((a, b) => Math.max(a, b), 0).toLocaleString('en-IN')}; ${Math.round((100 * leaves) / MEMBERS)}% with no joinee; ` +
        `deepest ${depth.reduce((a, b) => Math.max(a, b), 0)} levels`,
    );

    const root = memberId(0);
    const { mid, levels } = landmarks(sponsor, depth);
    const midId = memberId(mid);
    const midTeam = await getTeamSummary(db, midId);
    const rootTeam = await getTeamSummary(db, root);
    console.log(`Root ${root}: team of ${rootTeam.teamSize.toLocaleString('en-IN')} in ${levels} levels; mid-tree ${midId} (level ${depth[mid]}): team of ${midTeam.teamSize.toLocaleString('en-IN')}`);

    const config = loadConfig({ NODE_ENV: 'production', SAHAY_MASTER_KEY: crypto.randomBytes(32).toString('base64'), SAHAY_DATA_DIR: os.tmpdir(), LOG_LEVEL: 'silent' });
    const services = await createServices({ config, log: pino({ level: 'silent' }), owner: 'bench', db, runsJobs: false });
    const adminMeta = { actor: 'system', correlationId: 'bench' };
    const needed = 2 * (SAMPLES + 20);
    const allCodes: string[] = [];
    while (allCodes.length < needed) {
      const batch = await generateEpins(services, 'SYSTEM', Math.min(500, needed - allCodes.length), adminMeta);
      allCodes.push(...batch.map((code) => code.code));
    }
    const sponsorsForNew = Array.from({ length: needed }, (_, i) => memberId(Math.floor((i * 7919) % MEMBERS)));

    console.log('');
    await time('registration with tree update (full registerMember, argon2id)', SAMPLES, (i) =>
      registerMember(
        services,
        {
          referralId: sponsorsForNew[i]!,
          fullName: `New Member ${i}`,
          email: `bench-${i}-${crypto.randomBytes(3).toString('hex')}@example.org`,
          phone: '9876543210',
          epin: allCodes[i]!,
          password: 'bench password',
          address: 'Bench Road',
          city: 'Jaipur',
          state: 'Rajasthan',
          pinCode: '302001',
        },
        { actor: 'anonymous', correlationId: crypto.randomUUID() },
      ),
    );
    await time('  of which argon2id password hashing alone', 50, () => hashPassword('bench password'));
    const passwordHash = await hashPassword('bench password');
    await time('registration with tree update, after hashing (recordRegistration)', SAMPLES, (i) =>
      recordRegistration(
        services,
        {
          referralId: sponsorsForNew[SAMPLES + 20 + i]!,
          fullName: `Next Member ${i}`,
          email: `bench-next-${i}-${crypto.randomBytes(3).toString('hex')}@example.org`,
          phone: '9876543210',
          epin: allCodes[SAMPLES + 20 + i]!,
          password: 'bench password',
          address: 'Bench Road',
          city: 'Jaipur',
          state: 'Rajasthan',
          pinCode: '302001',
        },
        passwordHash,
        { actor: 'anonymous', correlationId: crypto.randomUUID() },
      ),
    );
    await time('dashboard summary (root)', SAMPLES, () => getTeamSummary(db, root));
    await time('dashboard summary (mid-tree member)', SAMPLES, () => getTeamSummary(db, midId));
    await time('counts of levels 1–20 (root)', SAMPLES, () => getTeamLevels(db, root));
    await time('counts of levels 1–20 (mid-tree member)', SAMPLES, () => getTeamLevels(db, midId));
    const busiest = (await getTeamLevels(db, root)).reduce((best, level) => (level.count > best.count ? level : best));
    await time(`page of 50 at level ${busiest.level} of the root (${busiest.count.toLocaleString('en-IN')} members), page 1`, SAMPLES, () =>
      getLevelMembers(db, root, busiest.level, 1),
    );
    const deepPage = Math.min(100, Math.max(1, Math.ceil(busiest.count / 50)));
    await time(`page of 50 at level ${busiest.level} of the root, page ${deepPage}`, SAMPLES, () => getLevelMembers(db, root, busiest.level, deepPage));
    await time('page of 50 at level 2 of the mid-tree member', SAMPLES, () => getLevelMembers(db, midId, 2, 1));
    console.log(`\nPeak memory of this process (server code and bench driver): ${Math.round(peakRss / 1024 / 1024)} MB RSS`);
  } finally {
    clearInterval(sampler);
    await db.close();
    const cleanup = new pg.Client({ connectionString: ADMIN_URL });
    await cleanup.connect();
    await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await cleanup.end();
  }
}

// Only as the program: the tests import landmarks.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
