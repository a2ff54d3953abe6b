import { describe, expect, it } from 'vitest';
import { auditHref, auditViewOf, isoOfLocal } from './audit-page.tsx';

describe('the audit page’s address', () => {
  it('keeps the search, the record and the two moments in the address, so a view can be shared and reloaded', () => {
    const view = { query: 'SAHAY/2026-27/000001', stream: 'donation-ABCD2345', asOf: '2026-11-24T08:50:24.665Z', compare: '' };
    const href = auditHref(view);
    expect(href).toBe('/audit?q=SAHAY%2F2026-27%2F000001&stream=donation-ABCD2345&asOf=2026-11-24T08%3A50%3A24.665Z');
    expect(auditViewOf(href.slice('/audit?'.length))).toEqual(view);
    expect(auditHref({})).toBe('/audit');
    expect(auditViewOf('')).toEqual({ query: '', stream: '', asOf: '', compare: '' });
  });

  it('turns the time the admin picked into an ISO time, and nothing when it is empty or unreadable', () => {
    expect(isoOfLocal('2026-11-24T14:20:05')).toBe(new Date('2026-11-24T14:20:05').toISOString());
    expect(isoOfLocal('')).toBe('');
    expect(isoOfLocal('not a time')).toBe('');
  });
});

describe('how the audit page shows a value (issue 32: it showed JSON)', () => {
  const words = { yes: 'Yes', no: 'No', none: '—' };
  const hindiWords = { yes: 'हाँ', no: 'नहीं', none: '—' };

  it('puts the reader’s words where a secret or payout details were hidden', async () => {
    const { auditValueText } = await import('./audit-page.tsx');
    const { AUDIT_HIDDEN_PAYOUT, AUDIT_HIDDEN_SECRET } = await import('@sahay/server/modules/admin/audit/audit.schema');
    const hindi: Record<string, string> = { [AUDIT_HIDDEN_SECRET]: '[छिपा: गोपनीय]', [AUDIT_HIDDEN_PAYOUT]: '[छिपा: केवल वित्त स्टाफ़ के लिए]' };
    const translate = (message: string) => hindi[message] ?? message;
    expect(auditValueText('passwordHash', AUDIT_HIDDEN_SECRET, 'hi', translate, hindiWords)).toBe('[छिपा: गोपनीय]');
    expect(auditValueText('payout', AUDIT_HIDDEN_PAYOUT, 'hi', translate, hindiWords)).toBe('[छिपा: केवल वित्त स्टाफ़ के लिए]');
    expect(auditValueText('name', 'Asha', 'hi', translate, hindiWords)).toBe('Asha');
  });

  it('shows money in rupees, moments in India time in the reader’s language, yes or no, and a dash for nothing', async () => {
    const { auditValueText } = await import('./audit-page.tsx');
    const same = (message: string) => message;
    expect(auditValueText('amountPaise', 1_250_50, 'en', same, words)).toBe('₹1,250.50');
    expect(auditValueText('amount_paise', 1_500_00, 'hi', same, hindiWords)).toBe('₹1,500');
    expect(auditValueText('showName', false, 'hi', same, hindiWords)).toBe('नहीं');
    expect(auditValueText('pan', null, 'en', same, words)).toBe('—');
    expect(auditValueText('pledgedAt', '2026-06-03T14:30:00.000Z', 'hi', same, hindiWords)).toBe('3 जून 2026, रात 8:00');
    expect(auditValueText('pledged_at', '2026-06-03T14:30:00.000Z', 'en', same, words)).toMatch(/^3 Jun 2026,? 8:00\s?pm$/i);
    expect(auditValueText('reference', 'ABCD2345', 'en', same, words)).toBe('ABCD2345');
  });
});
