import { fieldErrorsFromZod, UNKNOWN_FIELD } from '#server/errors/field-errors';
import fc from 'fast-check';
import { ACCOUNT_NUMBER_CONFIRM_REQUIRED, ACCOUNT_NUMBERS_DIFFER } from '#server/modules/identity/profile/profile.schema';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { AADHAAR_CHECKSUM, AADHAAR_FORMAT } from './aadhaar.schema.ts';
import {
  CONSENT_REQUIRED,
  DISTRICT_REQUIRED,
  districtKeyOf,
  DOB_INVALID,
  GUARDIAN_NAME_REQUIRED,
  GUARDIAN_RELATION_REQUIRED,
  INDIAN_STATES,
  NAME_TOO_LONG,
  REG_NO_INVALID,
  DOB_REQUIRED,
  FATHER_NAME_REQUIRED,
  GIRL_NAME_REQUIRED,
  PHONE_REQUIRED,
  STATE_REQUIRED,
  TEXT_TOO_LONG,
  ZApplicationFieldsSchema,
  ZRegNoSchema,
} from './kanyadan-fields.schema.ts';
import {
  IFSC_INVALID,
  REJECTION_NOTE_PERSONAL,
  UTR_INVALID,
  ZApplicationFilterSchema,
  ZBenefitRequestFieldsSchema,
  ZRejectApplicationRequestSchema,
  ZRejectApplicationRestRequestSchema,
  ZUtrSchema,
} from '../kanyadan-routes.schema.ts';

/** The issues of a refused input, as path and message (the code too, where a test needs it). */
function issuesOf(schema: z.ZodType, input: unknown): { path: PropertyKey[]; message: string; code: string }[] {
  const result = schema.safeParse(input);
  if (result.success) throw new Error(`expected the input to be refused, got ${JSON.stringify(result.data)}`);
  return result.error.issues.map(({ path, message, code }) => ({ path, message, code }));
}

/** The messages at one top-level field. */
function messagesAt(schema: z.ZodType, input: unknown, field: string): string[] {
  return issuesOf(schema, input)
    .filter((issue) => issue.path[0] === field)
    .map((issue) => issue.message);
}

/** What the form sends at least: strings, as multipart text fields. */
const minimal = {
  girlName: 'Asha Kumari',
  fatherName: 'Ram Lal',
  dob: '2020-05-01',
  phone: '9876543210',
  district: 'Jaipur',
  state: 'rajasthan',
  guardianName: 'Ram Lal',
  guardianRelation: 'father',
  consent: 'on',
};

const minimalOutput = {
  girlName: 'Asha Kumari',
  fatherName: 'Ram Lal',
  motherName: null,
  dob: '2020-05-01',
  phone: '9876543210',
  gender: 'female',
  schoolName: null,
  schoolAddress: null,
  className: null,
  district: 'Jaipur',
  state: 'rajasthan',
  caste: 'not-stated',
  guardianName: 'Ram Lal',
  guardianRelation: 'father',
  consent: true,
};

