import enMail from '../../../web/src/i18n/en/mail.json' with { type: 'json' };
import hiMail from '../../../web/src/i18n/hi/mail.json' with { type: 'json' };
import { runExternalOnce } from '#server/queue/job-effects';
import type { JobContext } from '#server/queue/queue';
import type { Localized } from './mail-templates.ts';
import { renderMail, type Lang } from './render-mail.ts';
import { renderSms, type SmsVars } from './render-sms.ts';

/**
 * The steps a person is told of (issue 32, decision 062): each is a short e-mail (mail.notices) and
 * a text message (mail.sms) with the same variables.
 */
export type NoticeName = keyof typeof enMail.mail.notices & keyof typeof hiMail.mail.notices;
export type NoticeVars<N extends NoticeName> = SmsVars<N> & { link: string };

/** Who is told, from the record of the step: the language only when the person chose one. */
export interface NoticeRecipient {
  email: string | null;
  /** A 10-digit Indian mobile number. */
  phone: string | null;
  lang: Lang | null;
}

const PLACEHOLDER = /\{(\w+)\}/g;

function localize<N extends NoticeName>(notice: N, vars: NoticeVars<N>, part: 'subject' | 'text'): Localized {
  const values: Record<string, string | number | Localized> = vars;
  const fill = (text: string, lang: Lang) =>
    text.replace(PLACEHOLDER, (_match, name: string) => {
      const value = values[name];
      if (value === undefined) throw new Error(`notice ${notice} has no {${name}}`);
      return String(typeof value === 'object' ? value[lang] : value);
    });
  return { en: fill(enMail.mail.notices[notice][part], 'en'), hi: fill(hiMail.mail.notices[notice][part], 'hi') };
}

/**
 * Tells a person of one step, once: by e-mail when they gave an address, otherwise by SMS to the
 * phone they gave (never both: decision 062), in their language when known, else in both. Each
 * channel's send is keyed by the job's ID (`<eventId>_<job>`, so one per event), skipped when the
 * job's effect ledger has it, and carries the same key to the mail's Message-ID or the gateway's
 * Idempotency-Key for the one repeat the ledger cannot prevent (decisions 006 and 037).
 * Returns the channel used, or null when there was nobody to tell.
 */
export async function sendNotice<N extends NoticeName>(
  context: Pick<JobContext, 'db' | 'mailer' | 'sms'>,
  input: { jobId: string; to: NoticeRecipient; notice: N; vars: NoticeVars<N> },
): Promise<'email' | 'sms' | null> {
  const { jobId, to, notice, vars } = input;
  if (to.email) {
    const email = to.email;
    const key = `${jobId}_email`;
    await runExternalOnce(context.db, key, () =>
      context.mailer.send({
        to: email,
        idempotencyKey: key,
        ...renderMail('notice', { subject: localize(notice, vars, 'subject'), text: localize(notice, vars, 'text'), link: vars.link }, { lang: to.lang }),
      }),
    );
    return 'email';
  }
  if (to.phone && context.sms.kind !== 'none') {
    const phone = to.phone;
    const key = `${jobId}_sms`;
    await runExternalOnce(context.db, key, () => context.sms.send({ to: phone, idempotencyKey: key, text: `${renderSms(notice, vars, { lang: to.lang })}\n${vars.link}` }));
    return 'sms';
  }
  return null;
}
