import { describe, expect, it } from 'vitest';
import { checkTransfer, receiverIdOf, TRANSFER_INVALID_COUNT, TRANSFER_SELF, TRANSFER_USER_NOT_FOUND } from './transfer-rules.ts';

const context = { selfId: 'SH1111111', available: 5, receiver: 'found' as const };

describe('invite-code transfer rules (PRODUCT.md §4)', () => {
  it('accepts a receiver and a count from 1 to what the sender holds, normalising the ID', () => {
    expect(checkTransfer({ toUserId: ' sh2222222 ', count: '5' }, context)).toEqual({ ok: true, input: { toUserId: 'SH2222222', count: 5 } });
    expect(checkTransfer({ toUserId: 'SH2222222', count: '1' }, context)).toMatchObject({ ok: true });
  });

  it('wants a receiver', () => {
    const check = checkTransfer({ toUserId: '  ', count: '1' }, context);
    expect(check).toEqual({ ok: false, fieldErrors: { toUserId: ['Enter the receiver’s user ID'], count: [] } });
  });

  it('refuses a transfer to oneself, whatever the case', () => {
    expect(checkTransfer({ toUserId: 'sh1111111', count: '1' }, context)).toEqual({ ok: false, fieldErrors: { toUserId: [TRANSFER_SELF], count: [] } });
  });

  it('refuses a receiver the server does not know', () => {
    expect(checkTransfer({ toUserId: 'SH2222222', count: '1' }, { ...context, receiver: 'notFound' })).toEqual({
      ok: false,
      fieldErrors: { toUserId: [TRANSFER_USER_NOT_FOUND], count: [] },
    });
  });

  it('says "Invalid transfer count." for none, zero, a fraction, text, or more than held', () => {
    for (const count of ['', '0', '-1', '1.5', 'two', '6']) {
      expect(checkTransfer({ toUserId: 'SH2222222', count }, context), count).toEqual({ ok: false, fieldErrors: { toUserId: [], count: [TRANSFER_INVALID_COUNT] } });
    }
    expect(checkTransfer({ toUserId: 'SH2222222', count: '1' }, { ...context, available: 0 })).toMatchObject({ ok: false });
  });

  it('looks a receiver up only once a whole user ID is typed', () => {
    expect(receiverIdOf('sh22')).toBeNull();
    expect(receiverIdOf(' sh2222222')).toBe('SH2222222');
  });
});
