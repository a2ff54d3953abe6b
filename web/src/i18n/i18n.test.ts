/// <reference types="vite/client" />
import { describe, expect, it } from 'vitest';
import { ZLoginRequestSchema } from '@sahay/server/modules/identity/accounts/login.schema';
import { ZTotpCodeSchema } from '@sahay/server/modules/identity/two-factor/admin-totp.schema';
import { ZRegisterRequestSchema } from '@sahay/server/modules/community/registration/register.schema';
import { ZChangeMemberStatusRequestSchema, ZSearchMembersRequestSchema } from '@sahay/server/modules/admin/members/members.schema';
import { ZGenerateEpinsRequestSchema, ZTransferEpinsRequestSchema } from '@sahay/server/modules/community/epins/epins.schema';
import { ZChangePasswordRequestSchema } from '@sahay/server/modules/identity/passwords/change-password.schema';
import { ZRequestPasswordResetRequestSchema, ZResetPasswordRequestSchema } from '@sahay/server/modules/identity/passwords/password-reset.schema';
import { ZUpdateProfileRequestSchema } from '@sahay/server/modules/identity/profile/profile.schema';
import { ZCreateContactMessageRequestSchema } from '@sahay/server/modules/site/contact/contact.schema';
import { ZUpdateContentRequestSchema } from '@sahay/server/modules/site/content/content.schema';
import { DEFAULT_SETTINGS } from '@sahay/server/modules/site/site.api';
import { ZSettingsSchema } from '@sahay/server/modules/site/settings/settings.schema';
import { createTranslator, interpolate, loadNamespaces, mergeDictionary, NAMESPACES, translateServerMessage, type Lang } from './i18n.tsx';

const files = import.meta.glob<Record<string, unknown>>('./*/*.json', { eager: true, import: 'default' });

/**
 * Dictionaries only the server reads (e-mail texts, server/src/mail): checked here like the others,
 * but not in NAMESPACES, so the web has no loader for them and no page downloads them.
 */
const SERVER_ONLY_NAMESPACES = ['mail'] as const;
const ALL_NAMESPACES = [...NAMESPACES, ...SERVER_ONLY_NAMESPACES];

function dictionary(lang: Lang): Record<string, unknown> {
  const merged: Record<string, unknown> = {};
  for (const namespace of ALL_NAMESPACES) mergeDictionary(merged, files[`./${lang}/${namespace}.json`]!);
  return merged;
}

const en = dictionary('en') as { serverMessages: Record<string, string> };
const hi = dictionary('hi') as { serverMessages: Record<string, string> };

/** Every leaf of a dictionary as [dotted key, value]; serverMessages keys contain dots, so they stay whole. */
function leaves(node: unknown, prefix = ''): Array<[string, unknown]> {
  if (typeof node !== 'object' || node === null) return [[prefix, node]];
  return Object.entries(node).flatMap(([key, value]) =>
    prefix === 'serverMessages' ? [[`${prefix}/${key}`, value] as [string, unknown]] : leaves(value, prefix ? `${prefix}.${key}` : key),
  );
}

const enLeaves = new Map(leaves(en));
const hiLeaves = new Map(leaves(hi));

function placeholders(text: string): string[] {
  return [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1] ?? '').sort();
}

