import { rupeesText } from '#server/lib/amount-in-words';
import type { TSettings } from '#server/modules/site/settings/settings.schema';
import { formatReference } from '../donation-fields.schema.ts';
import type { TPaymentDetails } from './create-donation.schema.ts';

/** What the pay step shows, from the foundation's settings at the time it is asked for. */
export interface PaymentSettings {
  vpa: string;
  payeeName: string;
  bank: { accountName: string; accountNumber: string; ifsc: string; bankName: string };
  /** How to reach the foundation: phone and e-mail as entered in settings. */
  contact: string;
  /**
   * The FCRA 2010 registration and its designated account (PRODUCT.md §6 "Who gives"); null while
   * settings hold no registration number, and then a foreign citizen's gift is refused.
   */
  fcra: {
    registrationNumber: string;
    /** YYYY-MM-DD, the last day of the registration as settings hold it; '' when not entered. */
    validUntil: string;
    bank: { accountName: string; accountNumber: string; ifsc: string; bankName: string };
  } | null;
}

/**
 * Where a donor is told to pay comes from the money settings only (MONEY_SETTINGS, changed by
 * finance; docs/decisions/043): the payee is `upiPayeeName`, never the foundation's name, which a
 * `settings`-only admin may change. Without a payee name no UPI payment is offered (the setup
 * checklist asks for both the UPI ID and the payee).
 */
export function paymentSettingsOf(settings: TSettings): PaymentSettings {
  return {
    vpa: settings.upiVpa,
    payeeName: settings.upiPayeeName,
    bank: { accountName: settings.bankAccountName, accountNumber: settings.bankAccountNumber, ifsc: settings.bankIfsc, bankName: settings.bankName },
    contact: [settings.phone, settings.email].filter((part) => part !== '').join(' / '),
    fcra: settings.fcraRegistrationNumber
      ? {
          registrationNumber: settings.fcraRegistrationNumber,
          validUntil: settings.fcraValidUntil,
          bank: { accountName: settings.fcraBankAccountName, accountNumber: settings.fcraBankAccountNumber, ifsc: settings.fcraBankIfsc, bankName: settings.fcraBankName },
        }
      : null,
  };
}

/**
 * Where a foreign contribution is paid: the designated FCRA account only (FCRA 2010 s.17: every
 * foreign contribution is received in the "FCRA Account" opened at SBI, New Delhi Main Branch) —
 * no UPI ID, no QR, no domestic account.
 */
export function foreignPaymentSettingsOf(payment: PaymentSettings): PaymentSettings {
  // A foreign pledge whose registration has since been removed from settings: no account to show at
  // all (the pay step then says to contact the foundation), never the domestic one.
  const bank = payment.fcra?.bank ?? { accountName: '', accountNumber: '', ifsc: '', bankName: '' };
  return { vpa: '', payeeName: bank.accountName, bank, contact: payment.contact, fcra: payment.fcra };
}

/**
 * The `upi://pay` link (NPCI's deep-link parameters): pa = VPA, pn = payee, am = amount, cu = INR,
 * tn = a note, tr = the donation reference, which the bank statement then carries. The VPA keeps
 * its `@` (some UPI apps do not decode `%40`), and spaces are `%20`, never `+`. Null while no VPA or
 * no payee name is set.
 */
export function upiLinkOf(payment: PaymentSettings, reference: string, amountPaise: number): string | null {
  if (!payment.vpa || !payment.payeeName) return null;
  const params = [
    `pa=${payment.vpa}`,
    `pn=${encodeURIComponent(payment.payeeName)}`,
    `am=${rupeesText(amountPaise)}`,
    'cu=INR',
    `tn=${encodeURIComponent(`Donation ${formatReference(reference)}`)}`,
    `tr=${reference}`,
  ];
  return `upi://pay?${params.join('&')}`;
}

export function paymentDetailsOf(domestic: PaymentSettings, reference: string, amountPaise: number, isForeignContribution = false): TPaymentDetails {
  const payment = isForeignContribution ? foreignPaymentSettingsOf(domestic) : domestic;
  const upiLink = upiLinkOf(payment, reference, amountPaise);
  return {
    reference: formatReference(reference),
    amountPaise,
    upiLink,
    // The QR code encodes the same link: scanning it opens the UPI app exactly as tapping the link does.
    upiQrText: upiLink,
    payeeName: payment.payeeName,
    vpa: payment.vpa,
    bank: payment.bank,
    isForeignContribution,
  };
}

export const ONLINE_LIMIT_WITH_BANK =
  'Gifts above ₹10,00,000 cannot be made online. Please transfer the amount to {accountName}, account {accountNumber}, IFSC {ifsc}, and write to us at {contact} for your receipt.';
export const ONLINE_LIMIT_WITHOUT_BANK = 'Gifts above ₹10,00,000 cannot be made online. Please write to us at {contact} and we will tell you how to give.';

/** The refusal of a gift above the online limit, naming the bank account (when set; the FCRA account for a foreign contribution) and how to reach the foundation. */
export function onlineLimitMessage(domestic: PaymentSettings, isForeignContribution = false): string {
  const payment = isForeignContribution ? foreignPaymentSettingsOf(domestic) : domestic;
  const { bank } = payment;
  const template = bank.accountNumber && bank.ifsc && (bank.accountName || payment.payeeName) ? ONLINE_LIMIT_WITH_BANK : ONLINE_LIMIT_WITHOUT_BANK;
  const values: Record<string, string> = {
    accountName: bank.accountName || payment.payeeName,
    accountNumber: bank.accountNumber,
    ifsc: bank.ifsc,
    contact: payment.contact,
  };
  return template.replace(/\{(\w+)\}/g, (_match, name: string) => values[name] ?? '');
}

export const FOREIGN_WITHOUT_FCRA =
  'The foundation is not registered under the Foreign Contribution (Regulation) Act, 2010, so the law does not let it accept gifts from foreign citizens (OCI card holders included). If you are an Indian citizen living abroad, choose “Indian citizen”. Otherwise you can still help: share our work, or write to us at {contact} to volunteer.';
export const FOREIGN_WITHOUT_FCRA_NO_CONTACT =
  'The foundation is not registered under the Foreign Contribution (Regulation) Act, 2010, so the law does not let it accept gifts from foreign citizens (OCI card holders included). If you are an Indian citizen living abroad, choose “Indian citizen”. Otherwise you can still help: share our work, or volunteer with us.';

/** The refusal of a foreign citizen's gift while the foundation holds no FCRA registration: why, and what they can do instead. */
export function foreignWithoutFcraMessage(payment: PaymentSettings): string {
  return payment.contact ? FOREIGN_WITHOUT_FCRA.replace('{contact}', payment.contact) : FOREIGN_WITHOUT_FCRA_NO_CONTACT;
}
