import { describe, expect, it } from 'vitest';
import { accessFilterOf, accessHref } from './access-log-page.tsx';

describe('the access log’s address', () => {
  it('keeps the filter in the address, and reads it back', () => {
    const filter = { viewerId: 'SH1234567', record: 'KNYDN1234567', from: '2026-11-01', to: '2026-11-24', page: 2 };
    const href = accessHref(filter);
    expect(href).toBe('/access-log?viewer=SH1234567&record=KNYDN1234567&from=2026-11-01&to=2026-11-24&page=2');
    expect(accessFilterOf(href.slice('/access-log?'.length))).toEqual(filter);
    expect(accessHref({ page: 1 })).toBe('/access-log');
  });

  it('drops what it cannot read: a bad date, a bad page, an over-long record', () => {
    expect(accessFilterOf('from=yesterday&page=0&record=' + 'x'.repeat(200))).toEqual({ record: 'x'.repeat(120), page: 1 });
  });
});
