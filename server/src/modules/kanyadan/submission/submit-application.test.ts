import crypto from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Sealed } from '#server/event-store/sealing/personal-data';
import { deciderSpec, refusalOf } from '#server/testing/deciders/decider-spec';
import { AGE_OUT_OF_RANGE, DOB_IN_FUTURE, type TApplicationFields } from './kanyadan-fields.schema.ts';
import type { KanyadanApplicationSubmitted, KanyadanSubmissionKeyUsed, ReceivedDocument } from '../kanyadan.events.ts';
import { applicantDetailsOf, checkDateOfBirth, documentKindOf, generateRegNo, uploadKindOf } from './submit-application.ts';
import { CONSENT_TEXT_VERSION, decideSubmit, FATHER_NOT_MEMBER, type SubmitCommand, type SubmitState } from '../application.decider.ts';

/** 18:30 UTC on 28 February 2031 is midnight of 1 March in India. */
const indiaFirstOfMarch = new Date('2031-02-28T18:30:00.000Z');
const indiaLastOfFebruary = new Date('2031-02-28T18:29:59.999Z');

describe('checkDateOfBirth', () => {
  it('takes a girl born today in India (age 0), though it is still yesterday in UTC', () => {
    expect(() => checkDateOfBirth('2031-03-01', indiaFirstOfMarch)).not.toThrow();
  });

  it('refuses a date of birth after today in India, at the dob field', () => {
    const refusal = refusalOf(() => checkDateOfBirth('2031-03-01', indiaLastOfFebruary));
    expect(refusal).toMatchObject({ code: 'BAD_REQUEST', userMessage: DOB_IN_FUTURE, fieldErrors: { dob: [DOB_IN_FUTURE] } });
    expect(refusalOf(() => checkDateOfBirth('2031-03-02', indiaFirstOfMarch)).userMessage).toBe(DOB_IN_FUTURE);
  });

  it('takes a girl of exactly 14 and refuses her on her 15th birthday, at the dob field', () => {
    expect(() => checkDateOfBirth('2017-03-01', indiaFirstOfMarch)).not.toThrow();
    expect(() => checkDateOfBirth('2016-03-02', indiaFirstOfMarch)).not.toThrow();
    const refusal = refusalOf(() => checkDateOfBirth('2016-03-01', indiaFirstOfMarch));
    expect(refusal).toMatchObject({ code: 'BAD_REQUEST', userMessage: AGE_OUT_OF_RANGE, fieldErrors: { dob: [AGE_OUT_OF_RANGE] } });
  });

  it('counts a 29 February birthday as reached on 1 March in a common year, by the date in India', () => {
    expect(() => checkDateOfBirth('2016-02-29', new Date('2031-02-28T06:00:00.000Z'))).not.toThrow();
    expect(() => checkDateOfBirth('2016-02-29', indiaLastOfFebruary)).not.toThrow();
    expect(refusalOf(() => checkDateOfBirth('2016-02-29', indiaFirstOfMarch))).toMatchObject({ code: 'BAD_REQUEST', userMessage: AGE_OUT_OF_RANGE });
    expect(refusalOf(() => checkDateOfBirth('2016-02-29', new Date('2031-03-01T06:00:00.000Z'))).userMessage).toBe(AGE_OUT_OF_RANGE);
  });
});

