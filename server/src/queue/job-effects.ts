import type { Db, Queryable } from '#server/db/db';

/**
 * Effects happen once (rule 6). Delivery of a job is at-least-once, so a handler that writes to
 * PostgreSQL records the job's ID in job_effects in the same transaction as its writes: a second
 * delivery finds the row and does nothing. Two deliveries running at once are serialised by the
 * primary key: the second waits for the first to commit, then skips (or runs, if the first rolled back).
 *
 * Returns whether the effect ran now (false: it had already happened).
 */
export async function runOnce(db: Db, jobId: string, effect: (tx: Queryable) => Promise<void>): Promise<boolean> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ job_id: string }>(
      `INSERT INTO job_effects (job_id) VALUES ($1) ON CONFLICT (job_id) DO NOTHING RETURNING job_id`,
      [jobId],
    );
    if (rows.length === 0) return false;
    await effect(tx);
    return true;
  });
}

/** Whether the effect of this job has happened. */
export async function hasRun(db: Queryable, jobId: string): Promise<boolean> {
  const { rows } = await db.query(`SELECT 1 FROM job_effects WHERE job_id = $1`, [jobId]);
  return rows.length > 0;
}

/**
 * For an effect outside PostgreSQL (a mail): skipped when already recorded, recorded after it
 * succeeds. A crash between the two repeats it on the next delivery, so the effect itself must
 * tolerate that (a mail's idempotency key names its outbox file and its Message-ID).
 * Returns whether the effect ran now.
 */
export async function runExternalOnce(db: Db, jobId: string, effect: () => Promise<void>): Promise<boolean> {
  if (await hasRun(db, jobId)) return false;
  await effect();
  await db.query(`INSERT INTO job_effects (job_id) VALUES ($1) ON CONFLICT (job_id) DO NOTHING`, [jobId]);
  return true;
}
