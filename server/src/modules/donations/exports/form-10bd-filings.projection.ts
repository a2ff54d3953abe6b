import type { Projection } from '#server/event-store/types';
import type { Form10BDFiled } from '../donations.events.ts';

/**
 * Each financial year's Form 10BD filings, one row each (the first and its revisions): the finance
 * screen, the export of a revised statement and the flags of gifts changed after a filing read
 * them. Inline: the admin who records a filing sees it, and the flags, at once. No personal data.
 */
export const form10BDFilingsProjection: Projection<'form_10bd_filings', Form10BDFiled> = {
  name: 'form_10bd_filings',
  tables: ['form_10bd_filings'],
  handles: ['Form10BDFiled'],
  async apply(event, { tx, tables }) {
    switch (event.type) {
      case 'Form10BDFiled': {
        const { financialYear, filedOn, acknowledgementNumber, isRevision, recordedBy, recordedAt } = event.data;
        await tx.query(
          `INSERT INTO ${tables.form_10bd_filings} (financial_year, version, filed_on, acknowledgement_number, is_revision, recorded_by, recorded_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (financial_year, version) DO NOTHING`,
          [financialYear, event.streamVersion, filedOn, acknowledgementNumber, isRevision, recordedBy, recordedAt],
        );
        return;
      }
      default: {
        const unhandled: never = event.type;
        return unhandled;
      }
    }
  },
};
