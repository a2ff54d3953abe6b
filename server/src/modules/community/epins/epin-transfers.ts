import crypto from 'node:crypto';
import type { Queryable } from '#server/db/db';
import { AppError } from '#server/errors/app-error';
import { handleCommand } from '#server/event-store/command-handler';
import { getMemberCards, getPublicCard } from '#server/modules/identity/identity.api';
import { eventMetadata, type RequestMeta } from '#server/lib/request-meta';
import type { Services } from '#server/services';
import { TRANSFER_USER_NOT_FOUND } from '#server/shared/epin-transfers';
import { epinHolderStreamId, epinStreamId } from './epin.events.ts';
import type { TEpin, TEpinTransfer } from './epins.schema.ts';
import { epinOfRow, type EpinRow } from './epins.ts';
import { streamVersionSql, streamVersions } from '#server/event-store/queries';
import { type HeldCode, decideTransfer } from './epin.decider.ts';

// The rules and their words are shared with the web's transfer form (issue 30).
export { TRANSFER_USER_NOT_FOUND } from '#server/shared/epin-transfers';
export const TRANSFER_FAILED = 'Transfer failed. Try again later.';

/**
 * The holder's unused codes, oldest first, each with the version of its stream the row reflects (one
 * statement). A code kept for a link the holder shared is not passed on while the link is open.
 */
async function heldCodes(db: Queryable, holder: string, limit: number, now: Date): Promise<(HeldCode & { version: number })[]> {
  const { rows } = await db.query<{ code: string; version: number }>(
    `SELECT e.code, ${streamVersionSql(`'epin-' || e.code`)} AS version FROM epins e
     WHERE e.held_by = $1 AND e.used_by IS NULL AND (e.reserved_until IS NULL OR e.reserved_until <= $3)
     ORDER BY e.created_at, e.code LIMIT $2`,
    [holder, limit, now],
  );
  return rows;
}

export async function countHeldCodes(db: Queryable, holder: string): Promise<number> {
  const { rows } = await db.query<{ count: number }>(`SELECT count(*)::int AS count FROM epins WHERE held_by = $1 AND used_by IS NULL`, [holder]);
  return rows[0]?.count ?? 0;
}

/**
 * Passes `count` unused codes, oldest first, from one holder to another member (PRODUCT.md §4, §5).
 * Of two transfers racing for the same last codes, one wins and the other is told to try again:
 * a code is never duplicated and a holder never goes below zero.
 */
export async function transferEpins(services: Services, from: string, to: string, count: number, meta: RequestMeta) {
  const receiver = await getPublicCard(services.db, to);
  if (!receiver && to !== from) {
    throw new AppError('NOT_FOUND', { userMessage: TRANSFER_USER_NOT_FOUND, fieldErrors: { toUserId: [TRANSFER_USER_NOT_FOUND] } });
  }
  const transferId = crypto.randomUUID();
  const now = services.now();
  const { state: held } = await handleCommand(services, {
    async read(tx) {
      const held = await heldCodes(tx, from, Math.max(count, 0), now);
      const holders = await streamVersions(tx, [epinHolderStreamId(from), epinHolderStreamId(to)]);
      return { state: held, versions: { ...holders, ...Object.fromEntries(held.map((code) => [epinStreamId(code.code), code.version])) } };
    },
    decide: (held) => decideTransfer({ transferId, from, to, count, now }, held),
    metadata: eventMetadata(meta),
    conflictMessage: TRANSFER_FAILED,
  });
  // decideTransfer moves the oldest `count` of the codes it was given.
  const codes = held.slice(0, count).map((code) => code.code);
  return { transferId, toUserId: to, toName: receiver!.fullName, codes, remaining: await countHeldCodes(services.db, from) };
}

/** The unused and used codes a member holds or held, newest first. */
export async function listHeldEpins(db: Queryable, holder: string, now: Date): Promise<TEpin[]> {
  const { rows } = await db.query<EpinRow>(
    `SELECT code, held_by, used_by, used_at, created_at, reserved_until FROM epins WHERE held_by = $1 ORDER BY used_by IS NOT NULL, created_at DESC, code LIMIT 2000`,
    [holder],
  );
  return rows.map((row) => epinOfRow(row, now));
}

export async function listTransfers(db: Queryable, userId: string): Promise<TEpinTransfer[]> {
  const { rows } = await db.query<{ transfer_id: string; from_user: string; to_user: string; codes: number; transferred_at: Date }>(
    `SELECT transfer_id, from_user, to_user, codes, transferred_at FROM epin_transfers
     WHERE from_user = $1 OR to_user = $1 ORDER BY transferred_at DESC LIMIT 500`,
    [userId],
  );
  const others = await getMemberCards(db, [...new Set(rows.map((row) => (row.from_user === userId ? row.to_user : row.from_user)))]);
  return rows.map((row) => {
    const other = row.from_user === userId ? row.to_user : row.from_user;
    return {
      transferId: row.transfer_id,
      direction: row.from_user === userId ? ('sent' as const) : ('received' as const),
      otherUserId: other,
      otherName: others.get(other)?.fullName ?? other,
      count: row.codes,
      transferredAt: new Date(row.transferred_at).toISOString(),
    };
  });
}
