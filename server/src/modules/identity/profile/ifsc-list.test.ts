import { describe, expect, it } from 'vitest';
import { isAppError } from '#server/errors/app-error';
import { assertIfscsInList, bankNameOfIfsc, isIfscInList } from './ifsc-list.ts';
import { IFSC_NOT_IN_LIST } from './profile.schema.ts';

describe('the banks’ published IFSC list', () => {
  it('knows listed branches, in any case, and names their bank', () => {
    expect(isIfscInList('SBIN0001234')).toBe(true);
    expect(isIfscInList('sbin0001234')).toBe(true);
    expect(bankNameOfIfsc('SBIN0001234')).toBe('State Bank of India');
    expect(bankNameOfIfsc('HDFC0CAGSBK')).toBe('HDFC Bank');
  });

  it('names the sub-member bank, not the sponsor, for a branch served through a sponsor’s codes', () => {
    expect(bankNameOfIfsc('YESB0DNB002')).not.toBeNull();
    expect(bankNameOfIfsc('YESB0DNB002')).not.toBe('Yes Bank');
  });

  it('refuses well-formed codes that are not listed: an unknown branch or an unknown bank', () => {
    expect(isIfscInList('SBIN0999999')).toBe(false);
    expect(isIfscInList('ABCD0123456')).toBe(false);
    expect(bankNameOfIfsc('ABCD0123456')).toBeNull();
  });

  it('refuses ill-formed codes without looking', () => {
    for (const code of ['', 'SBIN1234', 'SBIN1001234', 'SBIN00012345', '__proto__00', 'TOSTRING000']) expect(isIfscInList(code)).toBe(false);
  });

  it('is a 400 with the rule beside each unlisted field; absent or empty fields are not checked', () => {
    expect(() => assertIfscsInList({ ifsc: 'SBIN0001234', other: null, empty: '', absent: undefined })).not.toThrow();
    try {
      assertIfscsInList({ ifsc: 'SBIN0999999', ifscCode: 'SBIN0001234' });
      expect.unreachable();
    } catch (error) {
      expect(isAppError(error) && error.code).toBe('BAD_REQUEST');
      expect(isAppError(error) && error.fieldErrors).toEqual({ ifsc: [IFSC_NOT_IN_LIST] });
    }
  });
});
