import { fieldErrorsFromZod, UNKNOWN_FIELD } from '#server/errors/field-errors';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { HELP_REQUEST_ID_INVALID } from '#server/modules/help/help.schema';
import { ZCreateDonationRequestSchema, ZCreateDonationRestRequestSchema } from './giving/create-donation.schema.ts';
import {
  AMOUNT_FRACTION_OF_PAISA,
  AMOUNT_MINIMUM,
  AMOUNT_NOT_A_NUMBER,
  AMOUNT_TOO_LARGE,
  CAUSE_REQUIRED,
  CONTACT_REQUIRED,
  CONTROL_CHARACTERS,
  DATE_INVALID,
  DONOR_NAME_REQUIRED,
  DONOR_NAME_TOO_SHORT,
  EMAIL_INVALID,
  FORMULA_START,
  formatReference,
  INSTRUMENT_INVALID,
  INSTRUMENT_NOT_ALLOWED,
  INSTRUMENT_REQUIRED,
  LOOKUP_CONTACT_INVALID,
  PAN_INVALID,
  PHONE_INVALID,
  REFERENCE_INVALID,
  UTR_INVALID,
  UTR_REQUIRED,
  utrKindOf,
  ZAmountRupeesSchema,
  ZLookupContactSchema,
  ZReferenceSchema,
  ZUtrSchema,
} from './donation-fields.schema.ts';
import { ZGetManyDonationsRequestSchema } from './verification/get-many-donations.schema.ts';
import { ZRecordOfflineDonationRequestSchema } from './verification/record-offline-donation.schema.ts';
import { ZSubmitProofRequestSchema } from './giving/submit-proof.schema.ts';
import { ZVerifyDonationRequestSchema } from './verification/verify-donation.schema.ts';

/** fieldErrors as the API gives them (zod's flattened field errors). */
function fieldErrors(schema: z.ZodType, input: unknown): Record<string, string[]> {
  const result = schema.safeParse(input);
  if (result.success) return {};
  return fieldErrorsFromZod(result.error);
}

const pledge = { amountPaise: 125_000, cause: 'kanyadan', donorName: 'Sunita Devi', email: 'sunita@example.org', showName: false };

