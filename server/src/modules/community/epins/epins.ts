import crypto from 'node:crypto';
import type { Queryable } from '#server/db/db';
import { handleCommand } from '#server/event-store/command-handler';
import { eventMetadata, type RequestMeta } from '#server/lib/request-meta';
import type { Services } from '#server/services';
import { epinStreamId } from './epin.events.ts';
import type { TEpin } from './epins.schema.ts';
import { decideGenerateEpins } from './epin.decider.ts';

// No 0/O, 1/I/L: codes are read aloud and typed on phones.
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const CODE_LENGTH = 10;

export function generateEpinCode(): string {
  const bytes = crypto.randomBytes(CODE_LENGTH);
  let code = '';
  for (const byte of bytes) code += ALPHABET[byte % ALPHABET.length];
  return code;
}

/**
 * Generates `count` new invite codes, held by the admin who asked. All or none are recorded. Each
 * attempt draws fresh codes: 31^10 codes make a collision rare, but a code that exists already makes
 * the attempt conflict, and a code is never issued twice.
 */
export async function generateEpins(services: Services, adminId: string, count: number, meta: RequestMeta): Promise<TEpin[]> {
  const now = services.now();
  const { state: codes } = await handleCommand(services, {
    async read() {
      const unique = new Set<string>();
      while (unique.size < count) unique.add(generateEpinCode());
      // New streams: each is appended with no_stream.
      return { state: [...unique], versions: Object.fromEntries([...unique].map((code) => [epinStreamId(code), null])) };
    },
    decide: (fresh) => decideGenerateEpins({ codes: fresh, adminId, now }),
    metadata: eventMetadata(meta),
  });
  return codes.map((code) => ({ code, used: false, usedBy: null, usedAt: null, assignedTo: adminId, createdAt: now.toISOString(), reservedUntil: null }));
}

export interface EpinRow {
  code: string;
  held_by: string | null;
  used_by: string | null;
  used_at: Date | null;
  created_at: Date;
  reserved_until: Date | null;
}

/** An invite code as clients see it, from its row in the epins read model, at `now`. */
export function epinOfRow(row: EpinRow, now: Date): TEpin {
  return {
    code: row.code,
    used: row.used_by !== null,
    usedBy: row.used_by,
    usedAt: row.used_at ? new Date(row.used_at).toISOString() : null,
    assignedTo: row.held_by,
    createdAt: new Date(row.created_at).toISOString(),
    // A link that has run out keeps nothing: shown as free again.
    reservedUntil: row.reserved_until && !row.used_by && new Date(row.reserved_until) > now ? new Date(row.reserved_until).toISOString() : null,
  };
}

/** One page of every code with its status, newest first (admins), and how many there are in all. */
export async function pageAllEpins(db: Queryable, page: number, pageSize: number, now: Date): Promise<{ epins: TEpin[]; total: number }> {
  const list = await db.query<EpinRow>(`SELECT code, held_by, used_by, used_at, created_at, reserved_until FROM epins ORDER BY created_at DESC, code LIMIT $1 OFFSET $2`, [pageSize, (page - 1) * pageSize]);
  const count = await db.query<{ total: number }>(`SELECT count(*)::int AS total FROM epins`);
  return { epins: list.rows.map((row) => epinOfRow(row, now)), total: count.rows[0]?.total ?? 0 };
}

/** Every code with its status, newest first (admins). */
export async function listAllEpins(db: Queryable, now: Date, limit = 1000): Promise<TEpin[]> {
  const { rows } = await db.query<EpinRow>(
    `SELECT code, held_by, used_by, used_at, created_at, reserved_until FROM epins ORDER BY created_at DESC, code LIMIT $1`,
    [limit],
  );
  return rows.map((row) => epinOfRow(row, now));
}
