import type { TCreateDonationRequest } from '@sahay/server/modules/donations/giving/create-donation.schema';
import { causeOf } from './components/cause-select.tsx';
import type { ParsedAmount } from './amount.public.ts';

/** What the donate form and the office's offline-gift form both ask of a donor, as typed. */
export interface DonorValues {
  cause: string;
  donorName: string;
  email: string;
  phone: string;
  pan: string;
  /** As typed; null until typed, when the suggestion from the name is sent. */
  panName: string | null;
  address: string;
  referralId: string;
  showName: boolean;
  /** '' until the donor answers "Are you an Indian citizen?" (the forms require an answer). */
  citizenship: '' | 'indian' | 'foreign';
  /** A foreign citizen's country (ISO code); ignored for anyone else. */
  country: string;
}

/**
 * The pledge fields of either form, for the server's schema (which checks them all again). An
 * amount above the online limit is still sent: the server answers with what to do instead.
 */
export function donorInputOf(amount: ParsedAmount, values: DonorValues, suggestLatinName?: (name: string) => string): TCreateDonationRequest {
  return {
    amountPaise: amount.kind === 'ok' || amount.kind === 'aboveLimit' ? amount.paise : 0,
    cause: causeOf(values.cause),
    donorName: values.donorName,
    email: values.email,
    phone: values.phone,
    pan: values.pan,
    // Asked only with a PAN: without one nothing is sent, so the server has nothing to refuse. Untyped,
    // the name sent is the suggestion the field shows (suggestLatinName: loaded with the field).
    ...(values.pan.trim() ? { panName: values.panName ?? suggestLatinName?.(values.donorName) ?? '' } : {}),
    address: values.address,
    showName: values.showName,
    referralId: values.referralId.trim(),
    ...(values.citizenship ? { citizenship: values.citizenship } : {}),
    ...(values.citizenship === 'foreign' && values.country ? { country: values.country } : {}),
  };
}
