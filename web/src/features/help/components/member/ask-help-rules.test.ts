import { ACCOUNT_NUMBERS_DIFFER, IFSC_NOT_IN_LIST } from '@sahay/server/modules/identity/profile/profile.schema';
import { describe, expect, it } from 'vitest';
import {
  HELP_DOCUMENT_DATE_FUTURE,
  HELP_DOCUMENT_DATE_INVALID,
  HELP_DOCUMENT_DETAILS_WITHOUT_FILE,
  HELP_DOCUMENT_KIND_REQUIRED,
  HELP_DOCUMENT_REQUIRED,
  HELP_DOCUMENT_TOO_OLD,
  HELP_PAYOUT_REQUIRED,
  HELP_STORY_LENGTH,
  HELP_STORY_REQUIRED,
  HELP_TITLE_LENGTH,
  HELP_TITLE_REQUIRED,
  ZHelpRequestFieldsSchema,
} from '@sahay/server/modules/help/help.schema';
import { UPLOAD_EMPTY, UPLOAD_TOO_LARGE, UPLOAD_WRONG_TYPE_IMAGES_OR_PDF } from '#web/features/kanyadan/application-rules.public.ts';
import {
  checkHelpForm,
  EMPTY_VALUES,
  fieldOrder,
  fileProblem,
  filePartsOf,
  formFieldOf,
  isPayoutGiven,
  monthsBefore,
  normaliseAmount,
  payoutReadBackOf,
  stepAfterCheck,
  STORY_LIMITS,
  textPartsOf,
  TITLE_LIMITS,
  type HelpDocumentSlot,
  type HelpFormValues,
  withIfscListRule,
} from './ask-help-rules.ts';

const TODAY = '2026-03-31';
const STORY = 'My father fell from the roof and broke his hip; the operation at the district hospital costs more than we have.';

function values(overrides: Partial<HelpFormValues> = {}): HelpFormValues {
  return {
    ...EMPTY_VALUES,
    category: 'medical',
    titleEn: 'Hip operation for my father',
    storyEn: STORY,
    amountNeeded: '85000',
    beneficiaryName: 'Ramesh Kumar',
    relation: 'parent',
    upiId: 'ramesh@okbank',
    ...overrides,
  };
}

const pdf = (name = 'estimate.pdf') => new File(['%PDF-1.7'], name, { type: 'application/pdf' });
const photo = (name = 'bill.jpg') => new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], name, { type: 'image/jpeg' });
const slot = (overrides: Partial<HelpDocumentSlot> = {}, key = 0): HelpDocumentSlot => ({ key, kind: 'hospital-estimate', date: '2026-03-01', file: pdf(), ...overrides });

describe('the limits the form shows', () => {
  const parse = (fields: Record<string, string>) => ZHelpRequestFieldsSchema.safeParse({ category: 'medical', amountNeeded: '100', beneficiaryName: 'Asha', relation: 'self', titleEn: 'A fine title', storyEn: STORY, ...fields });
  const messagesOf = (fields: Record<string, string>) => {
    const result = parse(fields);
    return result.success ? [] : result.error.issues.map((issue) => issue.message);
  };

  it('are the schema’s: a title of 5 to 120 characters, a story of 50 to 5,000', () => {
    expect(messagesOf({ titleEn: 'x'.repeat(TITLE_LIMITS.max) })).toEqual([]);
    expect(messagesOf({ titleEn: 'x'.repeat(TITLE_LIMITS.max + 1) })).toEqual([HELP_TITLE_LENGTH]);
    expect(messagesOf({ titleEn: 'x'.repeat(TITLE_LIMITS.min) })).toEqual([]);
    expect(messagesOf({ titleEn: 'x'.repeat(TITLE_LIMITS.min - 1) })).toEqual([HELP_TITLE_LENGTH]);
    expect(messagesOf({ storyEn: 'x'.repeat(STORY_LIMITS.max) })).toEqual([]);
    expect(messagesOf({ storyEn: 'x'.repeat(STORY_LIMITS.max + 1) })).toEqual([HELP_STORY_LENGTH]);
    expect(messagesOf({ storyEn: 'x'.repeat(STORY_LIMITS.min) })).toEqual([]);
    expect(messagesOf({ storyEn: 'x'.repeat(STORY_LIMITS.min - 1) })).toEqual([HELP_STORY_LENGTH]);
  });
});

