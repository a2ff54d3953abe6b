import { handleCommand } from '#server/event-store/command-handler';
import type { Recorded } from '#server/event-store/types';
import type { Form10BDFiled } from '../donations.events.ts';
import { eventMetadata, type RequestMeta } from '#server/lib/request-meta';
import type { Services } from '#server/services';
import { decideRecordForm10BDFiling, evolveForm10BDFiling, form10BDFilingStream } from './form-10bd-filing.decider.ts';
import type { TRecordForm10BDFilingResponse } from './record-form-10bd-filing.schema.ts';

export const FILING_CONFLICT = 'Another filing of this year was recorded at the same moment. Check the year’s filings, then try again.';

/**
 * `donations.admin.form10bd.recordFiling` (finance): the year's Form 10BD filing, or a revision of
 * it. Answers every filing of the year, in order, from the stream as decided.
 */
export async function recordForm10BDFiling(
  services: Services,
  input: { financialYear: string; filedOn: string; acknowledgementNumber: string },
  admin: { userId: string },
  meta: RequestMeta,
): Promise<TRecordForm10BDFilingResponse> {
  const now = services.now();
  const { state, events } = await handleCommand(services, {
    stream: form10BDFilingStream,
    id: input.financialYear,
    decide: (state) => decideRecordForm10BDFiling({ ...input, recordedBy: admin.userId, now }, state),
    metadata: eventMetadata(meta),
    conflictMessage: FILING_CONFLICT,
  });
  // The state read, then what this call recorded (a fold of the stream as it now is).
  const after = events.reduce((folded, event) => evolveForm10BDFiling(folded, event as Recorded<Form10BDFiled>), state);
  const filings = after.filings;
  return {
    financialYear: input.financialYear,
    filings: filings.map(({ filedOn, acknowledgementNumber, isRevision, recordedAt }) => ({ filedOn, acknowledgementNumber, isRevision, recordedAt })),
  };
}
