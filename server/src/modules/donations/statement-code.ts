import crypto from 'node:crypto';
import { AppError } from '#server/errors/app-error';
import { foldStream, handleCommand } from '#server/event-store/command-handler';
import { CODE_EXPIRED, deriveOneTimeCode, isSameCode, ONE_TIME_CODE_MAX_TRIES, type CodeKeys, wrongCodeMessage } from '#server/lib/one-time-code';
import { addressBucket } from '#server/lib/client-address';
import { consumeRateLimit } from '#server/lib/rate-limit';
import { eventMetadata, type RequestMeta } from '#server/lib/request-meta';
import type { Queryable } from '#server/db/db';
import type { Services } from '#server/services';
import { contactKeyOf } from './donor-keys.ts';
import { decideRequestStatementCode, decideShredStatementCode, decideVerifyStatementCode, evolveStatementCode, noStatementCode } from './statement-code.decider.ts';
import { statementCodeStreamId, type StatementCodeEvent } from './statement-codes.events.ts';

/** The same answer whether or not the contact gave anything: the code goes to whoever holds it. */
export const STATEMENT_CODE_SENT = 'We have sent a 6-digit code to this e-mail address or mobile number. It is valid for 10 minutes.';
/** Asked on the old proof (a reference and its contact): a reference anyone can create by pledging proves nothing. */
export const STATEMENT_NEEDS_CODE = 'For your safety, the yearly statement is given only after you enter a code we send to your e-mail address or mobile number. Ask for the code on the donation status page.';
export const STATEMENT_PROOF_INVALID = 'This download has expired. Please ask for a new code.';

/** The code of one request: derived from its ID, never stored (decision 008, 040). */
export function deriveStatementCode(keys: CodeKeys, codeId: string): string {
  return deriveOneTimeCode(keys, 'statement-code', [codeId]);
}

function proofMac(keys: CodeKeys, codeId: string): string {
  return crypto.createHmac('sha256', keys.deriveKey('statement-proof')).update(codeId).digest('base64url');
}

/**
 * Step 1: a new code for the contact, mailed or texted by send-statement-code from the event. Limited
 * per client address and per contact (counted whether or not the contact gave anything); the answer
 * is always the same, so it tells nobody whether the contact is a donor's.
 */
export async function requestStatementCode(services: Services, input: { contact: string }, meta: RequestMeta): Promise<{ message: string }> {
  const now = services.now();
  if (meta.ip) await consumeRateLimit(services.db, addressBucket('statement-code', meta.ip), services.limits.statementCodePerIp, now);
  const contactKey = contactKeyOf((purpose, value) => services.vault.blindIndex(purpose, value), input.contact);
  await consumeRateLimit(services.db, `statement-code:contact:${contactKey}`, services.limits.statementCodePerContact, now);
  const codeId = crypto.randomUUID();
  const streamId = statementCodeStreamId(codeId);
  await handleCommand<typeof noStatementCode, StatementCodeEvent>(services, {
    streamId,
    evolve: evolveStatementCode,
    initialState: noStatementCode,
    decide: async (state, tools) =>
      decideRequestStatementCode(
        { codeId, contactKey, channel: input.contact.includes('@') ? 'email' : 'sms', contact: await tools.seal(streamId, { contact: input.contact }), now },
        state,
      ),
    metadata: eventMetadata(meta),
    async onRecorded(tx, events) {
      const requested = events[0]!.data as { requestedAt: string; expiresAt: string };
      // One live code per contact: a newer request replaces the older one and its count of tries.
      await tx.query(
        `INSERT INTO statement_codes (contact_key, code_id, attempts, requested_at, expires_at, verified_at, proof_expires_at)
         VALUES ($1, $2, 0, $3, $4, NULL, NULL)
         ON CONFLICT (contact_key) DO UPDATE SET code_id = EXCLUDED.code_id, attempts = 0, requested_at = EXCLUDED.requested_at,
           expires_at = EXCLUDED.expires_at, verified_at = NULL, proof_expires_at = NULL`,
        [contactKey, codeId, requested.requestedAt, requested.expiresAt],
      );
    },
  });
  return { message: STATEMENT_CODE_SENT };
}

/**
 * Step 2: each try is counted before the code is compared, in one statement, so tries racing in
 * parallel are counted too. Tries 1–5 are judged; the 6th, an expired, replaced or used code, and a
 * contact with no code all get CODE_EXPIRED. A right code records StatementCodeVerified once and
 * gives a proof (the code's ID and a MAC) that downloads the contact's statements for a while.
 */
