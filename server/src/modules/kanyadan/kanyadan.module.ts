import type { SahayModule } from '#server/modules/module';
import { phoneKeyOf, identityKeyOf } from './applicant-keys.ts';
import { kanyadanErasurePart } from './kanyadan.api.ts';
import { notifyKanyadanDecisionJob } from './review/notify-decision.job.ts';
import { notifyKanyadanFamilyJob } from './review/notify-family.job.ts';
import { processKanyadanDocumentsJob } from './documents/process-documents.job.ts';
import { kanyadanProjection } from './kanyadan.projection.ts';
import { kanyadanRest } from './kanyadan.rest.ts';

export const kanyadanModule: SahayModule = {
  name: 'kanyadan',
  // The family's look-up and the verification queue read their own changes at once (docs/decisions/015).
  inlineProjections: [kanyadanProjection],
  jobs: [processKanyadanDocumentsJob, notifyKanyadanDecisionJob, notifyKanyadanFamilyJob],
  rest: kanyadanRest,
  erasure: kanyadanErasurePart,
  /**
   * After a blind-index key change: the look-up's phone key and the identity key, from what the
   * read model holds. The Aadhaar key cannot be recomputed (the number is never kept): it keeps
   * matching the applications made before the change, not those made after (docs/decisions/026).
   */
  async reindex({ tx, blindIndex }) {
    const { rows } = await tx.query<{ reg_no: string; phone: string; girl_name: string; father_name: string; dob: string }>(
      `SELECT reg_no, phone, girl_name, father_name, to_char(dob, 'YYYY-MM-DD') AS dob FROM kanyadan_applications WHERE NOT is_erased AND phone IS NOT NULL`,
    );
    for (const row of rows) {
      await tx.query(`UPDATE kanyadan_applications SET phone_key = $2, identity_key = $3 WHERE reg_no = $1`, [
        row.reg_no,
        phoneKeyOf(blindIndex, row.phone),
        identityKeyOf(blindIndex, { girlName: row.girl_name, dob: row.dob, fatherName: row.father_name }),
      ]);
    }
  },
};
