import { rupeesText } from '#server/lib/amount-in-words';
import type { TSettings } from '#server/modules/site/settings/settings.schema';
import { formatReference } from '../donation-fields.schema.ts';
import type { TPaymentDetails } from './create-donation.schema.ts';

/** What the pay step shows, from the foundation's settings at the time it is asked for. */
export interface PaymentSettings {
  vpa: string;
  payeeName: string;
  /** The VPA is a verified merchant VPA, with its category code: only then a tap-to-pay link (issue 33). */
  merchantCode: string | null;
  /** UPI's limit on one payment: above it no UPI is offered at all, only the bank account. */
  upiCapPaise: number;
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
    merchantCode: settings.upiIsMerchant && settings.upiMerchantCode ? settings.upiMerchantCode : null,
    upiCapPaise: settings.upiPerPaymentCapPaise,
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
  return { vpa: '', payeeName: bank.accountName, merchantCode: null, upiCapPaise: payment.upiCapPaise, bank, contact: payment.contact, fcra: payment.fcra };
}

/**
 * The `upi://pay` text (NPCI's deep-link parameters): pa = VPA, pn = payee, mc = the merchant
 * category code of a merchant VPA, am = amount, cu = INR, tn = a note, tr = the donation reference,
 * which the bank statement then carries. The VPA keeps its `@` (some UPI apps do not decode `%40`),
 * and spaces are `%20`, never `+`. Null while no VPA or no payee name is set, or when the amount is
 * above UPI's limit on one payment.
 */
export function upiPayTextOf(payment: PaymentSettings, reference: string, amountPaise: number): string | null {
  if (!payment.vpa || !payment.payeeName || amountPaise > payment.upiCapPaise) return null;
  const params = [
    `pa=${payment.vpa}`,
    `pn=${encodeURIComponent(payment.payeeName)}`,
    ...(payment.merchantCode ? [`mc=${payment.merchantCode}`] : []),
    `am=${rupeesText(amountPaise)}`,
    'cu=INR',
    `tn=${encodeURIComponent(`Donation ${formatReference(reference)}`)}`,
    `tr=${reference}`,
  ];
  return `upi://pay?${params.join('&')}`;
}

/**
 * How a pledge is paid (issue 33, "UPI links that apps accept"):
 * - the QR code's text is the `upi://pay` text whenever UPI can take the amount: scanned from
 *   another phone, a UPI app takes it from a personal VPA too;
 * - the tap-to-pay link is offered only for a verified merchant VPA: Google Pay, PhonePe and BHIM
 *   refuse a link with an amount to a personal VPA ("risk threshold exceeded", "bank limit"), so a
 *   donor with a personal VPA gets the QR, the UPI ID to copy and the steps to pay by typing it;
 * - above UPI's limit on one payment (`upiCapPaise`), no UPI at all: the bank account only.
 */
export function paymentDetailsOf(domestic: PaymentSettings, reference: string, amountPaise: number, isForeignContribution = false): TPaymentDetails {
  const payment = isForeignContribution ? foreignPaymentSettingsOf(domestic) : domestic;
  const upiPayText = upiPayTextOf(payment, reference, amountPaise);
  return {
    reference: formatReference(reference),
    amountPaise,
    upiLink: payment.merchantCode ? upiPayText : null,
    upiQrText: upiPayText,
    payeeName: payment.payeeName,
    // Above the limit the UPI ID is not shown either: typing it would be refused by the bank.
    vpa: upiPayText ? payment.vpa : '',
    upiCapPaise: payment.upiCapPaise,
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
