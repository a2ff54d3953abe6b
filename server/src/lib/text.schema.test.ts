import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { ZRegisterRequestSchema } from '#server/modules/community/registration/register.schema';
import { CONTROL_CHARACTERS, ZDonorNameSchema } from '#server/modules/donations/donation-fields.schema';
import { ZRequestDisbursementSchema } from '#server/modules/help/disbursements/disbursements.schema';
import { HELP_TEXT_CONTROL, ZHelpRequestFieldsSchema } from '#server/modules/help/help.schema';
import { ZUpdateProfileRequestSchema } from '#server/modules/identity/profile/profile.schema';
import { ZInviteStaffRequestSchema } from '#server/modules/identity/staff/staff-invitations.schema';
import { ZApplicationFieldsSchema } from '#server/modules/kanyadan/submission/kanyadan-fields.schema';
import { ZCreateContactMessageRequestSchema } from '#server/modules/site/contact/contact.schema';
import { ZUpdateSettingsRequestSchema } from '#server/modules/site/settings/settings.schema';
import { isMultilineText, isSingleLineText, TEXT_HAS_HIDDEN_CHARACTERS, toSingleLine } from './text.schema.ts';

const ZWJ = '\u200D';
const ZWNJ = '\u200C';
/** Hindi names as Hindi keyboards type them: a joiner inside a conjunct. */
const HINDI_NAMES = [`श्${ZWJ}याम`, `लक्${ZWNJ}ष्मी`, 'आशा देवी'];
/** What the rule refuses, each inside an otherwise good name. */
const HIDDEN = {
  'a line break': 'Asha\nDevi',
  'a carriage return': 'Asha\rDevi',
  'a tab': 'Asha\tDevi',
  'U+202E (right-to-left override)': 'Asha\u202EiveD',
  'U+2066 (left-to-right isolate)': 'Asha\u2066Devi',
  'a zero-width space': 'Asha\u200BDevi',
  'a byte-order mark': 'Asha\uFEFFDevi',
  'a line separator': 'Asha\u2028Devi',
  'a joiner between Latin letters': `Asha${ZWJ}Devi`,
  'a joiner after a Devanagari name': `राम${ZWJ} Devi`,
};
const ONLY_ZERO_WIDTH = '\u200B\u200B\u200B';
/** Characters that look like nothing but are letters or symbols, so no "hidden character" rule caught them alone. */
const BLANK_LOOKING = {
  'U+3164 HANGUL FILLER': '\u3164',
  'U+2800 BRAILLE PATTERN BLANK': '\u2800\u2800',
  'U+115F HANGUL CHOSEONG FILLER': '\u115F',
  'U+1160 HANGUL JUNGSEONG FILLER': '\u1160',
  'U+FFA0 HALFWIDTH HANGUL FILLER': '\uFFA0',
  'fillers with spaces between': '\u3164 \u2800\u3000\u3164',
  'a combining mark alone': '\u0301',
  'a Devanagari vowel sign and a joiner': '\u093F\u200D\u094D',
};
/** Real names in India's scripts and Urdu, as phones' keyboards type them: joiners inside conjuncts and joined letters. */
const INDIC_NAMES = {
  'Hindi, conjuncts and reph': 'अर्जुन शर्मा',
  'Hindi, a conjunct': 'क्षत्रिय',
  'Hindi, a half form with ZWJ': `श्${ZWJ}याम सुन्दर`,
  'Hindi, an explicit virama with ZWNJ': `लक्${ZWNJ}ष्मी`,
  'Bengali, ra-phala with ZWJ': `র${ZWJ}্যাচেল দাস`,
  'Bengali, ZWNJ in a conjunct': `লক্${ZWNJ}ষ্মী সেন`,
  'Malayalam, chillus with ZWJ (in a word and at its end)': `അര്${ZWJ}ജുന്${ZWJ} നായര്${ZWJ}`,
  'Urdu, ZWNJ between joined letters': `علی${ZWNJ}رضا خان`,
  'Gurmukhi, a half form with ZWJ': `ਸ੍${ZWJ}ਰੀ ਕੌਰ`,
  'Gujarati, ZWJ in a conjunct': `શ્${ZWJ}યામ પટેલ`,
  'Oriya, ZWNJ in a conjunct': `ଲକ୍${ZWNJ}ଷ୍ମୀ`,
  'Tamil, ZWJ in a conjunct': `க்${ZWJ}ஷமா`,
  'Telugu, ZWNJ in a conjunct': `లక్${ZWNJ}ష్మి`,
  'Kannada, ZWJ in a conjunct': `ಲಕ್${ZWJ}ಷ್ಮಿ`,
};
/** Joiners where no script uses them. */
const STRAY_JOINERS = {
  'a leading joiner': `${ZWJ}राम`,
  'a trailing joiner after Hindi': `राम${ZWNJ}`,
  'a doubled joiner in Hindi': `श्${ZWJ}${ZWJ}याम`,
  'a doubled chillu joiner in Malayalam': `അര്${ZWJ}${ZWJ}ജുന്`,
  'a joiner between Latin letters': `Asha${ZWNJ}Devi`,
  'a joiner between Hindi and Bengali letters': `क${ZWJ}ক`,
  'a joiner between Urdu and Latin letters': `علی${ZWNJ}Raza`,
  'a joiner alone': ZWJ,
};

