import type { Queryable } from '#server/db/db';
import type { PersonalDataVault } from '#server/event-store/personal-data';
import {
  HELP_INFORMATION_REQUESTED_SCHEMA_VERSION,
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
 * story in clear), every HelpUpdatePosted of version 1 (its text in clear) and every
 * HelpInformationRequested of version 1 (staff's question in clear) is rewritten in place as
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
      const { rows: keys } = await tx.query<{ alive: boolean }>(`SELECT wrapped_key IS NOT NULL AS alive FROM data_keys WHERE subject_id = $1`, [subjectId]);
      const text = keys[0]?.alive ? await vault.seal(tx, subjectId, { title, story } satisfies HelpRequestText) : null;
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
  // Staff's questions to the requester, version 1: in clear (they may quote or name a person).
  for (;;) {
    const { rows } = await tx.query<{ event_id: string; data: Record<string, unknown> & { requestId: string; question: string | null } }>(
      `SELECT event_id, data FROM events WHERE type = 'HelpInformationRequested' AND schema_version = 1 ORDER BY global_position LIMIT $1`,
      [BATCH],
    );
    for (const { event_id: eventId, data } of rows) {
      const question = (await isAlive(tx, helpStreamId(data.requestId))) ? await vault.seal(tx, helpStreamId(data.requestId), data.question) : null;
      await tx.query(`UPDATE events SET data = $2::jsonb, schema_version = $3 WHERE event_id = $1 AND schema_version = 1`, [
        eventId,
        JSON.stringify({ ...data, question }),
        HELP_INFORMATION_REQUESTED_SCHEMA_VERSION,
      ]);
      resealed += 1;
    }
    if (rows.length < BATCH) break;
  }
  await tx.query(`SELECT set_config('sahay.reseal', 'off', true)`);
  return resealed;
}

async function isAlive(tx: Queryable, subjectId: string): Promise<boolean> {
  const { rows } = await tx.query<{ alive: boolean }>(`SELECT wrapped_key IS NOT NULL AS alive FROM data_keys WHERE subject_id = $1`, [subjectId]);
  return rows[0]?.alive ?? false;
}
