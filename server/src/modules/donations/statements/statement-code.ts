import crypto from 'node:crypto';
import { AppError } from '#server/errors/app-error';
import { foldStream, handleCommand } from '#server/event-store/command-handler';
import { addressBucket, clientAddressKey } from '#server/lib/client-address';
import { deriveOneTimeCode, isSameCode, ONE_TIME_CODE_MAX_TRIES, type CodeKeys } from '#server/lib/one-time-code';
import { consumeRateLimit } from '#server/lib/rate-limit';
import { eventMetadata, type RequestMeta } from '#server/lib/request-meta';
import type { Queryable } from '#server/db/db';
import type { Services } from '#server/services';
import { contactKeyOf } from '../donor-keys.ts';
import { type CodeRequestState, decideSendStatementCode, isCodeLive, STATEMENT_CODE_TRIES_PER_CODE, decideShredStatementCode, decideVerifyStatementCode, evolveStatementCode, noStatementCode, STATEMENT_CODE_NOT_ACCEPTED } from './statement-code.decider.ts';
import { statementCodeStreamId, type StatementCodeEvent } from './statement-codes.events.ts';
import { findEvents } from '#server/event-store/queries';

/** The same answer whether or not the contact gave anything (decision 049): a code goes only to a donor's contact. */
export const STATEMENT_CODE_SENT = 'If this e-mail address or mobile number was given with a donation we have received, we have sent a 6-digit code to it. It is valid for 10 minutes.';
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
 * Tries of one code (decision 049): 5 from one asking address (an IPv4 address, an IPv6 /64), so a
 * stranger's wrong guesses lock out the stranger and not the donor, and 10 from every address
 * together, the cap that keeps guessing hopeless (10 in 10⁶ a code, 6 codes a day at most).
 */
export const STATEMENT_CODE_TRIES_PER_ADDRESS = ONE_TIME_CODE_MAX_TRIES;

export { STATEMENT_CODE_NOT_ACCEPTED, STATEMENT_CODE_TRIES_PER_CODE };

/** Whether a contact was given with a donation the foundation verified: only those are sent a code. */
async function hasVerifiedGift(db: Queryable, contactKey: string): Promise<boolean> {
  const { rows } = await db.query(`SELECT 1 FROM donations WHERE $1 = ANY(contact_keys) AND status = 'verified' LIMIT 1`, [contactKey]);
  return rows.length > 0;
}

/** pg_advisory_xact_lock's namespace while a contact's code is made or sent again ("SC"). */
const STATEMENT_CODE_LOCK_NAMESPACE = 0x5343;


function waitUntil(deadline: number): Promise<void> {
  const ms = deadline - performance.now();
  return ms > 0 ? new Promise((resolve) => setTimeout(resolve, ms)) : Promise.resolve();
}

/**
 * Step 1: a code for the contact, mailed or texted by send-statement-code from the event, only when
 * the contact was given with a verified donation (decision 049): a code to anyone else would cost
 * an SMS and serve nobody. Limited per client address and per contact, counted the same either
 * way, and answered the same, no sooner than `answerFloorMs` after the request arrived, so neither
 * the answer nor its timing tells whether the contact is a donor's. A code that can still be
 * entered is sent again, never replaced: a stranger asking cannot take the donor's code away. With
 * a floor, a donor's answer waits for recording the code only until the floor, never longer.
 */
export async function requestStatementCode(services: Services, input: { contact: string }, meta: RequestMeta): Promise<{ message: string }> {
  const started = performance.now();
  const now = services.now();
  if (meta.ip) await consumeRateLimit(services.db, addressBucket('statement-code', meta.ip), services.limits.statementCodePerIp, now);
  const contactKey = contactKeyOf((purpose, value) => services.vault.blindIndex(purpose, value), input.contact);
  // From this address first: a stranger past their own limit uses up nothing of the donor's.
  if (meta.ip) await consumeRateLimit(services.db, `${addressBucket('statement-code', meta.ip)}:contact:${contactKey}`, services.limits.statementCodePerContactPerIp, now);
  await consumeRateLimit(services.db, `statement-code:contact:${contactKey}`, services.limits.statementCodePerContact, now);
  const deadline = started + services.answerFloorMs;
  if (await hasVerifiedGift(services.db, contactKey)) {
    const sending = sendStatementCode(services, { contact: input.contact, contactKey, now }, meta);
    if (services.answerFloorMs <= 0) {
      await sending;
    } else {
      // The answer never waits past the floor for what only a donor's path does (the contact's lock,
      // the transaction that records the code): it goes on after the answer, and a failure is
      // logged, not answered, since an error only donors can get would tell them apart.
      const logFailure = (error: unknown) => services.log.error({ err: error }, 'a statement code could not be recorded');
      await Promise.race([sending.catch(logFailure), waitUntil(deadline)]);
    }
  }
  await waitUntil(deadline);
  return { message: STATEMENT_CODE_SENT };
}