describe('the shared rule for single-line text', () => {
  it.each(Object.entries(HIDDEN))('refuses %s', (_label, text) => {
    expect(isSingleLineText(text)).toBe(false);
  });

  it('refuses half of a surrogate pair (PostgreSQL refuses it in JSON), and keeps a whole pair such as an emoji', () => {
    expect(isSingleLineText('Asha \uD83D')).toBe(false);
    expect(isSingleLineText('\uDE00 Devi')).toBe(false);
    expect(isSingleLineText('Asha \uD83D\uDE00')).toBe(true);
  });

  it.each(Object.entries(BLANK_LOOKING))('refuses a text of blank-looking characters only: %s', (_label, text) => {
    expect(isSingleLineText(text)).toBe(false);
    expect(isMultilineText(`${text}\n${text}`)).toBe(false);
  });

  it('keeps a blank-looking character inside a text that shows something, and the empty text (left to "required")', () => {
    expect(isSingleLineText('Asha\u3000Devi')).toBe(true);
    expect(isSingleLineText('')).toBe(true);
  });

  it.each(Object.entries(INDIC_NAMES))('allows a real name: %s', (_label, name) => {
    expect(isSingleLineText(name)).toBe(true);
    expect(toSingleLine(name)).toBe(name);
  });

  it.each(Object.entries(STRAY_JOINERS))('refuses %s', (_label, text) => {
    expect(isSingleLineText(text)).toBe(false);
  });

  it('allows joiners inside Devanagari, as in Hindi names with conjuncts, and ordinary text in both scripts', () => {
    for (const name of [...HINDI_NAMES, 'Asha Devi', "D'Souza-Menon", '₹ 1,000 — धन्यवाद']) expect([name, isSingleLineText(name)]).toEqual([name, true]);
  });

  it('allows the joiner inside one emoji, as phones send a family or a profession, but not between an emoji and a letter', () => {
    expect(isSingleLineText('Thank you 👨\u200D👩\u200D👧 and 👩🏽\u200D⚕️')).toBe(true);
    expect(isMultilineText('We are grateful.\n🙏\u200D🙏')).toBe(true);
    expect(isSingleLineText('👨\u200DAsha')).toBe(false);
    expect(toSingleLine('👨\u200D👩\u200D👧\n')).toBe('👨\u200D👩\u200D👧');
  });

  it('allows line breaks between lines of a multi-line text, each line by the same rule', () => {
    expect(isMultilineText('Line one\nLine two\r\nLine three')).toBe(true);
    expect(isMultilineText('Line one\n\u202Eowt eniL')).toBe(false);
  });

  it('allows an empty or space-only line between paragraphs, as pasted from WhatsApp or Word, but not a text that shows nothing', () => {
    expect(isMultilineText('पहला अनुच्छेद।\n \nदूसरा अनुच्छेद।')).toBe(true);
    expect(isMultilineText('12 MG Road\nBengaluru\n ')).toBe(true);
    expect(isMultilineText('First paragraph.\n\t\u00A0\r\nSecond paragraph.\n\n')).toBe(true);
    // A line of fillers is still a hidden line, and a text of blank lines alone shows nothing.
    expect(isMultilineText('First paragraph.\n\u3164\u3164\nSecond paragraph.')).toBe(false);
    expect(isMultilineText(' \n \n\u2800')).toBe(false);
    expect(isMultilineText('\n\n')).toBe(false);
  });

  it('makes a text safe for a header: line breaks to spaces, hidden characters dropped, joiners in Devanagari kept', () => {
    expect(toSingleLine('Sahay\nFoundation\u202E\u200B ')).toBe('Sahay Foundation');
    expect(toSingleLine(HINDI_NAMES[0]!)).toBe(HINDI_NAMES[0]);
  });

  it('has its message in Hindi and English', () => {
    const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
    for (const lang of ['en', 'hi']) {
      const dictionary = JSON.parse(fs.readFileSync(path.join(root, `web/src/i18n/${lang}/messages.json`), 'utf8')) as { serverMessages: Record<string, string> };
      expect(dictionary.serverMessages[TEXT_HAS_HIDDEN_CHARACTERS], lang).toBeTruthy();
    }
  });
});

