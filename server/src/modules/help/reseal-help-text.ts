import type { Queryable } from '#server/db/db';
import type { PersonalDataVault } from '#server/event-store/sealing/personal-data';
import { hasLiveKey } from '#server/event-store/queries';
import {
  DIRECT_GIFT_DECIDED_SCHEMA_VERSION,
  DISBURSEMENT_REJECTED_SCHEMA_VERSION,
  HELP_INFORMATION_REQUESTED_SCHEMA_VERSION,
  HELP_REQUEST_REJECTED_SCHEMA_VERSION,
  HELP_REQUESTED_SCHEMA_VERSION,
  HELP_UPDATE_POSTED_SCHEMA_VERSION,
  helpStreamId,
  type BilingualText,
  type HelpRequestText,
} from './help.events.ts';

/** Events resealed per statement batch. */
const BATCH = 200;

/**
 * The owner's one-time reseal (docs/decisions/041): every HelpRequested still of version 1 (title and
 * story in clear), every HelpUpdatePosted of version 1 (its text in clear), every
 * HelpInformationRequested of version 1 (staff's question in clear) and every HelpRequestRejected,
 * DisbursementRejected and DirectGiftDecided of version 1 (staff's reason in clear) is rewritten in place as
 * version 2, the text sealed under the request's key — or, when that key was destroyed (the request
 * erased), dropped, since nothing may be sealed for it and nobody may read it. Everything else in the row stays (the trigger checks it). Runs in
 * the caller's transaction, as the role that owns the tables (`npm run migrate`); idempotent.
 */
export async function resealHelpText(tx: Queryable, vault: PersonalDataVault): Promise<number> {
  await tx.query(`SELECT set_config('sahay.reseal', 'on', true)`);
  let resealed = 0;
  for (;;) {
    const { rows } = await tx.query<{ event_id: string; data: Record<string, unknown> & { requestId: string; title: BilingualText; story: BilingualText } }>(
      `SELECT event_id, data FROM events WHERE type = 'HelpRequested' AND schema_version = 1 ORDER BY global_position LIMIT $1`,
      [BATCH],
    );
    for (const { event_id: eventId, data } of rows) {
      const { title, story, ...rest } = data;
      const subjectId = helpStreamId(data.requestId);
      const text = (await hasLiveKey(tx, subjectId)) ? await vault.seal(tx, subjectId, { title, story } satisfies HelpRequestText) : null;
      await tx.query(`UPDATE events SET data = $2::jsonb, schema_version = $3 WHERE event_id = $1 AND schema_version = 1`, [
        eventId,
        JSON.stringify({ ...rest, text }),
        HELP_REQUESTED_SCHEMA_VERSION,
      ]);
      resealed += 1;
    }
    if (rows.length < BATCH) break;
  }
  // The updates a request's requester (or staff) posted, version 1: their text in clear.
  for (;;) {
    const { rows } = await tx.query<{ event_id: string; data: Record<string, unknown> & { requestId: string; text: BilingualText } }>(
      `SELECT event_id, data FROM events WHERE type = 'HelpUpdatePosted' AND schema_version = 1 ORDER BY global_position LIMIT $1`,
      [BATCH],
    );
    for (const { event_id: eventId, data } of rows) {
      const text = (await isAlive(tx, helpStreamId(data.requestId))) ? await vault.seal(tx, helpStreamId(data.requestId), data.text) : null;
      await tx.query(`UPDATE events SET data = $2::jsonb, schema_version = $3 WHERE event_id = $1 AND schema_version = 1`, [
        eventId,
        JSON.stringify({ ...data, text }),
        HELP_UPDATE_POSTED_SCHEMA_VERSION,
      ]);
      resealed += 1;
    }
    if (rows.length < BATCH) break;
  }
  // Staff's questions to the requester, and staff's reasons (a request's rejection, a withdrawal's
  // rejection, a disputed gift's decision), version 1: in clear (they may quote or name a person).
  resealed += await resealField(tx, vault, 'HelpInformationRequested', 'question', HELP_INFORMATION_REQUESTED_SCHEMA_VERSION);
  resealed += await resealField(tx, vault, 'HelpRequestRejected', 'reason', HELP_REQUEST_REJECTED_SCHEMA_VERSION);
  resealed += await resealField(tx, vault, 'DisbursementRejected', 'reason', DISBURSEMENT_REJECTED_SCHEMA_VERSION);
  resealed += await resealField(tx, vault, 'DirectGiftDecided', 'reason', DIRECT_GIFT_DECIDED_SCHEMA_VERSION);
  await tx.query(`SELECT set_config('sahay.reseal', 'off', true)`);
  return resealed;
}

/** Every version 1 event of `type` on a request's stream: its clear string `field` sealed under the request's key (null once the key is gone), as `version`. */
async function resealField(tx: Queryable, vault: PersonalDataVault, type: string, field: string, version: number): Promise<number> {
  let resealed = 0;
  for (;;) {
    const { rows } = await tx.query<{ event_id: string; data: Record<string, unknown> & { requestId: string } }>(
      `SELECT event_id, data FROM events WHERE type = $1 AND schema_version = 1 ORDER BY global_position LIMIT $2`,
      [type, BATCH],
    );
    for (const { event_id: eventId, data } of rows) {
      const value = (await isAlive(tx, helpStreamId(data.requestId))) ? await vault.seal(tx, helpStreamId(data.requestId), data[field]) : null;
      await tx.query(`UPDATE events SET data = $2::jsonb, schema_version = $3 WHERE event_id = $1 AND schema_version = 1`, [eventId, JSON.stringify({ ...data, [field]: value }), version]);
      resealed += 1;
    }
    if (rows.length < BATCH) return resealed;
  }
}

function isAlive(tx: Queryable, subjectId: string): Promise<boolean> {
  return hasLiveKey(tx, subjectId);
}
