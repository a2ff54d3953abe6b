import { describe, expect, it } from 'vitest';
import type { TEpin } from '@sahay/server/modules/community/epins/epins.schema';
import { shareableCode } from './shareable-code.public.ts';

const now = new Date('2026-11-24T10:00:00.000Z');
const epin = (code: string, fields: Partial<TEpin> = {}): TEpin => ({
  code,
  used: false,
  usedBy: null,
  usedAt: null,
  assignedTo: 'SH1000001',
  createdAt: '2026-11-01T00:00:00.000Z',
  reservedUntil: null,
  ...fields,
});

describe('shareableCode', () => {
  it('skips used codes and codes kept for a link already shared', () => {
    const epins = [
      epin('USED0001', { used: true, usedBy: 'SH1000002', usedAt: '2026-11-02T00:00:00.000Z' }),
      epin('KEPT0001', { reservedUntil: '2026-11-25T10:00:00.000Z' }),
      epin('FREE0001'),
      epin('FREE0002'),
    ];
    expect(shareableCode(epins, now)).toBe('FREE0001');
  });

  it('takes a code whose keeping has run out', () => {
    expect(shareableCode([epin('KEPT0001', { reservedUntil: '2026-11-24T09:59:59.000Z' })], now)).toBe('KEPT0001');
  });

  it('has none when every unused code is kept, or there is no unused code', () => {
    expect(shareableCode([epin('KEPT0001', { reservedUntil: '2026-11-24T10:00:01.000Z' })], now)).toBeNull();
    expect(shareableCode([], now)).toBeNull();
  });
});