describe('dictionaries', () => {
  it('come as one file per namespace and language, with no stray files', () => {
    expect(Object.keys(files).sort()).toEqual(ALL_NAMESPACES.flatMap((namespace) => [`./en/${namespace}.json`, `./hi/${namespace}.json`]).sort());
  });

  it('keep the server-only ones out of the browser: no loader, and no web code names their files', () => {
    const sources = import.meta.glob<string>(['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}'], { eager: true, query: '?raw', import: 'default' });
    expect(Object.keys(sources).length).toBeGreaterThan(20);
    for (const namespace of SERVER_ONLY_NAMESPACES) {
      expect(NAMESPACES).not.toContain(namespace);
      const naming = Object.entries(sources).filter(([, source]) => source.includes(`/${namespace}.json`));
      expect(naming.map(([file]) => file)).toEqual([]);
    }
  });

  it('hold the same sections in both languages, and no section in two namespaces (server messages are merged)', () => {
    for (const namespace of ALL_NAMESPACES) {
      expect(Object.keys(files[`./hi/${namespace}.json`]!), namespace).toEqual(Object.keys(files[`./en/${namespace}.json`]!));
    }
    const sections = ALL_NAMESPACES.flatMap((namespace) => Object.keys(files[`./en/${namespace}.json`]!)).filter((section) => section !== 'serverMessages');
    expect(new Set(sections).size).toBe(sections.length);
    // A message in two namespaces would be downloaded twice, and could differ.
    const messages = ALL_NAMESPACES.flatMap((namespace) => Object.keys((files[`./en/${namespace}.json`] as { serverMessages?: object }).serverMessages ?? {}));
    expect(new Set(messages).size).toBe(messages.length);
  });

  it('have exactly the same keys in English and Hindi', () => {
    const onlyEn = [...enLeaves.keys()].filter((key) => !hiLeaves.has(key));
    const onlyHi = [...hiLeaves.keys()].filter((key) => !enLeaves.has(key));
    expect({ onlyEn, onlyHi }).toEqual({ onlyEn: [], onlyHi: [] });
  });

  it('have no empty or non-text values', () => {
    const bad = [...enLeaves, ...hiLeaves].filter(([, value]) => typeof value !== 'string' || value.trim() === '');
    expect(bad).toEqual([]);
  });

  it('use the same {placeholders} in both languages', () => {
    const mismatched = [...enLeaves].filter(
      ([key, value]) => placeholders(String(value)).join() !== placeholders(String(hiLeaves.get(key))).join(),
    );
    expect(mismatched).toEqual([]);
  });

  it('keep serverMessages keyed by the English text itself', () => {
    for (const [message, english] of Object.entries(en.serverMessages)) expect(english).toBe(message);
  });

  it('translate into Devanagari, not copied English', () => {
    const untranslated = [...hiLeaves]
      .filter(([key]) => !['lang.toggle', 'common.none', 'footer.rights', 'carousel.position'].includes(key))
      .filter(([, value]) => !/[\u0900-\u097F]/.test(String(value)));
    expect(untranslated).toEqual([]);
  });
});

describe('translator', () => {
  it('looks up dotted keys and fills in placeholders', () => {
    const t = createTranslator(hi);
    expect(t('nav.home')).toBe('होम');
    expect(t('register.welcome', { name: 'Asha', userId: 'SH1234567' })).toContain('SH1234567');
  });

  it('shows the key of a text whose section is not loaded, rather than nothing', () => {
    expect(createTranslator({})('nav.home')).toBe('nav.home');
  });

  it('leaves unknown placeholders visible rather than printing "undefined"', () => {
    expect(interpolate('Hello {name} {other}', { name: 'Asha' })).toBe('Hello Asha {other}');
  });

  it('falls back to the English server message when there is no translation', () => {
    expect(translateServerMessage(hi, 'Account locked for 15 minutes')).toBe('Account locked for 15 minutes');
    expect(translateServerMessage(hi, 'Invalid referral ID')).toBe('रेफ़रल आईडी सही नहीं है');
    expect(translateServerMessage({}, 'Invalid referral ID')).toBe('Invalid referral ID');
  });

  it('translates server messages with a varying part, including the part', () => {
    expect(translateServerMessage(hi, 'Too many failed attempts. This account is locked; try again in 15 minutes.')).toBe(
      'बहुत सारी गलत कोशिशें हुईं। यह खाता कुछ समय के लिए बंद है; 15 मिनट बाद फिर से कोशिश करें।',
    );
    expect(translateServerMessage(hi, 'Too many attempts. Please try again in 1 second.')).toBe('बहुत सारी कोशिशें हुईं। कृपया 1 सेकंड बाद फिर से कोशिश करें।');
    expect(translateServerMessage(en, 'Too many attempts. Please try again in 2 minutes.')).toBe('Too many attempts. Please try again in 2 minutes.');
    expect(translateServerMessage(hi, 'You have sent too many messages. Please try again in 42 minutes.')).toBe(
      'आपने बहुत सारे संदेश भेज दिए हैं। कृपया 42 मिनट बाद फिर से कोशिश करें।',
    );
  });

  it('does not let a template swallow unrelated text', () => {
    expect(translateServerMessage(hi, 'Too many attempts. Please try again later')).toBe('Too many attempts. Please try again later');
  });
});

describe('loading', () => {
  it('loads a namespace in a language on demand, once', async () => {
    await loadNamespaces('hi', ['kanyadan']);
    await loadNamespaces('hi', ['kanyadan']);
    const t = createTranslator(files['./hi/kanyadan.json']!);
    expect(t('kanyadan.honest.notGovernment')).toContain('सरकारी योजना नहीं');
  });
});

