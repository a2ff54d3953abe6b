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

describe('what the audit page shows in place of what the server hid', () => {
  it('puts the reader’s words where a secret or payout details were hidden, and leaves every other value as it came', async () => {
    const { shownJson } = await import('./audit-page.tsx');
    const { AUDIT_HIDDEN_PAYOUT, AUDIT_HIDDEN_SECRET } = await import('@sahay/server/modules/admin/audit/audit.schema');
    const hindi: Record<string, string> = { [AUDIT_HIDDEN_SECRET]: '[छिपा: गोपनीय]', [AUDIT_HIDDEN_PAYOUT]: '[छिपा: केवल वित्त स्टाफ़ के लिए]' };
    const shown = shownJson({ passwordHash: AUDIT_HIDDEN_SECRET, payout: AUDIT_HIDDEN_PAYOUT, rows: [{ name: 'Asha' }] }, (message) => hindi[message] ?? message);
    expect(JSON.parse(shown)).toEqual({ passwordHash: '[छिपा: गोपनीय]', payout: '[छिपा: केवल वित्त स्टाफ़ के लिए]', rows: [{ name: 'Asha' }] });
  });
});