/** Every single-line field, with the message it gives for a hidden character. */
const FIELDS: ReadonlyArray<[string, z.ZodType, string, { isName?: boolean }]> = [
  ['staff invitation: name', ZInviteStaffRequestSchema.shape.name, TEXT_HAS_HIDDEN_CHARACTERS, { isName: true }],
  ['Kanyadan: girl’s name', ZApplicationFieldsSchema.shape.girlName, TEXT_HAS_HIDDEN_CHARACTERS, { isName: true }],
  ['Kanyadan: father’s name', ZApplicationFieldsSchema.shape.fatherName, TEXT_HAS_HIDDEN_CHARACTERS, { isName: true }],
  ['Kanyadan: mother’s name', ZApplicationFieldsSchema.shape.motherName, TEXT_HAS_HIDDEN_CHARACTERS, { isName: true }],
  ['Kanyadan: guardian’s name', ZApplicationFieldsSchema.shape.guardianName, TEXT_HAS_HIDDEN_CHARACTERS, { isName: true }],
  ['Kanyadan: school address', ZApplicationFieldsSchema.shape.schoolAddress, TEXT_HAS_HIDDEN_CHARACTERS, {}],
  ['Kanyadan: district', ZApplicationFieldsSchema.shape.district, TEXT_HAS_HIDDEN_CHARACTERS, {}],
  ['withdrawal: contact number', ZRequestDisbursementSchema.shape.contactNumber, TEXT_HAS_HIDDEN_CHARACTERS, {}],
  ['registration: full name', ZRegisterRequestSchema.shape.fullName, TEXT_HAS_HIDDEN_CHARACTERS, { isName: true }],
  ['registration: city', ZRegisterRequestSchema.shape.city, TEXT_HAS_HIDDEN_CHARACTERS, {}],
  ['contact form: name', ZCreateContactMessageRequestSchema.shape.name, TEXT_HAS_HIDDEN_CHARACTERS, { isName: true }],
  ['donation: donor’s name', ZDonorNameSchema, CONTROL_CHARACTERS, { isName: true }],
  ['help request: beneficiary’s name', ZHelpRequestFieldsSchema.in.shape.beneficiaryName, HELP_TEXT_CONTROL, { isName: true }],
  ['help request: title', ZHelpRequestFieldsSchema.in.shape.titleEn, HELP_TEXT_CONTROL, {}],
  ['help request: account holder', ZHelpRequestFieldsSchema.in.shape.accountHolder, TEXT_HAS_HIDDEN_CHARACTERS, { isName: true }],
];

