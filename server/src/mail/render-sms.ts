import enMail from '../../../web/src/i18n/en/mail.json' with { type: 'json' };
import hiMail from '../../../web/src/i18n/hi/mail.json' with { type: 'json' };
import type { Localized } from './mail-templates.ts';
import type { Lang } from './render-mail.ts';

/** The text messages Sahay sends, and the variables each takes; the words are in mail.json's "sms", in both languages. */
const SMS_TEMPLATES = {
  passwordResetCode: ['code', 'validMinutes'],
  userIdReminder: ['name', 'userId'],
  statementCode: ['code', 'validMinutes'],
  form10beCertificate: ['financialYear', 'link'],
  // Issue 32: a person is told each step, by SMS when they gave only a phone (send-notice.ts, which
  // puts the link once after the languages: twice, it would not fit in one message).
  donationPledged: ['reference'],
  donationReceipt: ['reference'],
  kanyadanState: ['regNo', 'state'],
  helpPublished: [],
  helpGiftToConfirm: [],
  helpPayoutPaid: ['utr'],
  // Monthly giving (decision 079): every message carries the plan's manage link (send-notice puts it
  // last); the reminder's link to the QR code is in its e-mail only, or two links would not fit.
  monthlyStarted: ['amount', 'day'],
  monthlyReminder: ['amount', 'reference', 'upiId'],
  monthlyHalted: ['amount'],
  monthlyCancelled: ['amount'],
} as const satisfies Record<string, readonly string[]>;

export type SmsTemplateName = keyof typeof SMS_TEMPLATES;
export type SmsVars<T extends SmsTemplateName> = Record<(typeof SMS_TEMPLATES)[T][number], string | number | Localized>;

/**
 * One message in English and then Hindi (a phone shows both; the person reads theirs), or in the
 * person's language when it is known. A value is put on one line with control characters removed,
 * since a name is typed by people.
 */
export function renderSms<T extends SmsTemplateName>(template: T, vars: SmsVars<T>, options: { lang?: Lang | null } = {}): string {
  const values: Record<string, string | number | Localized> = vars;
  const fill = (text: string, lang: Lang) =>
    text.replace(/\{(\w+)\}/g, (_match, name: string) => {
      const value = values[name];
      if (!(SMS_TEMPLATES[template] as readonly string[]).includes(name) || value === undefined) throw new Error(`sms ${template} has no {${name}}`);
      // eslint-disable-next-line no-control-regex -- control characters are what is removed
      return String(typeof value === 'object' ? value[lang] : value).replace(/[\u0000-\u001f\u007f]+/g, ' ').trim();
    });
  const en = fill(enMail.mail.sms[template], 'en');
  const hi = fill(hiMail.mail.sms[template], 'hi');
  return options.lang === 'en' ? en : options.lang === 'hi' ? hi : `${en}\n${hi}`;
}
