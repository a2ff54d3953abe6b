import { describe, it } from 'vitest';
import { deciderSpec } from '#server/testing/deciders/decider-spec';
import type { Form10BDFiled } from '../donations.events.ts';
import {
  decideRecordForm10BDFiling,
  evolveForm10BDFiling,
  FILED_BEFORE_YEAR_END,
  FILED_IN_FUTURE,
  noForm10BDFiling,
  REVISION_BEFORE_FILING,
} from './form-10bd-filing.decider.ts';

const now = new Date('2027-06-20T06:30:00.000Z');
const at = now.toISOString();
const financialYear = '2026-27';
const filed = (filedOn: string, acknowledgementNumber: string, isRevision = false): Form10BDFiled => ({
  type: 'Form10BDFiled',
  data: { financialYear, filedOn, acknowledgementNumber, isRevision, recordedBy: 'SH1000900', recordedAt: at },
});
const command = (filedOn: string, acknowledgementNumber: string) => ({ financialYear, filedOn, acknowledgementNumber, recordedBy: 'SH1000900', now });

describe('decideRecordForm10BDFiling', () => {
  const spec = deciderSpec({ decide: decideRecordForm10BDFiling, evolve: evolveForm10BDFiling, initialState: noForm10BDFiling });

  it('records the year’s first filing', () => {
    spec([]).when(command('2027-05-28', '123456789012345')).then([filed('2027-05-28', '123456789012345')]);
  });

  it('records a second filing of the year as a revision, keeping the first', () => {
    spec([filed('2027-05-28', '123456789012345')]).when(command('2027-06-15', '998877665544332')).then([filed('2027-06-15', '998877665544332', true)]);
    spec([filed('2027-05-28', '123456789012345'), filed('2027-06-15', '998877665544332', true)])
      .when(command('2027-06-20', '111122223333444'))
      .then([filed('2027-06-20', '111122223333444', true)]);
  });

  it('records nothing for a filing recorded already (the same acknowledgement number), whatever the date says', () => {
    spec([filed('2027-05-28', '123456789012345')]).when(command('2027-05-28', '123456789012345')).thenNothing();
    spec([filed('2027-05-28', '123456789012345')]).when(command('2027-05-29', '123456789012345')).thenNothing();
  });

  it('refuses a date to come, a date inside the year filed for, and a revision dated before the filing it revises', () => {
    spec([]).when(command('2027-06-21', '123456789012345')).thenRefuses('BAD_REQUEST', FILED_IN_FUTURE);
    spec([]).when(command('2027-03-31', '123456789012345')).thenRefuses('BAD_REQUEST', FILED_BEFORE_YEAR_END);
    spec([filed('2027-05-28', '123456789012345')]).when(command('2027-05-27', '998877665544332')).thenRefuses('BAD_REQUEST', REVISION_BEFORE_FILING);
  });
});
