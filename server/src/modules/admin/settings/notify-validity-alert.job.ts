import { z } from 'zod';
import type { Localized } from '#server/mail/mail-templates';
import { renderMail } from '#server/mail/render-mail';
import { getFinanceStaffContacts } from '#server/modules/identity/identity.api';
import type { ValidityAlertRaised } from '#server/modules/site/site.api';
import { defineJob } from '#server/queue/job';
import { runExternalOnce } from '#server/queue/job-effects';

/** What each registration is called in the mail, in both languages. */
const REGISTRATION: Record<ValidityAlertRaised['data']['kind'], Localized> = {
  approval: { en: 'The tax-exemption approval (80G / section 133)', hi: 'कर-छूट अनुमोदन (80G / धारा 133)' },
  fcra: { en: 'The FCRA registration', hi: 'FCRA पंजीकरण' },
};

/** "31/03/2027" from YYYY-MM-DD, the way receipts print dates. */
function shownDate(isoDate: string): string {
  const [year, month, day] = isoDate.split('-');
  return `${day}/${month}/${year}`;
}

/** "ends in 30 days" / "30 दिनों में समाप्त होगा", or that it has ended. */
export function whenItEnds(daysLeft: number): Localized {
  if (daysLeft > 1) return { en: `ends in ${daysLeft} days`, hi: `${daysLeft} दिनों में समाप्त होगा` };
  if (daysLeft === 1) return { en: 'ends tomorrow', hi: 'कल समाप्त होगा' };
  if (daysLeft === 0) return { en: 'ends today', hi: 'आज समाप्त होगा' };
  return { en: `ended ${-daysLeft} days ago`, hi: `${-daysLeft} दिन पहले समाप्त हो चुका है` };
}

/**
 * A registration's validity ends soon (issue 31): every super-admin and finance staff member is
 * mailed, each mail once (its own effect), so a renewal is not missed; the dashboard shows it too.
 */
export const notifyValidityAlertJob = defineJob<ValidityAlertRaised, ValidityAlertRaised['data']>({
  name: 'notify-validity-alert',
  on: ['ValidityAlertRaised'],
  payload: z.object({ kind: z.enum(['approval', 'fcra']), validUntil: z.string(), threshold: z.number(), daysLeft: z.number(), raisedAt: z.string() }),
  async run({ id, payload }, context) {
    const ends = whenItEnds(payload.daysLeft);
    for (const staff of await getFinanceStaffContacts(context.db)) {
      const effectId = `${id}.${staff.userId}`;
      await runExternalOnce(context.db, effectId, async () => {
        await context.mailer.send({
          to: staff.email,
          idempotencyKey: effectId,
          ...renderMail('validityEnding', {
            name: staff.name,
            registration: REGISTRATION[payload.kind],
            validUntil: shownDate(payload.validUntil),
            ends,
            adminLink: `${context.config.publicUrl}/admin/settings`,
          }),
        });
      });
    }
  },
});
