import { describe, expect, it } from 'vitest';
import { needsDocumentLoad } from './own-policy-pages.ts';

describe('pages with their own CSP are reached by loading them', () => {
  it('loads /donate and /donate/status (any query, either language) from a document loaded elsewhere', () => {
    for (const to of ['/donate', '/donate?help=ABCD2345', '/donate?lang=hi', '/donate/', '/donate#form', '/donate/status', '/donate/status?reference=ABCD-2345']) {
      for (const from of ['/', '/help/ABCD2345', '/donate/receipt/2025-26-000001', '/login']) expect(needsDocumentLoad(to, from), `${from} → ${to}`).toBe(true);
    }
  });

  it('navigates in the app between /donate and /donate/status (one policy), and to every other page', () => {
    expect(needsDocumentLoad('/donate?lang=hi', '/donate')).toBe(false);
    expect(needsDocumentLoad('/donate', '/donate/')).toBe(false);
    expect(needsDocumentLoad('/donate/status?reference=ABCD-2345', '/donate')).toBe(false);
    expect(needsDocumentLoad('/donate', '/donate/status')).toBe(false);
    for (const to of ['/', '/donate/receipt/2025-26-000001', '/donatex', '/donate/statusx', '/help', '//donate', 'https://example.org/donate']) {
      expect(needsDocumentLoad(to, '/'), to).toBe(false);
    }
  });
});