describe('checkHelpForm', () => {
  it('takes a complete request: nothing to say', () => {
    expect(checkHelpForm(values(), [slot()], TODAY, true)).toEqual({});
  });

  it('names every missing field at once, beside the field the server would name', () => {
    const found = checkHelpForm(EMPTY_VALUES, [slot({ kind: '', date: '', file: null })], TODAY, false);
    expect(Object.keys(found).sort()).toEqual(['amountNeeded', 'beneficiaryName', 'category', 'document1', 'relation', 'storyEn', 'titleEn', 'upiId']);
    expect(found.titleEn).toEqual([HELP_TITLE_REQUIRED]);
    expect(found.storyEn).toEqual([HELP_STORY_REQUIRED]);
    expect(found.upiId).toEqual([HELP_PAYOUT_REQUIRED]);
    expect(found.document1).toEqual([HELP_DOCUMENT_REQUIRED]);
  });

  it('takes a title and a story in Hindi alone, or one language for each', () => {
    expect(checkHelpForm(values({ titleEn: '', storyEn: '', titleHi: 'पिता के ऑपरेशन के लिए सहायता', storyHi: 'क'.repeat(60) }), [slot()], TODAY, true)).toEqual({});
    expect(checkHelpForm(values({ titleEn: '', titleHi: 'पिता के ऑपरेशन के लिए सहायता' }), [slot()], TODAY, true)).toEqual({});
  });

  it('lets the payout fall back on the profile’s, unless the profile has none', () => {
    const noPayout = values({ upiId: '' });
    expect(checkHelpForm(noPayout, [slot()], TODAY, true)).toEqual({});
    expect(checkHelpForm(noPayout, [slot()], TODAY, false)).toEqual({ upiId: [HELP_PAYOUT_REQUIRED] });
    // The profile did not load: the server knows, and decides.
    expect(checkHelpForm(noPayout, [slot()], TODAY, null)).toEqual({});
  });

  it('wants a UPI ID or a whole bank account when the form gives payout details', () => {
    expect(checkHelpForm(values({ upiId: '', accountNumber: '123456789012', confirmAccountNumber: '123456789012' }), [slot()], TODAY, true)).toEqual({ upiId: [HELP_PAYOUT_REQUIRED] });
    expect(checkHelpForm(values({ upiId: '', accountHolder: 'Ramesh Kumar', accountNumber: '123456789012', confirmAccountNumber: '123456789012', ifsc: 'SBIN0001234' }), [slot()], TODAY, false)).toEqual({});
    // The account number typed twice (issue 16).
    expect(checkHelpForm(values({ upiId: '', accountHolder: 'Ramesh Kumar', accountNumber: '123456789012', confirmAccountNumber: '123456789021', ifsc: 'SBIN0001234' }), [slot()], TODAY, false)).toEqual({
      confirmAccountNumber: [ACCOUNT_NUMBERS_DIFFER],
    });
    expect(checkHelpForm(values({ upiId: 'not a upi' }), [slot()], TODAY, true)).toEqual({ upiId: ['Enter a UPI ID like name@bank'] });
  });

  it('refuses estimates and bills older than 6 months, without a date, or dated in the future', () => {
    expect(checkHelpForm(values(), [slot({ date: monthsBefore(TODAY, 6) })], TODAY, true)).toEqual({});
    expect(checkHelpForm(values(), [slot({ date: '2025-09-29' })], TODAY, true)).toEqual({ document1Date: [HELP_DOCUMENT_TOO_OLD] });
    expect(checkHelpForm(values(), [slot({ kind: 'hospital-bill', date: '' })], TODAY, true)).toEqual({ document1Date: [HELP_DOCUMENT_DATE_INVALID] });
    expect(checkHelpForm(values(), [slot({ date: '2026-04-01' })], TODAY, true)).toEqual({ document1Date: [HELP_DOCUMENT_DATE_FUTURE] });
  });

  it('takes an older FIR or letter, with or without a date', () => {
    expect(checkHelpForm(values(), [slot({ kind: 'accident-report', date: '2024-01-15' }), slot({ kind: 'admission-letter', date: '' }, 1)], TODAY, true)).toEqual({});
  });

  it('numbers the documents as they are sent: the second slot is document2', () => {
    const found = checkHelpForm(values(), [slot(), slot({ kind: '', date: '' }, 1), slot({ file: null }, 2)], TODAY, true);
    expect(found).toEqual({ document2Kind: [HELP_DOCUMENT_KIND_REQUIRED], document3: [HELP_DOCUMENT_DETAILS_WITHOUT_FILE] });
  });

  it('ignores an empty slot, but not a form with no file at all', () => {
    expect(checkHelpForm(values(), [slot(), slot({ kind: '', date: '', file: null }, 1)], TODAY, true)).toEqual({});
    expect(checkHelpForm(values(), [slot({ kind: '', date: '', file: null })], TODAY, true)).toEqual({ document1: [HELP_DOCUMENT_REQUIRED] });
  });
});

