import { z } from 'zod';
import { formatRupees } from '#server/lib/amount-in-words';
import { formatIndiaDateTime } from '#server/lib/india-time';
import type { Localized } from '#server/mail/mail-templates';
import { renderMail } from '#server/mail/render-mail';
import { getFinanceStaffContacts, getUserNames } from '#server/modules/identity/identity.api';
import { defineJob } from '#server/queue/job';
import { runExternalOnce } from '#server/queue/job-effects';
import { isMoneySetting, type TMoneySettingKey, type TSettings } from '#server/modules/site/settings/settings.schema';
import type { SettingsChanged } from '#server/modules/site/site.api';

/** Each money setting's name in a mail, as the settings page calls it. */
const LABELS: Record<TMoneySettingKey, Localized> = {
  upiVpa: { en: 'UPI ID donors pay to', hi: 'यूपीआई आईडी जिस पर दानदाता भुगतान करते हैं' },
  upiPayeeName: { en: 'UPI payee name', hi: 'यूपीआई पाने वाले का नाम' },
  upiIsMerchant: { en: 'UPI ID is a verified merchant VPA', hi: 'यूपीआई आईडी सत्यापित मर्चेंट VPA है' },
  upiMerchantCode: { en: 'Merchant category code (MCC)', hi: 'मर्चेंट श्रेणी कोड (MCC)' },
  upiPerPaymentCapPaise: { en: 'UPI limit on one payment', hi: 'एक यूपीआई भुगतान की सीमा' },
  bankAccountName: { en: 'Bank account name', hi: 'बैंक खाते का नाम' },
  bankAccountNumber: { en: 'Bank account number', hi: 'बैंक खाता संख्या' },
  bankIfsc: { en: 'Bank IFSC', hi: 'बैंक IFSC' },
  bankName: { en: 'Bank name', hi: 'बैंक का नाम' },
  disbursementChargeBasisPoints: { en: 'Charge on withdrawals', hi: 'निकासी पर शुल्क' },
  kanyadanFeePaise: { en: 'Kanyadan registration fee', hi: 'कन्यादान पंजीकरण शुल्क' },
  kanyadanBenefitMinPaise: { en: 'Smallest Kanyadan benefit', hi: 'सबसे कम कन्यादान सहायता' },
  kanyadanBenefitMaxPaise: { en: 'Largest Kanyadan benefit', hi: 'सबसे अधिक कन्यादान सहायता' },
  fcraBankAccountName: { en: 'FCRA account name', hi: 'FCRA खाते का नाम' },
  fcraBankAccountNumber: { en: 'FCRA account number', hi: 'FCRA खाता संख्या' },
  fcraBankIfsc: { en: 'FCRA account IFSC', hi: 'FCRA खाते का IFSC' },
  fcraBankName: { en: 'FCRA account bank', hi: 'FCRA खाते का बैंक' },
};

const EMPTY: Localized = { en: '(none)', hi: '(कुछ नहीं)' };

function shownValue(key: TMoneySettingKey, value: unknown): Localized | string {
  if (value === '' || value === null || value === undefined) return EMPTY;
  if (key === 'disbursementChargeBasisPoints' && typeof value === 'number') return `${(value / 100).toFixed(2)} %`;
  if (key.endsWith('Paise') && typeof value === 'number') return formatRupees(value);
  return String(value);
}

/** "UPI ID donors pay to: x@bank", one line per changed money setting, in each language. */
export function moneyChangeLines(changes: Partial<TSettings>): Localized | null {
  const keys = Object.keys(changes).filter(isMoneySetting);
  if (keys.length === 0) return null;
  const lineIn = (lang: keyof Localized) =>
    keys
      .map((key) => {
        const value = shownValue(key, changes[key]);
        return `• ${LABELS[key][lang]}: ${typeof value === 'string' ? value : value[lang]}`;
      })
      .join('\n');
  return { en: lineIn('en'), hi: lineIn('hi') };
}

/**
 * A setting that decides where money goes was changed (issue 29): every super-admin and finance staff
 * member is mailed at once, each mail once (its own effect), so a changed UPI ID cannot sit unnoticed
 * until donors' money has gone to it.
 */
export const notifyMoneySettingsJob = defineJob<SettingsChanged, { changes: Record<string, unknown>; changedAt: string }>({
  name: 'notify-money-settings',
  on: ['SettingsChanged'],
  payload: z.object({ changes: z.record(z.string(), z.unknown()), changedAt: z.string() }),
  async run({ id, event, payload }, context) {
    const changes = moneyChangeLines(payload.changes as Partial<TSettings>);
    if (!changes) return;
    const actor = event.metadata.actor;
    const names = await getUserNames(context.db, [actor]);
    const changedBy = `${names.get(actor) ?? actor} (${actor})`;
    // In each half's own words: the Hindi half said "7:15 am" (issue 32).
    const changedAt = formatIndiaDateTime(new Date(payload.changedAt));
    for (const staff of await getFinanceStaffContacts(context.db)) {
      const effectId = `${id}.${staff.userId}`;
      await runExternalOnce(context.db, effectId, async () => {
        await context.mailer.send({
          to: staff.email,
          idempotencyKey: effectId,
          ...renderMail('moneySettingsChanged', { name: staff.name, changedBy, changedAt, changes, adminLink: `${context.config.publicUrl}/admin/settings` }),
        });
      });
    }
  },
});