describe('the pledge schema', () => {
  it('accepts a pledge and normalises its fields: e-mail lower case, phone as 10 digits, PAN in capitals, empty optional fields as null', () => {
    const parsed = ZCreateDonationRequestSchema.parse({
      ...pledge,
      email: ' Sunita@Example.ORG ',
      phone: '+91 98765-43210',
      pan: 'abcde1234f',
      address: '12 Station Road\r\nJaipur',
      referralId: '',
    });
    expect(parsed).toEqual({ ...pledge, phone: '9876543210', pan: 'ABCDE1234F', address: '12 Station Road\nJaipur', referralId: '' });
    expect(ZCreateDonationRequestSchema.parse({ ...pledge, pan: '', address: '   ', phone: '' })).toMatchObject({ pan: null, address: null, phone: null });
    expect(ZCreateDonationRequestSchema.parse({ amountPaise: 100, cause: 'general', donorName: 'सुनीता देवी', phone: '9876543210' }).showName).toBe(false);
  });

  it.each([
    ['zero', 0, AMOUNT_MINIMUM],
    ['negative', -500, AMOUNT_MINIMUM],
    ['a fraction of a paisa', 100.5, AMOUNT_FRACTION_OF_PAISA],
    ['not a number', '1250', AMOUNT_NOT_A_NUMBER],
    ['NaN', Number.NaN, AMOUNT_NOT_A_NUMBER],
    ['beyond what a receipt can say', 1_000_000_000_000, AMOUNT_TOO_LARGE],
  ])('refuses an amount that is %s', (_label, amountPaise, message) => {
    expect(fieldErrors(ZCreateDonationRequestSchema, { ...pledge, amountPaise })).toEqual({ amountPaise: [message] });
  });

  it('refuses bad formats beside each field', () => {
    expect(fieldErrors(ZCreateDonationRequestSchema, { ...pledge, email: 'not-an-email', phone: '12345', pan: 'ABCD1234F' })).toEqual({
      email: [EMAIL_INVALID],
      phone: [PHONE_INVALID],
      pan: [PAN_INVALID],
    });
    expect(fieldErrors(ZCreateDonationRequestSchema, { ...pledge, phone: '5876543210' })).toEqual({ phone: [PHONE_INVALID] });
    expect(fieldErrors(ZCreateDonationRequestSchema, { ...pledge, cause: 'politics' })).toEqual({ cause: [CAUSE_REQUIRED] });
    expect(fieldErrors(ZCreateDonationRequestSchema, { ...pledge, donorName: ' ' })).toEqual({ donorName: [DONOR_NAME_REQUIRED] });
    expect(fieldErrors(ZCreateDonationRequestSchema, { ...pledge, donorName: 'A' })).toEqual({ donorName: [DONOR_NAME_TOO_SHORT] });
    expect(fieldErrors(ZCreateDonationRequestSchema, { ...pledge, referralId: 'nobody' })).toEqual({ referralId: ['Enter a valid user ID, like SH1234567'] });
  });

  it('needs an e-mail or a phone', () => {
    expect(fieldErrors(ZCreateDonationRequestSchema, { ...pledge, email: undefined })).toEqual({ email: [CONTACT_REQUIRED] });
    expect(fieldErrors(ZCreateDonationRequestSchema, { ...pledge, email: '', phone: '' })).toEqual({ email: [CONTACT_REQUIRED] });
  });

  it.each(['=SUM(A1:A9)', '+91 call me', '-2+3', '@cmd', '  =HYPERLINK("x")'])('refuses a name or an address starting like a formula: %s', (text) => {
    expect(fieldErrors(ZCreateDonationRequestSchema, { ...pledge, donorName: text, address: text })).toEqual({ donorName: [FORMULA_START], address: [FORMULA_START] });
  });

  it('refuses an e-mail address that is valid but starts like a formula, and a cheque number starting with a dash', () => {
    expect(fieldErrors(ZCreateDonationRequestSchema, { ...pledge, email: '+1+1@example.in' })).toEqual({ email: [FORMULA_START] });
    expect(fieldErrors(ZCreateDonationRequestSchema, { ...pledge, email: '-cmd@example.in' })).toEqual({ email: [FORMULA_START] });
    expect(ZCreateDonationRequestSchema.parse({ ...pledge, email: 'a+b@example.in' }).email).toBe('a+b@example.in');
    const gift = { ...pledge, mode: 'cheque', receivedOn: '2026-04-15' };
    expect(fieldErrors(ZRecordOfflineDonationRequestSchema, { ...gift, instrumentNumber: '-12345' })).toEqual({ instrumentNumber: [INSTRUMENT_INVALID] });
    expect(ZRecordOfflineDonationRequestSchema.parse({ ...gift, instrumentNumber: 'dd-4512' }).instrumentNumber).toBe('DD-4512');
  });

  it.each([
    ['NUL', 'Sunita\u0000Devi'],
    ['a tab', 'Sunita\tDevi'],
    ['an escape', 'Sunita\u001b[31m'],
    ['a right-to-left override', 'Sunita\u202eiveD'],
    ['a C1 control', 'Sunita\u0085Devi'],
  ])('refuses %s in a name', (_label, donorName) => {
    expect(fieldErrors(ZCreateDonationRequestSchema, { ...pledge, donorName })).toEqual({ donorName: [CONTROL_CHARACTERS] });
  });

  it('allows line breaks in an address but no other control character, and Devanagari joiners in names', () => {
    expect(fieldErrors(ZCreateDonationRequestSchema, { ...pledge, address: 'House 4\nWard 2' })).toEqual({});
    expect(fieldErrors(ZCreateDonationRequestSchema, { ...pledge, address: 'House 4\u0000' })).toEqual({ address: [CONTROL_CHARACTERS] });
    expect(fieldErrors(ZCreateDonationRequestSchema, { ...pledge, donorName: 'क्\u200dष्णा' })).toEqual({});
  });

  it('refuses every unknown field under its own name, and says so in the JSON Schema', () => {
    expect(fieldErrors(ZCreateDonationRequestSchema, { ...pledge, isAdmin: true, sponsorId: 'x' })).toEqual({ isAdmin: [UNKNOWN_FIELD], sponsorId: [UNKNOWN_FIELD] });
    expect(z.toJSONSchema(ZCreateDonationRequestSchema, { io: 'input' })).toMatchObject({ additionalProperties: false });
  });

  it('takes a help request’s number for a gift through the foundation, and refuses anything else there', () => {
    expect(ZCreateDonationRequestSchema.parse({ ...pledge, helpRequestId: ' abcd2345 ' }).helpRequestId).toBe('ABCD2345');
    expect(fieldErrors(ZCreateDonationRequestSchema, { ...pledge, helpRequestId: 'ABCD1234' })).toEqual({ helpRequestId: [HELP_REQUEST_ID_INVALID] });
  });

  it('REST takes the amount in rupees with up to 2 decimals, as a number or a string', () => {
    const { amountPaise: _inPaise, ...rest } = pledge;
    expect(ZCreateDonationRestRequestSchema.parse({ ...rest, amount: 1250 }).amount).toBe(125_000);
    expect(ZCreateDonationRestRequestSchema.parse({ ...rest, amount: '1250.5' }).amount).toBe(125_050);
    expect(ZCreateDonationRestRequestSchema.parse({ ...rest, amount: 1.29 }).amount).toBe(129);
    expect(fieldErrors(ZCreateDonationRestRequestSchema, { ...rest, amount: 12.345 })).toEqual({ amount: [AMOUNT_FRACTION_OF_PAISA] });
    expect(fieldErrors(ZCreateDonationRestRequestSchema, { ...rest, amount: 'ten' })).toEqual({ amount: [AMOUNT_NOT_A_NUMBER] });
    expect(fieldErrors(ZCreateDonationRestRequestSchema, { ...rest, amount: 0 })).toEqual({ amount: [AMOUNT_MINIMUM] });
    expect(fieldErrors(ZCreateDonationRestRequestSchema, { ...rest, amount: -5 })).toEqual({ amount: [AMOUNT_MINIMUM] });
    expect(fieldErrors(ZCreateDonationRestRequestSchema, { ...rest, amount: '1e5' })).toEqual({ amount: [AMOUNT_NOT_A_NUMBER] });
    expect(fieldErrors(ZCreateDonationRestRequestSchema, { ...rest, amount: true })).toEqual({ amount: [AMOUNT_NOT_A_NUMBER] });
  });

  it('reads Devanagari digits in a string amount as ASCII ones, wherever an amount is given as text (issue 32)', async () => {
    const { amountPaise: _inPaise, ...rest } = pledge;
    expect(ZCreateDonationRestRequestSchema.parse({ ...rest, amount: '१२५०.५' }).amount).toBe(125_050);
    expect(ZAmountRupeesSchema.parse(' ५०० ')).toBe(500_00);
    const { ZGiftAmountRupeesSchema } = await import('#server/modules/help/direct-gifts/direct-gifts.schema');
    const { ZAmountNeededRupeesSchema } = await import('#server/modules/help/help.schema');
    const { ZRequestDisbursementRestSchema } = await import('#server/modules/help/disbursements/disbursements.schema');
    expect(ZGiftAmountRupeesSchema.parse('१,५००.५०')).toBe(1_500_50);
    expect(ZAmountNeededRupeesSchema.parse('८५,०००')).toBe(85_000_00);
    expect(ZRequestDisbursementRestSchema.parse({ amount: '१०००', contactNumber: '9876543210' }).amount).toBe(1_000_00);
    // Still refused: what is not an amount in either script.
    expect(fieldErrors(ZCreateDonationRestRequestSchema, { ...rest, amount: 'पाँच सौ' })).toEqual({ amount: [AMOUNT_NOT_A_NUMBER] });
  });

  it('turns every rupee amount with up to 2 decimals into exactly its paise', () => {
    fc.assert(
      fc.property(fc.integer({ min: 100, max: 9_99_99_999_00 }), (paise) => {
        const text = `${Math.floor(paise / 100)}.${String(paise % 100).padStart(2, '0')}`;
        expect(ZAmountRupeesSchema.parse(text)).toBe(paise);
        expect(ZAmountRupeesSchema.parse(Number(text))).toBe(paise);
      }),
    );
  });
});

