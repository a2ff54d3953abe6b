import { describe, expect, it } from 'vitest';
import { ZApplicationFieldsSchema } from '@sahay/server/modules/kanyadan/submission/kanyadan-fields.schema';
import {
  aadhaarFieldProblem,
  checkDob,
  dobProblem,
  EMPTY_VALUES,
  fieldsToSend,
  isSchoolDisabled,
  maskAadhaar,
  schemaInputOf,
  type ApplicationValues,
} from './application-form.ts';

// 10:00 in India on 15 June 2026 (04:30 UTC).
const NOW = new Date('2026-06-15T04:30:00Z');

describe('the date of birth', () => {
  it('gives the age in whole years on today’s date in India', () => {
    expect(checkDob('2016-06-15', NOW)).toEqual({ kind: 'ok', age: 10 });
    expect(checkDob('2016-06-16', NOW)).toEqual({ kind: 'ok', age: 9 });
    expect(checkDob('2026-06-15', NOW)).toEqual({ kind: 'ok', age: 0 });
    // Just before midnight UTC it is already the next day in India.
    expect(checkDob('2012-06-16', new Date('2026-06-15T19:00:00Z'))).toEqual({ kind: 'ok', age: 14 });
  });

  it('admits 0 to 14 years and says why it refuses the rest', () => {
    expect(checkDob('2011-06-16', NOW)).toEqual({ kind: 'ok', age: 14 });
    expect(checkDob('2011-06-15', NOW)).toEqual({ kind: 'out-of-range', age: 15 });
    expect(dobProblem(checkDob('2011-06-15', NOW))).toBe('Only girls aged 0 to 14 years can be registered.');
    expect(dobProblem(checkDob('2026-06-16', NOW))).toBe('The date of birth cannot be in the future.');
    expect(dobProblem(checkDob('2020-02-30', NOW))).toBe('Enter the date of birth as a real date.');
    expect(dobProblem(checkDob('', NOW))).toBe("Enter the girl's date of birth.");
  });

  it('disables the school fields under 4 years, and leaves them on when the age is not known yet', () => {
    expect(isSchoolDisabled(checkDob('2022-06-16', NOW))).toBe(true);
    expect(isSchoolDisabled(checkDob('2022-06-15', NOW))).toBe(false);
    expect(isSchoolDisabled(checkDob('2026-07-01', NOW))).toBe(true);
    expect(isSchoolDisabled(checkDob('', NOW))).toBe(false);
    expect(isSchoolDisabled(checkDob('2019-13-01', NOW))).toBe(false);
  });
});

describe('the Aadhaar number', () => {
  it('is optional, and when given must be 12 digits starting 2–9 with a right Verhoeff check digit', () => {
    expect(aadhaarFieldProblem('')).toBeNull();
    expect(aadhaarFieldProblem('2341 2341 2346')).toBeNull();
    expect(aadhaarFieldProblem('499118665246')).toBeNull();
    expect(aadhaarFieldProblem('123456789010')).toBe('Enter the 12-digit Aadhaar number; it starts with a digit from 2 to 9.');
    expect(aadhaarFieldProblem('234123412345')).toBe('This Aadhaar number is not valid. Please check each digit.');
  });

  it('is masked on the receipt', () => {
    expect(maskAadhaar('2341 2341 2346')).toBe('XXXX XXXX 2346');
    expect(maskAadhaar('')).toBeNull();
  });
});

describe('what is sent', () => {
  const filled: ApplicationValues = {
    ...EMPTY_VALUES,
    girlName: ' Asha  Kumari ',
    fatherName: 'Ramesh Kumar',
    dob: '2019-03-01',
    phone: '98765 43210',
    schoolName: 'Govt. Primary School',
    className: 'UKG',
    district: 'Patna',
    state: 'bihar',
    guardianName: 'Ramesh Kumar',
    guardianRelation: 'father',
    consent: true,
  };

  it('leaves out empty optional fields and sends consent as "true"', () => {
    expect(fieldsToSend(filled, false)).toEqual([
      ['girlName', 'Asha  Kumari'],
      ['dob', '2019-03-01'],
      ['gender', 'female'],
      ['fatherName', 'Ramesh Kumar'],
      ['phone', '98765 43210'],
      ['schoolName', 'Govt. Primary School'],
      ['className', 'UKG'],
      ['district', 'Patna'],
      ['state', 'bihar'],
      ['caste', 'not-stated'],
      ['guardianName', 'Ramesh Kumar'],
      ['guardianRelation', 'father'],
      ['consent', 'true'],
    ]);
  });

  it('does not send the school fields when they are disabled, nor consent when not given', () => {
    const sent = fieldsToSend({ ...filled, consent: false }, true).map(([name]) => name);
    expect(sent).not.toContain('schoolName');
    expect(sent).not.toContain('className');
    expect(sent).not.toContain('consent');
  });

  it('passes the server’s own schema when complete', () => {
    expect(ZApplicationFieldsSchema.safeParse(schemaInputOf(filled, false)).success).toBe(true);
    const missing = ZApplicationFieldsSchema.safeParse(schemaInputOf({ ...filled, girlName: '', consent: false }, false));
    expect(missing.error?.issues.map((issue) => [issue.path[0], issue.message])).toEqual([
      ['girlName', "Enter the girl's name."],
      ['consent', 'A parent or guardian must give consent before the application is sent.'],
    ]);
  });
});
