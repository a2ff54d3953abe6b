import { describe, expect, it } from 'vitest';
import { isReportBehind, REPORT_CATCH_UP_MS } from './use-transfer-history.ts';

const row = (transferId: string) => ({ transferId, direction: 'sent' as const, otherUserId: 'SH100002', otherName: 'सुनीता देवी', count: 5, transferredAt: '2026-11-30T06:00:00.000Z' });
const now = Date.parse('2026-11-30T06:00:10.000Z');

describe('the Report tab catching up with a transfer just made', () => {
  it('asks again while a transfer made here is not in the report yet (it is written a moment later)', () => {
    expect(isReportBehind([{ transferId: 't-new', madeAt: now - 2_000 }], { transfers: [] }, now)).toBe(true);
    expect(isReportBehind([{ transferId: 't-new', madeAt: now - 2_000 }], { transfers: [row('t-old')] }, now)).toBe(true);
  });

  it('stops once every transfer made here is shown', () => {
    expect(isReportBehind([{ transferId: 't-new', madeAt: now - 2_000 }], { transfers: [row('t-new'), row('t-old')] }, now)).toBe(false);
  });

  it('does not ask again with nothing made here, before the first answer, or a minute after the transfer', () => {
    expect(isReportBehind([], { transfers: [] }, now)).toBe(false);
    expect(isReportBehind([{ transferId: 't-new', madeAt: now - 2_000 }], undefined, now)).toBe(false);
    expect(isReportBehind([{ transferId: 't-new', madeAt: now - REPORT_CATCH_UP_MS }], { transfers: [] }, now)).toBe(false);
  });
});