export async function verifyStatementCode(services: Services, input: { contact: string; code: string }, meta: RequestMeta): Promise<{ proof: string; expiresAt: string }> {
  const now = services.now();
  if (meta.ip) await consumeRateLimit(services.db, addressBucket('statement-code-verify', meta.ip), services.limits.statementCodeVerifyPerIp, now);
  const contactKey = contactKeyOf((purpose, value) => services.vault.blindIndex(purpose, value), input.contact);
  const { rows } = await services.db.query<{ code_id: string; attempts: number; expires_at: Date }>(
    `UPDATE statement_codes SET attempts = attempts + 1 WHERE contact_key = $1 AND verified_at IS NULL RETURNING code_id, attempts, expires_at`,
    [contactKey],
  );
  const row = rows[0];
  if (!row || row.attempts > ONE_TIME_CODE_MAX_TRIES || new Date(row.expires_at) <= now) {
    throw new AppError('BAD_REQUEST', { userMessage: CODE_EXPIRED, fieldErrors: { code: [CODE_EXPIRED] } });
  }
  if (!isSameCode(input.code, deriveStatementCode(services.vault, row.code_id))) {
    const message = wrongCodeMessage(ONE_TIME_CODE_MAX_TRIES - row.attempts);
    throw new AppError('BAD_REQUEST', { userMessage: message, fieldErrors: { code: [message] } });
  }
  const streamId = statementCodeStreamId(row.code_id);
  const { events } = await handleCommand<typeof noStatementCode, StatementCodeEvent>(services, {
    read: (tx) => foldStream(services.eventStore, tx, streamId, evolveStatementCode, noStatementCode),
    decide: (state) => [{ streamId, events: decideVerifyStatementCode({ codeId: row.code_id, now }, state) }],
    metadata: eventMetadata(meta),
    async onRecorded(tx, recorded) {
      const verified = recorded[0]!.data as { verifiedAt: string; proofExpiresAt: string };
      await tx.query(`UPDATE statement_codes SET verified_at = $2, proof_expires_at = $3 WHERE code_id = $1`, [row.code_id, verified.verifiedAt, verified.proofExpiresAt]);
    },
  });
  const { proofExpiresAt } = events[0]!.data as { proofExpiresAt: string };
  return { proof: `${row.code_id}.${proofMac(services.vault, row.code_id)}`, expiresAt: proofExpiresAt };
}

/** The contact key a proof was given for, while it lasts; a 403 for anything else. */
export async function contactKeyOfProof(services: { db: Queryable; vault: CodeKeys; now(): Date }, proof: string): Promise<string> {
  const [codeId = '', mac = ''] = proof.split('.');
  const refuse = () => new AppError('FORBIDDEN', { userMessage: STATEMENT_PROOF_INVALID, fieldErrors: { proof: [STATEMENT_PROOF_INVALID] } });
  if (!isSameCode(mac, proofMac(services.vault, codeId))) throw refuse();
  const { rows } = await services.db.query<{ contact_key: string }>(
    `SELECT contact_key FROM statement_codes WHERE code_id = $1 AND verified_at IS NOT NULL AND proof_expires_at > $2`,
    [codeId, services.now()],
  );
  if (!rows[0]) throw refuse();
  return rows[0].contact_key;
}

/** Codes shredded per run at most: a day of codes at the limits is far fewer. */
const SHRED_BATCH = 2_000;

/**
 * Daily: deletes the rows of codes whose time and whose proof's time are over, and shreds the
 * contact of every code requested that expired (PersonalDataErased on its stream, its data key
 * destroyed, in one transaction each), replaced ones included. Returns what it did.
 */
export async function pruneStatementCodes(services: Pick<Services, 'db' | 'eventStore' | 'vault'>, asOf: Date): Promise<{ deleted: number; shredded: number }> {
  const { rows: deleted } = await services.db.query(
    `DELETE FROM statement_codes WHERE expires_at <= $1 AND (proof_expires_at IS NULL OR proof_expires_at <= $1) RETURNING code_id`,
    [asOf],
  );
  const { rows: expired } = await services.db.query<{ code_id: string }>(
    `SELECT e.data->>'codeId' AS code_id FROM events e JOIN data_keys k ON k.subject_id = e.stream_id AND k.wrapped_key IS NOT NULL
     WHERE e.type = 'StatementCodeRequested' AND (e.data->>'expiresAt')::timestamptz <= $1 ORDER BY e.global_position LIMIT $2`,
    [asOf, SHRED_BATCH],
  );
  let shredded = 0;
  for (const { code_id: codeId } of expired) {
    const streamId = statementCodeStreamId(codeId);
    const { events } = await handleCommand<typeof noStatementCode, StatementCodeEvent>(services, {
      streamId,
      evolve: evolveStatementCode,
      initialState: noStatementCode,
      decide: (state) => decideShredStatementCode({ codeId, now: asOf }, state),
      metadata: { actor: 'system', correlationId: `prune-statement-codes:${asOf.toISOString()}` },
      async onRecorded(tx) {
        await services.vault.destroyKey(tx, streamId);
      },
    });
    shredded += events.length;
  }
  return { deleted: deleted.length, shredded };
}