describe('the Kanyadan application fields', () => {
  it('accepts a minimal application: optional texts null, gender female, caste not stated, consent true, no Aadhaar or e-mail', () => {
    const parsed = ZApplicationFieldsSchema.parse(minimal);
    expect(parsed).toEqual(minimalOutput);
    expect(parsed).not.toHaveProperty('aadhaar');
    expect(parsed).not.toHaveProperty('email');
    expect(parsed).not.toHaveProperty('fatherRegNo');
  });

  it('accepts a full application and normalises it: names trimmed, phone as its last 10 digits, Aadhaar without spaces, e-mail lower case', () => {
    const parsed = ZApplicationFieldsSchema.parse({
      girlName: '  Asha   Kumari ',
      fatherName: 'Ram  Lal ',
      motherName: ' Sita  Devi ',
      dob: ' 2020-05-01 ',
      aadhaar: '2341 2341-2346',
      phone: '+91 98765-43210',
      email: ' Asha.Family@Example.ORG ',
      gender: 'other',
      schoolName: ' Govt.  Girls School ',
      schoolAddress: 'Station Road,  Jaipur',
      className: ' 3rd ',
      district: '  Jaipur   Rural ',
      state: 'rajasthan',
      fatherRegNo: ' sh1234567 ',
      caste: 'obc',
      guardianName: ' Sita Devi ',
      guardianRelation: 'mother',
      consent: true,
    });
    expect(parsed).toEqual({
      girlName: 'Asha Kumari',
      fatherName: 'Ram Lal',
      motherName: 'Sita Devi',
      dob: '2020-05-01',
      aadhaar: '234123412346',
      phone: '9876543210',
      email: 'asha.family@example.org',
      gender: 'other',
      schoolName: 'Govt. Girls School',
      schoolAddress: 'Station Road, Jaipur',
      className: '3rd',
      district: 'Jaipur Rural',
      state: 'rajasthan',
      fatherRegNo: 'SH1234567',
      caste: 'obc',
      guardianName: 'Sita Devi',
      guardianRelation: 'mother',
      consent: true,
    });
  });

  it.each([
    ['10 digits', '9876543210'],
    ['+91', '+919876543210'],
    ['91', '919876543210'],
    ['a leading 0', '09876543210'],
    ['spaces and hyphens', '+91 98765-43210'],
  ])('keeps the last 10 digits of a phone written with %s', (_label, phone) => {
    expect(ZApplicationFieldsSchema.parse({ ...minimal, phone }).phone).toBe('9876543210');
  });

  it.each(['12345', '5876543210', '98765432101', '+1 9876543210', '98765abcde'])('refuses the phone %j beside the phone field', (phone) => {
    expect(issuesOf(ZApplicationFieldsSchema, { ...minimal, phone })).toEqual([
      { path: ['phone'], message: 'Enter a 10-digit Indian mobile number', code: 'invalid_format' },
    ]);
  });

  describe('the required fields', () => {
    // Each names its own field (issue 32): one combined sentence under every empty field did not say which.
    const REQUIRED = { girlName: GIRL_NAME_REQUIRED, fatherName: FATHER_NAME_REQUIRED, dob: DOB_REQUIRED, phone: PHONE_REQUIRED } as const;

    it.each(['girlName', 'fatherName', 'dob', 'phone'] as const)('gives %s its own message, and only there, when it is absent', (field) => {
      const { [field]: _absent, ...rest } = minimal;
      expect(issuesOf(ZApplicationFieldsSchema, rest).map(({ path, message }) => ({ path, message }))).toEqual([
        { path: [field], message: REQUIRED[field] },
      ]);
    });

    it.each(['girlName', 'fatherName', 'phone'] as const)('counts an empty or blank %s as absent', (field) => {
      for (const blank of ['', '   ', '\t\n']) {
        expect(messagesAt(ZApplicationFieldsSchema, { ...minimal, [field]: blank }, field)).toEqual([REQUIRED[field]]);
      }
    });

    it('counts an empty or blank date of birth as absent (DOB_REQUIRED first)', () => {
      // zod also runs the real-date check on the empty string, so DOB_INVALID may follow.
      for (const blank of ['', '   ']) {
        const messages = messagesAt(ZApplicationFieldsSchema, { ...minimal, dob: blank }, 'dob');
        expect(messages[0]).toBe(DOB_REQUIRED);
        expect(messages.every((message) => message === DOB_REQUIRED || message === DOB_INVALID)).toBe(true);
      }
    });

    it('gives each of the four its own message when all are missing, four different ones, and nothing else', () => {
      const errors = fieldErrorsFromZod(
        ZApplicationFieldsSchema.safeParse({ ...minimal, girlName: undefined, fatherName: ' ', dob: undefined, phone: '' }).error!,
      );
      expect(errors).toEqual({ girlName: [GIRL_NAME_REQUIRED], fatherName: [FATHER_NAME_REQUIRED], dob: [DOB_REQUIRED], phone: [PHONE_REQUIRED] });
      expect(new Set(Object.values(errors).flat()).size).toBe(4);
    });

    it('refuses a non-string where text is expected', () => {
      expect(messagesAt(ZApplicationFieldsSchema, { ...minimal, girlName: 42 }, 'girlName')).toEqual([GIRL_NAME_REQUIRED]);
      expect(messagesAt(ZApplicationFieldsSchema, { ...minimal, phone: 9876543210 }, 'phone')).toEqual([PHONE_REQUIRED]);
      expect(messagesAt(ZApplicationFieldsSchema, { ...minimal, dob: null }, 'dob')).toEqual([DOB_REQUIRED]);
    });

    it.each([
      ['guardianName', GUARDIAN_NAME_REQUIRED],
      ['guardianRelation', GUARDIAN_RELATION_REQUIRED],
      ['district', DISTRICT_REQUIRED],
      ['state', STATE_REQUIRED],
      ['consent', CONSENT_REQUIRED],
    ] as const)('gives its own message at %s when it is absent or empty', (field, message) => {
      const { [field]: _absent, ...rest } = minimal;
      expect(issuesOf(ZApplicationFieldsSchema, rest).map(({ path, message }) => ({ path, message }))).toEqual([{ path: [field], message }]);
      expect(messagesAt(ZApplicationFieldsSchema, { ...minimal, [field]: '' }, field)).toEqual([message]);
    });
  });

  describe('the date of birth', () => {
    it.each(['2023-02-29', '2026-13-01', '2020-04-31', '01-05-2020', '2020/05/01', '1 May 2020', '1899-12-31'])('refuses %j with DOB_INVALID', (dob) => {
      expect(issuesOf(ZApplicationFieldsSchema, { ...minimal, dob })).toEqual([{ path: ['dob'], message: DOB_INVALID, code: 'custom' }]);
    });

    it('accepts 29 February of a leap year, and a date in the future (the command checks age and the future)', () => {
      expect(ZApplicationFieldsSchema.parse({ ...minimal, dob: '2024-02-29' }).dob).toBe('2024-02-29');
      expect(ZApplicationFieldsSchema.parse({ ...minimal, dob: '2199-01-01' }).dob).toBe('2199-01-01');
    });
  });

  describe('the Aadhaar number', () => {
    it.each([undefined, '', '   '])('is optional: %j gives no Aadhaar', (aadhaar) => {
      const parsed = ZApplicationFieldsSchema.parse({ ...minimal, aadhaar });
      expect(parsed.aadhaar).toBeUndefined();
      expect(parsed).toEqual(minimalOutput);
    });

    it.each(['234123412346', '2341 2341 2346', '2341-2341-2346', ' 4991 1866 5246 '])('accepts %j, normalised to 12 digits', (aadhaar) => {
      expect(ZApplicationFieldsSchema.parse({ ...minimal, aadhaar }).aadhaar).toMatch(/^(?:234123412346|499118665246)$/);
      expect(ZApplicationFieldsSchema.parse({ ...minimal, aadhaar }).aadhaar).toBe(aadhaar.replace(/[\s-]/g, ''));
    });

    it.each([
      ['11 digits', '23412341234'],
      ['13 digits', '2341234123466'],
      ['a first digit of 1', '123456789010'],
      ['a first digit of 0', '034123412346'],
      ['a letter', '23412341234X'],
    ])('gives AADHAAR_FORMAT first for %s', (_label, aadhaar) => {
      // The checksum refinement also runs on a badly formatted number; the format message comes first.
      const messages = messagesAt(ZApplicationFieldsSchema, { ...minimal, aadhaar }, 'aadhaar');
      expect(messages[0]).toBe(AADHAAR_FORMAT);
    });

    it.each(['234123412345', '234123412347', '243123412346', '499118665249'])('gives AADHAAR_CHECKSUM, alone, for %j', (aadhaar) => {
      expect(issuesOf(ZApplicationFieldsSchema, { ...minimal, aadhaar })).toEqual([{ path: ['aadhaar'], message: AADHAAR_CHECKSUM, code: 'custom' }]);
    });
  });

  describe('consent', () => {
    it.each([true, 'true', 'on', 'yes'])('is given by %j', (consent) => {
      expect(ZApplicationFieldsSchema.parse({ ...minimal, consent }).consent).toBe(true);
    });

    it.each([false, 'false', 'off', 'no', 'ON', 'True', '1', 1, null])('is not given by %j', (consent) => {
      expect(issuesOf(ZApplicationFieldsSchema, { ...minimal, consent }).map(({ path, message }) => ({ path, message }))).toEqual([
        { path: ['consent'], message: CONSENT_REQUIRED },
      ]);
    });
  });

  describe('the choices', () => {
    it('accepts every Indian state and union territory by its key, and nothing else', () => {
      expect(INDIAN_STATES).toHaveLength(36);
      for (const state of INDIAN_STATES) expect(ZApplicationFieldsSchema.parse({ ...minimal, state }).state).toBe(state);
      for (const state of ['Rajasthan', 'rajasthan ', 'RJ', 'nepal', 'andhra pradesh', 'orissa']) {
        expect(messagesAt(ZApplicationFieldsSchema, { ...minimal, state }, 'state')).toEqual([STATE_REQUIRED]);
      }
    });

    it('refuses a relation not in the list', () => {
      for (const guardianRelation of ['Father', 'neighbour', 'friend']) {
        expect(messagesAt(ZApplicationFieldsSchema, { ...minimal, guardianRelation }, 'guardianRelation')).toEqual([GUARDIAN_RELATION_REQUIRED]);
      }
      expect(ZApplicationFieldsSchema.parse({ ...minimal, guardianRelation: 'grandparent' }).guardianRelation).toBe('grandparent');
    });

    it('defaults gender to female and caste to not-stated when empty, and refuses other values', () => {
      expect(ZApplicationFieldsSchema.parse({ ...minimal, gender: '', caste: ' ' })).toMatchObject({ gender: 'female', caste: 'not-stated' });
      expect(ZApplicationFieldsSchema.parse({ ...minimal, gender: 'other', caste: 'st' })).toMatchObject({ gender: 'other', caste: 'st' });
      expect(issuesOf(ZApplicationFieldsSchema, { ...minimal, gender: 'male', caste: 'brahmin' }).map((issue) => issue.path)).toEqual([['gender'], ['caste']]);
    });
  });

  describe('the other fields', () => {
    it('refuses an invalid e-mail beside the e-mail field, and takes an empty one as none', () => {
      expect(messagesAt(ZApplicationFieldsSchema, { ...minimal, email: 'not-an-email' }, 'email')).toEqual(['Enter a valid e-mail address']);
      expect(messagesAt(ZApplicationFieldsSchema, { ...minimal, email: 'asha@example' }, 'email')).toEqual(['Enter a valid e-mail address']);
      expect(ZApplicationFieldsSchema.parse({ ...minimal, email: '  ' }).email).toBeUndefined();
    });

    it('refuses a father registration number that is not a user ID, and takes an empty one as none', () => {
      expect(messagesAt(ZApplicationFieldsSchema, { ...minimal, fatherRegNo: 'nobody' }, 'fatherRegNo')).toEqual(['Enter a valid user ID, like SH1234567']);
      expect(ZApplicationFieldsSchema.parse({ ...minimal, fatherRegNo: '' }).fatherRegNo).toBeUndefined();
    });

    it('limits the lengths of names and texts, counting after spaces are collapsed', () => {
      const long = (length: number) => 'a'.repeat(length);
      expect(ZApplicationFieldsSchema.parse({ ...minimal, girlName: long(100), motherName: long(100), schoolName: long(200), className: long(40) })).toMatchObject({
        girlName: long(100),
        motherName: long(100),
        schoolName: long(200),
        className: long(40),
      });
      expect(fieldErrorsFromZod(ZApplicationFieldsSchema.safeParse({
        ...minimal,
        girlName: long(101),
        fatherName: long(101),
        motherName: long(101),
        guardianName: long(101),
        schoolName: long(201),
        schoolAddress: long(201),
        className: long(41),
        district: long(61),
      }).error!)).toEqual({
        girlName: [NAME_TOO_LONG],
        fatherName: [NAME_TOO_LONG],
        motherName: [NAME_TOO_LONG],
        guardianName: [NAME_TOO_LONG],
        schoolName: [TEXT_TOO_LONG],
        schoolAddress: [TEXT_TOO_LONG],
        className: ['At most 40 characters.'],
        district: ['At most 60 characters.'],
      });
      expect(ZApplicationFieldsSchema.parse({ ...minimal, girlName: `  ${'a '.repeat(50)}   ` }).girlName).toHaveLength(99);
    });

    it('needs a district of at least 2 characters', () => {
      expect(messagesAt(ZApplicationFieldsSchema, { ...minimal, district: ' J ' }, 'district')).toEqual([DISTRICT_REQUIRED]);
      expect(ZApplicationFieldsSchema.parse({ ...minimal, district: 'Ka' }).district).toBe('Ka');
    });
  });

  it('refuses an unknown field (a strict object), shown beside that field', () => {
    const result = ZApplicationFieldsSchema.safeParse({ ...minimal, status: 'paid', feePaise: 0 });
    expect(result.success).toBe(false);
    expect(result.error!.issues).toEqual([expect.objectContaining({ code: 'unrecognized_keys', keys: ['status', 'feePaise'], path: [] })]);
    expect(fieldErrorsFromZod(result.error!)).toEqual({ status: [UNKNOWN_FIELD], feePaise: [UNKNOWN_FIELD] });
  });
});