describe('decideSubmit', () => {
  const regNo = 'KNYDN0000042';
  const applicant: Sealed = { $sealed: 1, subject: `kanyadan-${regNo}`, iv: 'iv', tag: 'tag', ct: 'applicant' };
  const now = new Date('2031-07-01T05:00:00.000Z');
  const documents: ReceivedDocument[] = [
    { kind: 'birthCertificate', uploadId: '0190c3a4-0000-7000-8000-000000000001', mediaType: 'application/pdf', bytes: 1000 },
    { kind: 'photo', uploadId: '0190c3a4-0000-7000-8000-000000000002', mediaType: 'image/jpeg', bytes: 2000 },
  ];
  const command = (feePaise = 0): SubmitCommand => ({ regNo, applicant, fields: { state: 'rajasthan', district: 'Jaipur' }, ageYears: 8, documents, feePaise, now });
  const submitted = (feePaise = 0): KanyadanApplicationSubmitted => ({
    type: 'KanyadanApplicationSubmitted',
    data: {
      regNo,
      applicant,
      state: 'rajasthan',
      district: 'Jaipur',
      ageYears: 8,
      consent: { given: true, textVersion: CONSENT_TEXT_VERSION },
      documents,
      feePaise,
      submittedAt: now.toISOString(),
    },
  });
  const fresh = { earlierRegNo: null, father: undefined };
  const key = '0190c3a4-aaaa-7000-8000-00000000beef';

  /** The submission key's stream folded (an earlier application it made); the father as the command's read found him. */
  const submit = (father: SubmitState['father']) =>
    deciderSpec<SubmitCommand & { submissionKey: string | null }, SubmitState, KanyadanApplicationSubmitted | KanyadanSubmissionKeyUsed>({
      evolve: (state, event) => (event.type === 'KanyadanSubmissionKeyUsed' ? { ...state, earlierRegNo: event.data.regNo } : state),
      initialState: { earlierRegNo: null, father },
      decide: (withKey, state) => decideSubmit(withKey, state, withKey.submissionKey),
    });
  const keyUsed = (by: string): KanyadanSubmissionKeyUsed => ({ type: 'KanyadanSubmissionKeyUsed', data: { key, regNo: by, usedAt: now.toISOString() } });

  it('given/when/then: a new application with its key; nothing for the same submission again; a father no active member is refused', () => {
    submit(undefined)([]).when({ ...command(), submissionKey: key }).then([submitted(), keyUsed(regNo)]);
    submit({ userId: 'SH1000001' })([]).when({ ...command(10_000), submissionKey: null }).then([submitted(10_000)]);
    submit(undefined)([keyUsed('KNYDN0000001')]).when({ ...command(), submissionKey: key }).thenNothing();
    submit(null)([]).when({ ...command(), submissionKey: key }).thenRefuses('BAD_REQUEST', FATHER_NOT_MEMBER);
  });

  it('records the application, with the consent and the fee in force', () => {
    expect(decideSubmit(command(), fresh, null)).toEqual([submitted()]);
    expect(decideSubmit(command(10_000), fresh, null)).toEqual([submitted(10_000)]);
  });

  it('records the submission key with the number it made, when there is one', () => {
    expect(decideSubmit(command(), fresh, key)).toEqual([submitted(), { type: 'KanyadanSubmissionKeyUsed', data: { key, regNo, usedAt: now.toISOString() } }]);
  });

  it('records nothing when the same submission made an application already', () => {
    expect(decideSubmit(command(), { earlierRegNo: 'KNYDN0000001', father: undefined }, key)).toEqual([]);
    expect(decideSubmit(command(), { earlierRegNo: 'KNYDN0000001', father: null }, key)).toEqual([]);
  });

  it('takes a father who is an active member, and refuses a member ID no active member has, at the fatherRegNo field', () => {
    expect(decideSubmit(command(), { earlierRegNo: null, father: { userId: 'SH1000001' } }, null)).toEqual([submitted()]);
    const refusal = refusalOf(() => decideSubmit(command(), { earlierRegNo: null, father: null }, key));
    expect(refusal).toMatchObject({ code: 'BAD_REQUEST', userMessage: FATHER_NOT_MEMBER, fieldErrors: { fatherRegNo: [FATHER_NOT_MEMBER] } });
  });
});

