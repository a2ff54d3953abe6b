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