describe('references, contacts and UTRs', () => {
  it('accepts a reference with or without the dash, in any case, and gives the canonical 8 characters', () => {
    expect(ZReferenceSchema.parse('abcd-2345')).toBe('ABCD2345');
    expect(ZReferenceSchema.parse(' ABCD 2345 ')).toBe('ABCD2345');
    expect(formatReference('ABCD2345')).toBe('ABCD-2345');
    for (const bad of ['ABCD-234', 'ABCD-23450', 'ABCD-OI10', '', 'ABCD;2345']) {
      expect(ZReferenceSchema.safeParse(bad).error?.issues.map((issue) => issue.message), bad).toEqual([REFERENCE_INVALID]);
    }
  });

  it('takes a contact as an e-mail (lower case) or an Indian mobile (its 10 digits)', () => {
    expect(ZLookupContactSchema.parse(' Sunita@Example.org ')).toBe('sunita@example.org');
    expect(ZLookupContactSchema.parse('+91 98765 43210')).toBe('9876543210');
    expect(ZLookupContactSchema.parse('09876543210')).toBe('9876543210');
    for (const bad of ['sunita@', '12345', '']) expect(ZLookupContactSchema.safeParse(bad).error?.issues[0]?.message, bad).toBe(LOOKUP_CONTACT_INVALID);
  });

  it('tells UPI/IMPS from NEFT/RTGS references and refuses anything else', () => {
    expect(ZUtrSchema.parse('1234 5678 9012')).toBe('123456789012');
    expect(utrKindOf('123456789012')).toBe('upi-imps');
    expect(utrKindOf(ZUtrSchema.parse('sbin123456789012'))).toBe('neft-rtgs');
    expect(utrKindOf('A'.repeat(22))).toBe('neft-rtgs');
    for (const bad of ['12345678901', '1234567890123', 'A'.repeat(23), 'SBIN12345678901', 'ABCD/123456789012']) {
      expect(ZUtrSchema.safeParse(bad).error?.issues[0]?.message, bad).toBe(UTR_INVALID);
    }
    expect(ZUtrSchema.safeParse('  ').error?.issues[0]?.message).toBe(UTR_REQUIRED);
    expect(fieldErrors(ZSubmitProofRequestSchema, { reference: 'ABCD-2345', contact: '9876543210', utr: '123', extra: 1 })).toEqual({
      utr: [UTR_INVALID],
      extra: [UNKNOWN_FIELD],
    });
  });
});

