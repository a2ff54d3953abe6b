import { AppError } from '#server/errors/app-error';
import { streamType } from '#server/event-store/command-handler';
import type { Recorded } from '#server/event-store/types';
import { FORM_10BD_FILING_STREAM_PREFIX, type Form10BDFiled } from '../donations.events.ts';
import { financialYearRange, indiaDateOf } from '../receipts/receipt-serial.ts';

// The Form 10BD filing stream's one decider (docs/decisions/052): `form-10bd-filing-<2026-27>` holds
// a financial year's filings on the income-tax portal, the first and its revisions (issue 31).

export interface Form10BDFiling {
  filedOn: string;
  acknowledgementNumber: string;
  isRevision: boolean;
  recordedAt: string;
}

export interface Form10BDFilingState {
  /** In the order recorded: the first filing, then its revisions. */
  filings: Form10BDFiling[];
}

export const noForm10BDFiling: Form10BDFilingState = { filings: [] };

export function evolveForm10BDFiling(state: Form10BDFilingState, event: Recorded<Form10BDFiled>): Form10BDFilingState {
  switch (event.type) {
    case 'Form10BDFiled': {
      const { filedOn, acknowledgementNumber, isRevision, recordedAt } = event.data;
      return { filings: [...state.filings, { filedOn, acknowledgementNumber, isRevision, recordedAt }] };
    }
    default: {
      const unhandled: never = event.type;
      return unhandled;
    }
  }
}

export const FILED_IN_FUTURE = 'The date filed cannot be in the future.';
export const FILED_BEFORE_YEAR_END = 'Form 10BD is filed after its financial year ends: the date filed must be after 31 March of that year.';
export const REVISION_BEFORE_FILING = 'A revised statement cannot be filed before the statement it revises. Check the date.';

/**
 * Pure: finance records that the year's Form 10BD was filed (the day and the portal's
 * acknowledgement number). The same acknowledgement number again is the same filing (nothing new:
 * a double click, two admins at once); another one is a revision, recorded beside the first, which
 * is kept. The date is after the year ended, not in the future, and not before the filing revised.
 */
export function decideRecordForm10BDFiling(
  command: { financialYear: string; filedOn: string; acknowledgementNumber: string; recordedBy: string; now: Date },
  state: Form10BDFilingState,
): Form10BDFiled[] {
  if (state.filings.some((filing) => filing.acknowledgementNumber === command.acknowledgementNumber)) return [];
  const refuse = (message: string) => new AppError('BAD_REQUEST', { userMessage: message, fieldErrors: { filedOn: [message] } });
  if (command.filedOn > indiaDateOf(command.now)) throw refuse(FILED_IN_FUTURE);
  if (command.filedOn <= financialYearRange(command.financialYear).to) throw refuse(FILED_BEFORE_YEAR_END);
  const last = state.filings.at(-1);
  if (last && command.filedOn < last.filedOn) throw refuse(REVISION_BEFORE_FILING);
  return [
    {
      type: 'Form10BDFiled',
      data: {
        financialYear: command.financialYear,
        filedOn: command.filedOn,
        acknowledgementNumber: command.acknowledgementNumber,
        isRevision: last !== undefined,
        recordedBy: command.recordedBy,
        recordedAt: command.now.toISOString(),
      },
    },
  ];
}

/** The filing stream (`form-10bd-filing-<year>`), configured once for the command handler. */
export const form10BDFilingStream = streamType<Form10BDFilingState, Form10BDFiled>({ prefix: FORM_10BD_FILING_STREAM_PREFIX, evolve: evolveForm10BDFiling, initialState: noForm10BDFiling });