describe('registration numbers', () => {
  it.each([
    ['KNYDN1234567', 'KNYDN1234567'],
    ['knydn 123-4567', 'KNYDN1234567'],
    [' Knydn-1234567 ', 'KNYDN1234567'],
    ['ABCDE 0000000', 'ABCDE0000000'],
  ])('reads %j as %s', (value, regNo) => {
    expect(ZRegNoSchema.parse(value)).toBe(regNo);
  });

  it.each([
    ['6 digits', 'KNYDN123456'],
    ['8 digits', 'KNYDN12345678'],
    ['4 letters', 'KNYD1234567'],
    ['6 letters', 'KNYDNX1234567'],
    ['a digit among the letters', 'KNY0N1234567'],
    ['a letter among the digits', 'KNYDN123456O'],
    ['a dot', 'KNYDN.1234567'],
    ['nothing', ''],
  ])('refuses one with %s', (_label, value) => {
    expect(issuesOf(ZRegNoSchema, value).map((issue) => issue.message)).toEqual([REG_NO_INVALID]);
  });

  it('refuses a non-string with the same message', () => {
    expect(issuesOf(ZRegNoSchema, 1234567).map((issue) => issue.message)).toEqual([REG_NO_INVALID]);
    expect(issuesOf(ZRegNoSchema, undefined).map((issue) => issue.message)).toEqual([REG_NO_INVALID]);
  });
});