const messagesOf = (result: z.ZodSafeParseResult<unknown>) => (result.success ? [] : result.error.issues.map((issue) => issue.message));

describe('every single-line text field keeps to the shared rule', () => {
  it.each(FIELDS)('%s refuses line breaks, bidi controls and zero-width characters', (_field, schema, message) => {
    for (const [label, text] of Object.entries(HIDDEN)) {
      const result = schema.safeParse(`${text} Kumari`);
      expect([label, messagesOf(result)]).toEqual([label, expect.arrayContaining([message])]);
    }
  });

  it.each(FIELDS)('%s: zero-width characters alone are not "filled in"', (_field, schema, message) => {
    const result = schema.safeParse(ONLY_ZERO_WIDTH);
    expect(result.success).toBe(false);
    expect(messagesOf(result)).toContain(message);
  });

  it.each(FIELDS)('%s: blank-looking fillers alone are not "filled in"', (_field, schema, message) => {
    for (const [label, text] of Object.entries(BLANK_LOOKING)) {
      const result = schema.safeParse(text);
      expect([label, result.success]).toEqual([label, false]);
      expect([label, messagesOf(result)]).toEqual([label, expect.arrayContaining([message])]);
    }
  });

  it.each(FIELDS.filter(([, , , options]) => options.isName))('%s takes Hindi names with joiners in their conjuncts, and names in India’s other scripts and Urdu', (_field, schema) => {
    for (const name of [...HINDI_NAMES, ...Object.values(INDIC_NAMES)]) expect([name, schema.safeParse(name).success]).toEqual([name, true]);
  });

  it('the profile’s payout names and the settings’ one-line texts (the foundation’s name) too', () => {
    expect(messagesOf(ZUpdateProfileRequestSchema.safeParse({ accountHolder: 'Asha\nDevi' }))).toContain(TEXT_HAS_HIDDEN_CHARACTERS);
    expect(messagesOf(ZUpdateProfileRequestSchema.safeParse({ bankName: ONLY_ZERO_WIDTH }))).toContain(TEXT_HAS_HIDDEN_CHARACTERS);
    // The address is a text area: its lines are kept, each by the rule.
    expect(messagesOf(ZUpdateProfileRequestSchema.safeParse({ address: 'Flat 1\u202E' }))).toContain(TEXT_HAS_HIDDEN_CHARACTERS);
    expect(ZUpdateProfileRequestSchema.safeParse({ address: 'Flat 1\nStation Road' }).success).toBe(true);
    expect(messagesOf(ZRegisterRequestSchema.shape.address.safeParse(ONLY_ZERO_WIDTH))).toContain(TEXT_HAS_HIDDEN_CHARACTERS);
    expect(messagesOf(ZRegisterRequestSchema.shape.address.safeParse('4 Lake Road\n\u200BPune'))).toContain(TEXT_HAS_HIDDEN_CHARACTERS);
    expect(ZRegisterRequestSchema.shape.address.safeParse('4 Lake Road\nPune').success).toBe(true);
    const settings = (data: object) => ZUpdateSettingsRequestSchema.safeParse({ expectedVersion: 1, data });
    expect(messagesOf(settings({ foundationName: { en: 'Sahay\nFoundation', hi: 'सहाय फ़ाउंडेशन' } }))).toContain(TEXT_HAS_HIDDEN_CHARACTERS);
    expect(messagesOf(settings({ upiPayeeName: 'Sahay\u200B' }))).toContain(TEXT_HAS_HIDDEN_CHARACTERS);
    expect(settings({ foundationName: { en: 'Sahay Foundation', hi: `सहाय फ़ाउण्${ZWJ}डेशन` } }).success).toBe(true);
    // A multi-line setting keeps its line breaks.
    expect(settings({ address: { en: 'Line 1\nLine 2', hi: 'पंक्ति 1\nपंक्ति 2' } }).success).toBe(true);
  });
});