async function sendStatementCode(services: Services, input: { contact: string; contactKey: string; now: Date }, meta: RequestMeta): Promise<void> {
  const { contactKey, now } = input;
  const channel = input.contact.includes('@') ? 'email' : 'sms';
  await handleCommand<CodeRequestState, StatementCodeEvent>(services, {
    async read(tx) {
      // One request per contact at a time decides between a new code and the live one.
      await tx.query(`SELECT pg_advisory_xact_lock($1, hashtext($2))`, [STATEMENT_CODE_LOCK_NAMESPACE, contactKey]);
      const { rows } = await tx.query<{ code_id: string; attempts: number; expires_at: Date }>(
        `SELECT code_id, attempts, expires_at FROM statement_codes WHERE contact_key = $1 AND verified_at IS NULL`,
        [contactKey],
      );
      const row = rows[0];
      if (row && isCodeLive({ attempts: row.attempts, expiresAt: new Date(row.expires_at) }, now)) {
        const folded = await foldStream(services.eventStore, tx, statementCodeStreamId(row.code_id), evolveStatementCode, noStatementCode);
        return { state: { kind: 'resend', codeId: row.code_id, code: folded.state }, versions: folded.versions };
      }
      const codeId = crypto.randomUUID();
      return { state: { kind: 'new', codeId }, versions: { [statementCodeStreamId(codeId)]: null } };
    },
    async decide(state, tools) {
      const streamId = statementCodeStreamId(state.codeId);
      return [{ streamId, events: decideSendStatementCode({ contactKey, channel, contact: await tools.seal(streamId, { contact: input.contact }), now }, state) }];
    },
    metadata: eventMetadata(meta),
    async onRecorded(tx, events, state) {
      if (state.kind !== 'new') return;
      const requested = events[0]!.data as { requestedAt: string; expiresAt: string };
      // The contact's unused code it replaces could no longer be entered; its tries go with it. A
      // used code's row stays while its proof downloads.
      await tx.query(`DELETE FROM statement_code_tries WHERE code_id IN (SELECT code_id FROM statement_codes WHERE contact_key = $1 AND verified_at IS NULL)`, [contactKey]);
      await tx.query(`DELETE FROM statement_codes WHERE contact_key = $1 AND verified_at IS NULL`, [contactKey]);
      await tx.query(
        `INSERT INTO statement_codes (contact_key, code_id, attempts, requested_at, expires_at, verified_at, proof_expires_at) VALUES ($1, $2, 0, $3, $4, NULL, NULL)`,
        [contactKey, state.codeId, requested.requestedAt, requested.expiresAt],
      );
    },
  });
}

/**
 * Step 2: each try is first counted per asking address and contact and per contact (rate limits, the
 * same for every contact, so the 429 comes at the same try whether or not the contact is a donor's),
 * then once for the address and once for the code, each in one statement, so tries racing in
 * parallel are counted too (decision 049). Every code not accepted — wrong, expired, used, past an
 * address's 5 tries or the code's 10, or for a contact with no code — gets the one answer
 * STATEMENT_CODE_NOT_ACCEPTED, with no count of tries left. A right code records
 * StatementCodeVerified once and gives a proof (the code's ID and a MAC) that downloads the
 * contact's statements for a while.
 */