describe('districtKeyOf', () => {
  it.each([
    ['Jaipur', 'jaipur'],
    ['  Jaipur   Rural ', 'jaipur rural'],
    ['JAIPUR\tRURAL', 'jaipur rural'],
    ['Sri Ganganagar', 'sri ganganagar'],
    ['जयपुर', 'जयपुर'],
  ])('gives %j the key %j', (district, key) => {
    expect(districtKeyOf(district)).toBe(key);
  });

  it('gives the same key to a district however its spaces and letters are written, and is idempotent', () => {
    fc.assert(
      fc.property(fc.array(fc.stringMatching(/^[A-Za-z]{1,8}$/), { minLength: 1, maxLength: 4 }), fc.array(fc.constantFrom(' ', '  ', '\t', '\n'), { minLength: 5, maxLength: 5 }), (words, gaps) => {
        const plain = words.join(' ');
        const messy = `${gaps[0]}${words.map((word, i) => (i % 2 ? word.toUpperCase() : word)).join(gaps[1])}${gaps[2]}`;
        expect(districtKeyOf(messy)).toBe(districtKeyOf(plain));
        expect(districtKeyOf(districtKeyOf(messy))).toBe(districtKeyOf(messy));
        expect(districtKeyOf(plain)).toBe(plain.toLowerCase());
      }),
    );
  });
});