/** Messages the shared schemas produce for typical bad input must all have a Hindi translation. */
describe('shared schema messages', () => {
  function messagesOf(result: { success: boolean; error?: { issues: Array<{ message: string }> } }): string[] {
    return result.error?.issues.map((issue) => issue.message) ?? [];
  }

  const badInputs = [
    messagesOf(ZRegisterRequestSchema.safeParse({})),
    messagesOf(ZRegisterRequestSchema.safeParse({ referralId: 'x', fullName: 'a', email: 'nope', phone: '123', epin: '!', password: 'short', address: 'ab', city: 'a', state: 'b' })),
    messagesOf(ZRegisterRequestSchema.safeParse({ fullName: 'a'.repeat(101), email: `${'a'.repeat(250)}@x.in`, phone: '9876543210', password: 'p'.repeat(129), address: 'a'.repeat(301), city: 'c'.repeat(101), state: 's'.repeat(101) })),
    messagesOf(ZLoginRequestSchema.safeParse({ password: '' })),
    messagesOf(ZLoginRequestSchema.safeParse({ userId: 'SH1234567', password: 'p'.repeat(129) })),
    messagesOf(ZLoginRequestSchema.safeParse({ userId: 'SH1234567', password: 'p', totpCode: '12ab' })),
    messagesOf(ZTotpCodeSchema.safeParse({ code: '1' })),
    messagesOf(ZTotpCodeSchema.safeParse({})),
    messagesOf(ZGenerateEpinsRequestSchema.safeParse({ count: 0 })),
    messagesOf(ZGenerateEpinsRequestSchema.safeParse({ count: 1.5 })),
    messagesOf(ZGenerateEpinsRequestSchema.safeParse({ count: 10_000 })),
    messagesOf(ZGenerateEpinsRequestSchema.safeParse({ count: 'ten' })),
    messagesOf(ZTransferEpinsRequestSchema.safeParse({ toUserId: ' ', count: 0 })),
    messagesOf(ZTransferEpinsRequestSchema.safeParse({ toUserId: 'X'.repeat(21), count: 'two' })),
    messagesOf(ZUpdateProfileRequestSchema.safeParse({ phone: '123', address: 'a', city: 'c', state: 's', upiId: 'nope', bankName: 'b', accountHolder: 'h', accountNumber: '12', ifsc: 'SBIN1234' })),
    messagesOf(ZUpdateProfileRequestSchema.safeParse({ address: 'a'.repeat(301), city: 'c'.repeat(101), state: 's'.repeat(101) })),
    messagesOf(ZUpdateProfileRequestSchema.safeParse({ otherScriptName: 'Sunita देवी' })),
    messagesOf(ZRequestPasswordResetRequestSchema.safeParse({ userId: 'nope', phone: '12' })),
    messagesOf(ZResetPasswordRequestSchema.safeParse({ userId: 'SH1234567', code: '12', newPassword: 'short' })),
    messagesOf(ZChangePasswordRequestSchema.safeParse({ currentPassword: '', newPassword: 'short' })),
    messagesOf(ZSearchMembersRequestSchema.safeParse({ query: 'a' })),
    messagesOf(ZChangeMemberStatusRequestSchema.safeParse({ userId: 'SH1234567', reason: 'no' })),
    messagesOf(ZCreateContactMessageRequestSchema.safeParse({ name: '', email: '', phone: '', message: '' })),
    messagesOf(ZCreateContactMessageRequestSchema.safeParse({ name: 'x'.repeat(101), email: 'nope', phone: '12', message: 'x'.repeat(5001) })),
    messagesOf(ZUpdateContentRequestSchema.safeParse({ slug: 'about', expectedVersion: 1, data: { title: { en: '', hi: 'x'.repeat(201) }, body: { en: '', hi: 'x' } } })),
    messagesOf(
      ZSettingsSchema.safeParse({
        ...DEFAULT_SETTINGS,
        meetingLink: 'not a web address',
        foundationName: { en: 'x'.repeat(201), hi: '' },
        address: { en: 'x'.repeat(501), hi: '' },
        phone: 'abc',
        email: 'nope',
        mapLink: 'ftp://x',
        pan: 'x',
        receiptPrefix: 'a b',
        upiVpa: 'x',
        bankAccountNumber: '12',
        bankIfsc: 'x',
        baselineHappyDonors: -1,
        baselineFundsRaisedPaise: 1.5,
        baselinePeopleHelped: 10 ** 10,
        memberIdPrefix: 'TOOLONG',
        kanyadanPrefix: 'AB',
        kanyadanBenefitText: { en: 'x'.repeat(2001), hi: '' },
        disbursementChargeBasisPoints: 6000,
      }),
    ),
  ].flat();

  it('produce messages at all (so this test can fail)', () => {
    expect(badInputs.length).toBeGreaterThan(40);
  });

  it('are all in the Hindi dictionary', () => {
    const missing = [...new Set(badInputs)].filter((message) => !(message in hi.serverMessages));
    expect(missing).toEqual([]);
  });
});