describe('the finance schemas', () => {
  it('verify: a real date, a mode, and the cheque or DD number exactly when the mode has one', () => {
    const base = { reference: 'ABCD-2345', receivedOn: '2026-04-15', mode: 'upi' };
    expect(ZVerifyDonationRequestSchema.parse(base)).toEqual({ ...base, reference: 'ABCD2345' });
    expect(fieldErrors(ZVerifyDonationRequestSchema, { ...base, receivedOn: '2026-02-30' })).toEqual({ receivedOn: [DATE_INVALID] });
    expect(fieldErrors(ZVerifyDonationRequestSchema, { ...base, receivedOn: '15/04/2026' })).toEqual({ receivedOn: [DATE_INVALID] });
    expect(fieldErrors(ZVerifyDonationRequestSchema, { ...base, mode: 'cheque' })).toEqual({ instrumentNumber: [INSTRUMENT_REQUIRED] });
    expect(fieldErrors(ZVerifyDonationRequestSchema, { ...base, instrumentNumber: '123456' })).toEqual({ instrumentNumber: [INSTRUMENT_NOT_ALLOWED] });
    expect(fieldErrors(ZVerifyDonationRequestSchema, { ...base, mode: 'dd', instrumentNumber: '12' })).toEqual({ instrumentNumber: [INSTRUMENT_INVALID] });
  });

  it('offline: cash, cheque or DD only, up to ₹9,99,99,999, the same donor rules', () => {
    const gift = { ...pledge, mode: 'cheque', instrumentNumber: '004512', receivedOn: '2026-04-15' };
    expect(ZRecordOfflineDonationRequestSchema.parse({ ...gift, amountPaise: 50_00_000_00 })).toMatchObject({ amountPaise: 50_00_000_00, instrumentNumber: '004512' });
    expect(Object.keys(fieldErrors(ZRecordOfflineDonationRequestSchema, { ...gift, mode: 'upi' }))).toEqual(['mode']);
    expect(fieldErrors(ZRecordOfflineDonationRequestSchema, { ...gift, mode: 'cash' })).toEqual({ instrumentNumber: [INSTRUMENT_NOT_ALLOWED] });
    expect(fieldErrors(ZRecordOfflineDonationRequestSchema, { ...gift, email: '' })).toEqual({ email: [CONTACT_REQUIRED] });
  });

  it('queue filters: known states only, pages from 1', () => {
    expect(ZGetManyDonationsRequestSchema.parse({})).toEqual({ page: 1 });
    expect(Object.keys(fieldErrors(ZGetManyDonationsRequestSchema, { status: 'lost', page: 0, sort: 'x' }))).toEqual(['status', 'page', 'sort']);
  });
});