describe('the Kanyadan routes', () => {
  describe('rejecting an application', () => {
    it('accepts a reason with a plain note, trimmed, or without one (null)', () => {
      expect(ZRejectApplicationRestRequestSchema.parse({ reason: 'documents-unclear', note: '  The photo of the birth certificate is blurred. ' })).toEqual({
        reason: 'documents-unclear',
        note: 'The photo of the birth certificate is blurred.',
      });
      expect(ZRejectApplicationRestRequestSchema.parse({ reason: 'not-eligible' })).toEqual({ reason: 'not-eligible', note: null });
      expect(ZRejectApplicationRestRequestSchema.parse({ reason: 'other', note: '   ' })).toEqual({ reason: 'other', note: null });
      expect(ZRejectApplicationRestRequestSchema.parse({ reason: 'duplicate', note: 'Same as KNYDN1234567, page 2 of 3.' }).note).toBe('Same as KNYDN1234567, page 2 of 3.');
      // A date is no phone number: a mismatch of dates can be named.
      expect(ZRejectApplicationRestRequestSchema.parse({ reason: 'details-mismatch', note: 'Birth certificate says 2019-03-04' }).note).toBe('Birth certificate says 2019-03-04');
    });

    it.each([
      ['an e-mail address', 'Write to asha@example.org for the papers'],
      ['a bare @', 'ask @ the office'],
      ['a 10-digit phone', 'Call 9876543210 first'],
      ['a phone with spaces', 'Call 98765 43210'],
      ['a phone with +91 and hyphens', 'Call +91-98765-43210'],
      ['an Aadhaar number', 'Aadhaar 2341 2341 2346 does not match'],
      ['9 digits in a row (an account number)', 'Account 123456789'],
    ])('refuses a note with %s (REJECTION_NOTE_PERSONAL)', (_label, note) => {
      expect(issuesOf(ZRejectApplicationRestRequestSchema, { reason: 'other', note })).toEqual([{ path: ['note'], message: REJECTION_NOTE_PERSONAL, code: 'custom' }]);
    });

    it('refuses a note of more than 500 characters, a missing or unknown reason, and unknown fields', () => {
      expect(ZRejectApplicationRestRequestSchema.parse({ reason: 'other', note: 'x'.repeat(500) }).note).toHaveLength(500);
      expect(messagesAt(ZRejectApplicationRestRequestSchema, { reason: 'other', note: 'x'.repeat(501) }, 'note')).toEqual(['At most 500 characters.']);
      expect(messagesAt(ZRejectApplicationRestRequestSchema, { note: 'blurred' }, 'reason')).toEqual(['Choose a reason.']);
      expect(messagesAt(ZRejectApplicationRestRequestSchema, { reason: 'too-poor' }, 'reason')).toEqual(['Choose a reason.']);
      expect(issuesOf(ZRejectApplicationRestRequestSchema, { reason: 'other', regNo: 'KNYDN1234567' }).map((issue) => issue.code)).toEqual(['unrecognized_keys']);
    });

    it('takes the registration number beside the reason in the tRPC request, normalised', () => {
      expect(ZRejectApplicationRequestSchema.parse({ regNo: 'knydn 123-4567', reason: 'duplicate' })).toEqual({ regNo: 'KNYDN1234567', reason: 'duplicate', note: null });
      expect(messagesAt(ZRejectApplicationRequestSchema, { regNo: 'KNYDN123', reason: 'duplicate' }, 'regNo')).toEqual([REG_NO_INVALID]);
    });
  });

  describe('UTRs', () => {
    it.each([
      ['12 digits (UPI, IMPS)', '123456789012', '123456789012'],
      ['12 digits with spaces', '1234 5678 9012', '123456789012'],
      ['16 letters and digits (NEFT)', 'SBIN126123456789', 'SBIN126123456789'],
      ['22 letters and digits (RTGS), lower case', 'sbinr52026112300000001', 'SBINR52026112300000001'],
      ['16 digits', '1234567890123456', '1234567890123456'],
    ])('accepts %s', (_label, value, utr) => {
      expect(ZUtrSchema.parse(value)).toBe(utr);
    });

    it.each([
      ['11 digits', '12345678901'],
      ['13 digits', '1234567890123'],
      ['15 digits', '123456789012345'],
      ['12 characters with a letter', 'SBIN12345678'],
      ['15 letters and digits', 'SBIN12612345678'],
      ['23 letters and digits', 'SBINR520261123000000012'],
      ['a hyphen', 'SBIN-126123456789'],
      ['nothing', ''],
    ])('refuses %s', (_label, value) => {
      expect(issuesOf(ZUtrSchema, value).map((issue) => issue.message)).toEqual([UTR_INVALID]);
    });
  });

  describe('the benefit request', () => {
    const benefit = { marriageDate: '2027-02-14', accountHolder: 'Asha Kumari', accountNumber: '123456789012', ifsc: 'SBIN0001234' };

    it('accepts the bank details and normalises them: IFSC in capitals, account number without spaces or hyphens', () => {
      const typed = { ...benefit, accountHolder: ' Asha   Kumari ', accountNumber: '1234 5678-9012', confirmAccountNumber: '123456789012', ifsc: ' sbin0001234 ' };
      expect(ZBenefitRequestFieldsSchema.parse(typed)).toEqual(benefit);
      expect(ZBenefitRequestFieldsSchema.parse({ ...benefit, confirmAccountNumber: benefit.accountNumber, ifsc: 'HDFC0CAGSBK' }).ifsc).toBe('HDFC0CAGSBK');
    });

    it.each([
      ['9 digits', '123456789'],
      ['18 digits', '123456789012345678'],
    ])('accepts an account number of %s', (_label, accountNumber) => {
      expect(ZBenefitRequestFieldsSchema.parse({ ...benefit, accountNumber, confirmAccountNumber: accountNumber }).accountNumber).toBe(accountNumber);
    });

    it('asks for the account number a second time, the same, and keeps no copy', () => {
      expect(messagesAt(ZBenefitRequestFieldsSchema, benefit, 'confirmAccountNumber')).toEqual([ACCOUNT_NUMBER_CONFIRM_REQUIRED]);
      expect(messagesAt(ZBenefitRequestFieldsSchema, { ...benefit, confirmAccountNumber: '123456789021' }, 'confirmAccountNumber')).toEqual([ACCOUNT_NUMBERS_DIFFER]);
      expect(ZBenefitRequestFieldsSchema.parse({ ...benefit, confirmAccountNumber: '1234-5678-9012' })).not.toHaveProperty('confirmAccountNumber');
    });

    it.each([
      ['8 digits', '12345678'],
      ['19 digits', '1234567890123456789'],
      ['a letter', '12345678901A'],
      ['a dot', '1234.56789012'],
      ['nothing', ''],
    ])('refuses an account number of %s', (_label, accountNumber) => {
      expect(messagesAt(ZBenefitRequestFieldsSchema, { ...benefit, accountNumber }, 'accountNumber')).toEqual(['Enter the account number: 9 to 18 digits.']);
    });

    it.each([
      ['10 characters', 'SBIN000123'],
      ['12 characters', 'SBIN00012345'],
      ['a fifth character other than 0', 'SBIN1001234'],
      ['a letter O for the zero', 'SBINO001234'],
      ['a digit in the bank code', 'SB1N0001234'],
      ['a space inside', 'SBIN 0001234'],
    ])('refuses an IFSC with %s', (_label, ifsc) => {
      expect(messagesAt(ZBenefitRequestFieldsSchema, { ...benefit, ifsc }, 'ifsc')).toEqual([IFSC_INVALID]);
    });

    it('needs every field and a real marriage date, and refuses unknown fields', () => {
      const errors = fieldErrorsFromZod(ZBenefitRequestFieldsSchema.safeParse({ marriageDate: '2027-02-30', accountHolder: '  ', upi: 'asha@upi' }).error!);
      expect(errors).toEqual({
        marriageDate: ['Enter a real date (YYYY-MM-DD).'],
        accountHolder: ['Enter the account holder’s name.'],
        accountNumber: ['Enter the account number.'],
        ifsc: [IFSC_INVALID],
        upi: [UNKNOWN_FIELD],
      });
    });
  });

  describe('the application filter', () => {
    it('reads a query string: "true"/"false" as booleans, numbers from strings, limit 50 by default', () => {
      expect(ZApplicationFilterSchema.parse({})).toEqual({ limit: 50 });
      expect(ZApplicationFilterSchema.parse({ isDuplicate: 'true', ageMin: '3', ageMax: '14', limit: '20' })).toEqual({ isDuplicate: true, ageMin: 3, ageMax: 14, limit: 20 });
      expect(ZApplicationFilterSchema.parse({ isDuplicate: 'false' })).toEqual({ isDuplicate: false, limit: 50 });
      expect(ZApplicationFilterSchema.parse({ isDuplicate: false, ageMin: 0, limit: 100 })).toEqual({ isDuplicate: false, ageMin: 0, limit: 100 });
    });

    it('normalises the other filters', () => {
      expect(
        ZApplicationFilterSchema.parse({
          status: 'submitted',
          state: 'bihar',
          district: ' Patna ',
          submittedFrom: '2026-11-01',
          submittedTo: ' 2026-11-30 ',
          after: 'knydn1234567',
        }),
      ).toEqual({ status: 'submitted', state: 'bihar', district: 'Patna', submittedFrom: '2026-11-01', submittedTo: '2026-11-30', after: 'KNYDN1234567', limit: 50 });
    });

    it.each([
      ['isDuplicate', 'yes'],
      ['isDuplicate', 'TRUE'],
      ['isDuplicate', '1'],
      ['ageMin', 'three'],
      ['ageMin', '2.5'],
      ['ageMin', '-1'],
      ['ageMax', '31'],
      ['limit', '0'],
      ['limit', '101'],
      ['status', 'approved'],
      ['state', 'Bihar'],
      ['submittedFrom', '2026-02-30'],
      ['after', 'KNYDN12'],
      ['district', 'x'.repeat(61)],
    ])('refuses %s=%j beside that filter', (field, value) => {
      const issues = issuesOf(ZApplicationFilterSchema, { [field]: value });
      expect(issues.length).toBeGreaterThan(0);
      expect(issues.every((issue) => issue.path[0] === field)).toBe(true);
    });

    it('refuses an unknown filter', () => {
      const result = ZApplicationFilterSchema.safeParse({ status: 'paid', phone: '9876543210' });
      expect(result.error!.issues).toEqual([expect.objectContaining({ code: 'unrecognized_keys', keys: ['phone'] })]);
    });
  });
});