export async function verifyStatementCode(services: Services, input: { contact: string; code: string }, meta: RequestMeta): Promise<{ proof: string; expiresAt: string }> {
  const now = services.now();
  if (meta.ip) await consumeRateLimit(services.db, addressBucket('statement-code-verify', meta.ip), services.limits.statementCodeVerifyPerIp, now);
  const contactKey = contactKeyOf((purpose, value) => services.vault.blindIndex(purpose, value), input.contact);
  if (meta.ip) await consumeRateLimit(services.db, `${addressBucket('statement-code-verify', meta.ip)}:contact:${contactKey}`, services.limits.statementCodeTriesPerContactPerIp, now);
  await consumeRateLimit(services.db, `statement-code-verify:contact:${contactKey}`, services.limits.statementCodeTriesPerContact, now);
  const notAccepted = () => new AppError('BAD_REQUEST', { userMessage: STATEMENT_CODE_NOT_ACCEPTED, fieldErrors: { code: [STATEMENT_CODE_NOT_ACCEPTED] } });
  const { rows: fromHere } = await services.db.query<{ code_id: string; tries: number }>(
    `INSERT INTO statement_code_tries (code_id, address_key, tries)
       SELECT code_id, $2, 1 FROM statement_codes
        WHERE contact_key = $1 AND verified_at IS NULL AND expires_at > $3 AND attempts < $5
     ON CONFLICT (code_id, address_key) DO UPDATE SET tries = statement_code_tries.tries + 1 WHERE statement_code_tries.tries < $4
     RETURNING code_id, tries`,
    [contactKey, meta.ip ? clientAddressKey(meta.ip) : 'no-address', now, STATEMENT_CODE_TRIES_PER_ADDRESS, STATEMENT_CODE_TRIES_PER_CODE],
  );
  const triedHere = fromHere[0];
  if (!triedHere) throw notAccepted();
  const { rows: fromAll } = await services.db.query<{ attempts: number }>(
    `UPDATE statement_codes SET attempts = attempts + 1 WHERE code_id = $1 AND verified_at IS NULL AND attempts < $2 RETURNING attempts`,
    [triedHere.code_id, STATEMENT_CODE_TRIES_PER_CODE],
  );
  if (!fromAll[0]) throw notAccepted();
  const codeId = triedHere.code_id;
  if (!isSameCode(input.code, deriveStatementCode(services.vault, codeId))) throw notAccepted();
  const streamId = statementCodeStreamId(codeId);
  const { events } = await handleCommand<typeof noStatementCode, StatementCodeEvent>(services, {
    read: (tx) => foldStream(services.eventStore, tx, streamId, evolveStatementCode, noStatementCode),
    decide: (state) => [{ streamId, events: decideVerifyStatementCode({ codeId, now }, state) }],
    metadata: eventMetadata(meta),
    async onRecorded(tx, recorded) {
      const verified = recorded[0]!.data as { verifiedAt: string; proofExpiresAt: string };
      await tx.query(`UPDATE statement_codes SET verified_at = $2, proof_expires_at = $3 WHERE code_id = $1`, [codeId, verified.verifiedAt, verified.proofExpiresAt]);
    },
  });
  const { proofExpiresAt } = events[0]!.data as { proofExpiresAt: string };
  return { proof: `${codeId}.${proofMac(services.vault, codeId)}`, expiresAt: proofExpiresAt };
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

/** Codes looked up at a time while shredding; a run goes on batch after batch until none is due. */
const SHRED_BATCH = 2_000;
/** A run stops starting batches after this long (the rest waits for the next day's run). */
const SHRED_TIME_BUDGET_MS = 10 * 60_000;

/**
 * Daily: deletes the rows of codes whose time and whose proof's time are over (and their tries),
 * and shreds the contact of every code requested that expired (PersonalDataErased on its stream,
 * its data key destroyed, in one transaction each), replaced ones included. Batch after batch until
 * nothing is due, or until `timeBudgetMs` has passed (a run always finishes the batch it started);
 * `isDone` says whether it caught up. Returns what it did.
 */
export async function pruneStatementCodes(
  services: Pick<Services, 'db' | 'eventStore' | 'vault'>,
  asOf: Date,
  options: { batchSize?: number; timeBudgetMs?: number } = {},
): Promise<{ deleted: number; shredded: number; isDone: boolean }> {
  const batchSize = options.batchSize ?? SHRED_BATCH;
  const stopAt = performance.now() + (options.timeBudgetMs ?? SHRED_TIME_BUDGET_MS);
  const { rows: deleted } = await services.db.query<{ code_id: string }>(
    `DELETE FROM statement_codes WHERE expires_at <= $1 AND (proof_expires_at IS NULL OR proof_expires_at <= $1) RETURNING code_id`,
    [asOf],
  );
  await services.db.query(`DELETE FROM statement_code_tries WHERE code_id NOT IN (SELECT code_id FROM statement_codes)`);
  let shredded = 0;
  for (;;) {
    // Shredded codes leave the join (their key is gone), so each batch starts from the first still due.
    const expired = await findEvents(services.db, { types: ['StatementCodeRequested'], dataTimeAtOrBefore: { field: 'expiresAt', at: asOf }, hasLiveKey: true, limit: batchSize });
    for (const codeId of expired.map((event) => String(event.data.codeId))) {
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
    if (expired.length < batchSize) return { deleted: deleted.length, shredded, isDone: true };
    if (performance.now() >= stopAt) return { deleted: deleted.length, shredded, isDone: false };
  }
}
