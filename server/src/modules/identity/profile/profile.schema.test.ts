import { describe, expect, it } from 'vitest';
import { ACCOUNT_NUMBER_CONFIRM_REQUIRED, ACCOUNT_NUMBERS_DIFFER, scriptOfName, ZUpdateProfileRequestSchema } from './profile.schema.ts';

const otherName = (value: string) => ZUpdateProfileRequestSchema.safeParse({ otherScriptName: value });

describe('name in the other script', () => {
  it('takes a name written wholly in Latin letters or wholly in Devanagari, tidied', () => {
    for (const name of ['Sunita Devi', "D'Souza", 'Anne-Marie', 'सुनीता देवी', 'क्षत्रिय', 'श्री. राम']) expect(otherName(name).success, name).toBe(true);
    expect(otherName('  सुनीता   देवी ').data?.otherScriptName).toBe('सुनीता देवी');
    expect(otherName('').data?.otherScriptName).toBeNull();
  });

  it('refuses mixed scripts, digits, the danda, a leading vowel sign, and lengths outside 2–100', () => {
    for (const name of ['Sunita देवी', 'राम १२', 'Ram 12', 'सुनीता।', 'ि सुनीता', 'A', 'a'.repeat(101), '<b>x</b>']) {
      expect(otherName(name).success, name).toBe(false);
    }
  });

  it('tells the script of a registered name', () => {
    expect(scriptOfName('Sunita Devi')).toBe('latin');
    expect(scriptOfName('सुनीता देवी')).toBe('devanagari');
  });
});

describe('the account number, typed twice', () => {
  const errorsAt = (input: object, field: string) => ZUpdateProfileRequestSchema.safeParse(input).error?.issues.filter((issue) => issue.path[0] === field).map((issue) => issue.message) ?? [];

  it('takes matching copies, spaces and hyphens being only for reading, and never keeps the copy', () => {
    const parsed = ZUpdateProfileRequestSchema.parse({ accountNumber: '1234 5678 9012', confirmAccountNumber: '1234-5678-9012', ifsc: 'sbin0001234' });
    expect(parsed).toEqual({ accountNumber: '123456789012', ifsc: 'SBIN0001234' });
    expect(parsed).not.toHaveProperty('confirmAccountNumber');
  });

  it('refuses a different or missing copy beside confirmAccountNumber', () => {
    expect(errorsAt({ accountNumber: '123456789012', confirmAccountNumber: '123456789021' }, 'confirmAccountNumber')).toEqual([ACCOUNT_NUMBERS_DIFFER]);
    expect(errorsAt({ accountNumber: '123456789012' }, 'confirmAccountNumber')).toEqual([ACCOUNT_NUMBER_CONFIRM_REQUIRED]);
    expect(errorsAt({ accountNumber: '123456789012', confirmAccountNumber: '' }, 'confirmAccountNumber')).toEqual([ACCOUNT_NUMBER_CONFIRM_REQUIRED]);
  });

  it('says both when other fields are wrong too', () => {
    const result = ZUpdateProfileRequestSchema.safeParse({ phone: '12', accountNumber: '123456789012', confirmAccountNumber: '1' });
    expect(result.error?.issues.map((issue) => issue.path[0])).toEqual(['phone', 'confirmAccountNumber']);
  });

  it('needs no copy to clear the number or to leave it unchanged', () => {
    expect(ZUpdateProfileRequestSchema.parse({ accountNumber: '' })).toEqual({ accountNumber: null });
    expect(ZUpdateProfileRequestSchema.parse({ phone: '9876543210' })).toEqual({ phone: '9876543210' });
  });

  it('refuses unknown fields still', () => {
    expect(ZUpdateProfileRequestSchema.safeParse({ accountNumber: '123456789012', confirmAccountNumber: '123456789012', accountNumberAgain: '123456789012' }).success).toBe(false);
  });
});
