import enMail from '../../../web/src/i18n/en/mail.json' with { type: 'json' };
import hiMail from '../../../web/src/i18n/hi/mail.json' with { type: 'json' };

/** The text messages Sahay sends, and the variables each takes; the words are in mail.json's "sms", in both languages. */
const SMS_TEMPLATES = {
  passwordResetCode: ['code', 'validMinutes'],
  userIdReminder: ['name', 'userId'],
  statementCode: ['code', 'validMinutes'],
  form10beCertificate: ['financialYear', 'link'],
} as const satisfies Record<string, readonly string[]>;

export type SmsTemplateName = keyof typeof SMS_TEMPLATES;
export type SmsVars<T extends SmsTemplateName> = Record<(typeof SMS_TEMPLATES)[T][number], string | number>;

/**
 * One message in English and then Hindi (a phone shows both; the person reads theirs). A value is
 * put on one line with control characters removed, since a name is typed by people.
 */
export function renderSms<T extends SmsTemplateName>(template: T, vars: SmsVars<T>): string {
  const values = vars as Record<string, string | number>;
  const fill = (text: string) =>
    text.replace(/\{(\w+)\}/g, (_match, name: string) => {
      if (!(SMS_TEMPLATES[template] as readonly string[]).includes(name) || values[name] === undefined) throw new Error(`sms ${template} has no {${name}}`);
      // eslint-disable-next-line no-control-regex -- control characters are what is removed
      return String(values[name]).replace(/[\u0000-\u001f\u007f]+/g, ' ').trim();
    });
  return `${fill(enMail.mail.sms[template])}\n${fill(hiMail.mail.sms[template])}`;
}