describe('the multipart body', () => {
  it('carries the text fields by the schema’s names, trimmed, the amount as plain rupees, empty ones left out', () => {
    const parts = textPartsOf(values({ amountNeeded: ' ₹ 85,000 ', titleHi: '  ', storyEn: `  ${STORY}\n` }), [slot()]);
    expect(parts).toEqual([
      ['category', 'medical'],
      ['titleEn', 'Hip operation for my father'],
      ['storyEn', STORY],
      ['amountNeeded', '85000'],
      ['beneficiaryName', 'Ramesh Kumar'],
      ['relation', 'parent'],
      ['upiId', 'ramesh@okbank'],
      ['document1Kind', 'hospital-estimate'],
      ['document1Date', '2026-03-01'],
    ]);
    // What is sent is what the server's schema takes.
    expect(ZHelpRequestFieldsSchema.safeParse(Object.fromEntries(parts)).success).toBe(true);
  });

  it('names each file documentN with its kind and date beside it, in the order of the slots that have a file', () => {
    const first = pdf('estimate.pdf');
    const second = photo('fir.jpg');
    const slots = [slot({ file: first }), slot({ kind: '', date: '', file: null }, 1), slot({ kind: 'accident-report', date: '', file: second }, 2)];
    expect(filePartsOf(slots).map((part) => [part.name, part.file])).toEqual([
      ['document1', first],
      ['document3', second],
    ]);
    expect(textPartsOf(values(), slots).filter(([name]) => name.startsWith('document'))).toEqual([
      ['document1Kind', 'hospital-estimate'],
      ['document1Date', '2026-03-01'],
      ['document3Kind', 'accident-report'],
    ]);
  });

  it('reads the decider’s amountNeededPaise error as the amount field’s', () => {
    expect(formFieldOf('amountNeededPaise')).toBe('amountNeeded');
    expect(formFieldOf('document2Kind')).toBe('document2Kind');
  });

  it('lists the fields top to bottom for focusing the first problem', () => {
    expect(fieldOrder(2).slice(-6)).toEqual(['document1Kind', 'document1Date', 'document1', 'document2Kind', 'document2Date', 'document2']);
  });
});

describe('small rules', () => {
  it('normalise amounts as people type them', () => {
    expect(normaliseAmount('₹1,00,000')).toBe('100000');
    expect(normaliseAmount('Rs. 500')).toBe('500');
    expect(normaliseAmount('2500.50')).toBe('2500.50');
  });

  it('count months as the server does, clamped to the month’s end', () => {
    expect(monthsBefore('2026-08-31', 6)).toBe('2026-02-28');
    expect(monthsBefore('2026-03-15', 6)).toBe('2025-09-15');
    expect(monthsBefore('2028-08-31', 6)).toBe('2028-02-29');
  });

  it('take images and PDFs of up to 5 MB, nothing empty', () => {
    expect(fileProblem(1000, 'application/pdf')).toBeNull();
    expect(fileProblem(5 * 1024 * 1024, 'image/webp')).toBeNull();
    expect(fileProblem(5 * 1024 * 1024 + 1, 'image/jpeg')).toBe(UPLOAD_TOO_LARGE);
    expect(fileProblem(0, 'image/png')).toBe(UPLOAD_EMPTY);
    expect(fileProblem(1000, null)).toBe(UPLOAD_WRONG_TYPE_IMAGES_OR_PDF);
  });
});

describe('the payout before sending (issue 16)', () => {
  const BANK = { upiId: '', accountHolder: '  Ramesh   Kumar ', accountNumber: '3012 4567 8901', confirmAccountNumber: '301245678901', ifsc: ' sbin0001234 ' };

  it('says the list’s rule beside the IFSC when the server already answered that it is not there, and only then', () => {
    expect(withIfscListRule({}, { isInList: false })).toEqual({ ifsc: [IFSC_NOT_IN_LIST] });
    expect(withIfscListRule({}, { isInList: true })).toEqual({});
    // Not asked yet (or not a full IFSC): the server decides.
    expect(withIfscListRule({}, undefined)).toEqual({});
    // The field's own problem (its shape) is said first, once.
    expect(withIfscListRule({ ifsc: ['Enter an 11-character IFSC like SBIN0001234'] }, { isInList: false })).toEqual({ ifsc: ['Enter an 11-character IFSC like SBIN0001234'] });
    expect(withIfscListRule({ titleEn: ['x'] }, { isInList: false })).toEqual({ titleEn: ['x'], ifsc: [IFSC_NOT_IN_LIST] });
  });

  it('points at the problems first; reads a payout given in the form back before sending; sends at once when the profile’s is used', () => {
    expect(stepAfterCheck({ upiId: ['Enter a UPI ID like name@bank'] }, values())).toBe('fix');
    expect(stepAfterCheck({}, values())).toBe('readBack');
    expect(stepAfterCheck({}, values({ ...BANK }))).toBe('readBack');
    expect(stepAfterCheck({}, values({ upiId: '' }))).toBe('send');
    expect(stepAfterCheck({ ifsc: [] }, values({ upiId: '' }))).toBe('send');
    expect(isPayoutGiven(values({ upiId: '', bankName: ' State Bank ' }))).toBe(true);
    expect(isPayoutGiven(values({ upiId: '   ' }))).toBe(false);
  });

  it('reads the payout back as the server will store it, with the bank’s name from the list', () => {
    expect(payoutReadBackOf(values({ ...BANK }), 'State Bank of India')).toEqual({
      upiId: '',
      accountHolder: 'Ramesh Kumar',
      accountNumber: '301245678901',
      ifsc: 'SBIN0001234',
      bankName: 'State Bank of India',
    });
    expect(payoutReadBackOf(values({ upiId: ' Ramesh@OKBank ' }), null)).toMatchObject({ upiId: 'ramesh@okbank', accountNumber: '', bankName: null });
  });
});