describe('applicantDetailsOf', () => {
  const blindIndex = vi.fn((purpose: string, value: string) => `${purpose}:${value}`);
  const services = { vault: { blindIndex } };
  const aadhaar = '234123412346';
  const fields: TApplicationFields = {
    girlName: 'Asha Kumari',
    fatherName: 'Ramesh Kumar',
    motherName: 'Sita Devi',
    dob: '2023-03-15',
    aadhaar: undefined,
    phone: '9876543210',
    email: undefined,
    gender: 'female',
    schoolName: 'Government Primary School',
    schoolAddress: 'Ward 4',
    className: '2',
    district: 'Jaipur',
    state: 'rajasthan',
    fatherRegNo: undefined,
    caste: 'not-stated',
    guardianName: 'Ramesh Kumar',
    guardianRelation: 'father',
    consent: true,
  };

  afterEach(() => blindIndex.mockClear());

  it('keeps the details, with the blind indexes for the look-ups', () => {
    expect(applicantDetailsOf(services, { ...fields, email: 'asha@example.org', fatherRegNo: 'SH1000001' }, 8)).toEqual({
      girlName: 'Asha Kumari',
      fatherName: 'Ramesh Kumar',
      motherName: 'Sita Devi',
      dob: '2023-03-15',
      phone: '9876543210',
      email: 'asha@example.org',
      gender: 'female',
      schoolName: 'Government Primary School',
      schoolAddress: 'Ward 4',
      className: '2',
      fatherRegNo: 'SH1000001',
      caste: 'not-stated',
      guardianName: 'Ramesh Kumar',
      guardianRelation: 'father',
      aadhaarLast4: null,
      aadhaarKey: null,
      identityKey: 'kanyadan-identity:ashakumari|2023-03-15|rameshkumar',
      phoneKey: 'kanyadan-phone:9876543210',
    });
  });

  it('writes an absent e-mail and father ID as null', () => {
    expect(applicantDetailsOf(services, fields, 8)).toMatchObject({ email: null, fatherRegNo: null });
  });

  it('drops the school fields under 4 (at 3) and keeps them at 4', () => {
    expect(applicantDetailsOf(services, fields, 3)).toMatchObject({ schoolName: null, schoolAddress: null, className: null });
    expect(applicantDetailsOf(services, fields, 4)).toMatchObject({ schoolName: 'Government Primary School', schoolAddress: 'Ward 4', className: '2' });
  });

  it('keeps the last 4 digits of the Aadhaar number and its blind index, and only when it is given', () => {
    const details = applicantDetailsOf(services, { ...fields, aadhaar }, 8);
    expect(details.aadhaarLast4).toBe('2346');
    expect(details.aadhaarKey).toBe(`kanyadan-aadhaar:${aadhaar}`);
    // The fake index writes its input out; apart from the index, the number is nowhere.
    expect(JSON.stringify({ ...details, aadhaarKey: null })).not.toContain(aadhaar);
    expect(blindIndex).toHaveBeenCalledWith('kanyadan-aadhaar', aadhaar);

    blindIndex.mockClear();
    expect(applicantDetailsOf(services, fields, 8)).toMatchObject({ aadhaarLast4: null, aadhaarKey: null });
    expect(blindIndex.mock.calls.map(([purpose]) => purpose)).not.toContain('kanyadan-aadhaar');
  });

  it('keeps the full Aadhaar number nowhere when the blind index is a keyed hash, as the vault’s is', () => {
    const hashing = { vault: { blindIndex: (purpose: string, value: string) => crypto.createHmac('sha256', purpose).update(value).digest('base64url') } };
    const details = applicantDetailsOf(hashing, { ...fields, aadhaar }, 8);
    expect(details.aadhaarLast4).toBe('2346');
    expect(details.aadhaarKey).toEqual(expect.any(String));
    expect(JSON.stringify(details)).not.toContain(aadhaar);
    expect(JSON.stringify(details)).not.toContain(aadhaar.slice(0, 8));
  });

  it('gives the same identity key for the same girl written differently, and another for another date of birth', () => {
    const identityKeyOf = (overrides: Partial<TApplicationFields>) => applicantDetailsOf(services, { ...fields, ...overrides }, 8).identityKey;
    expect(identityKeyOf({ girlName: 'Asha  Kumari' })).toBe(identityKeyOf({ girlName: 'asha kumari' }));
    expect(identityKeyOf({ girlName: 'Asha  Kumari', fatherName: 'RAMESH  kumar' })).toBe(identityKeyOf({}));
    expect(identityKeyOf({ dob: '2023-03-16' })).not.toBe(identityKeyOf({}));
    expect(identityKeyOf({ fatherName: 'Suresh Kumar' })).not.toBe(identityKeyOf({}));
  });
});

describe('generateRegNo', () => {
  afterEach(() => vi.restoreAllMocks());

  it('is the prefix and 7 digits', () => {
    for (let i = 0; i < 200; i += 1) expect(generateRegNo('KNYDN')).toMatch(/^KNYDN\d{7}$/);
  });

  it('pads a small number with zeros, and draws from the whole 7-digit range', () => {
    const randomInt = vi.spyOn(crypto, 'randomInt').mockImplementation(() => 42);
    expect(generateRegNo('KNYDN')).toBe('KNYDN0000042');
    expect(randomInt).toHaveBeenCalledWith(0, 10_000_000);
    randomInt.mockImplementation(() => 0);
    expect(generateRegNo('ABCDE')).toBe('ABCDE0000000');
    randomInt.mockImplementation(() => 9_999_999);
    expect(generateRegNo('ABCDE')).toBe('ABCDE9999999');
  });
});

describe('the file store kinds of a document', () => {
  it('are lower case with hyphens, one for the upload and one for the safe copy', () => {
    expect(uploadKindOf('girlAadhaar')).toBe('kanyadan-upload-girl-aadhaar');
    expect(uploadKindOf('birthCertificate')).toBe('kanyadan-upload-birth-certificate');
    expect(uploadKindOf('photo')).toBe('kanyadan-upload-photo');
    expect(documentKindOf('girlAadhaar')).toBe('kanyadan-document-girl-aadhaar');
    expect(documentKindOf('marriageProof2')).toBe('kanyadan-document-marriage-proof-2');
  });
});
