import type { TSettings } from './settings.schema.ts';
import { DEFAULT_SETTINGS } from './settings.defaults.ts';
import { SETUP_ITEMS, type SetupItem } from './setup-checklist.schema.ts';

const filled = (...values: string[]) => values.every((value) => value.trim() !== '');

/**
 * Whether each fact is entered. The e-mail counts only once it is not the reserved placeholder a
 * fresh install starts with; the tax exemption needs its section label as well as its number.
 */
export function isSetUp(settings: TSettings): Record<SetupItem, boolean> {
  return {
    foundationName: filled(settings.foundationName.en, settings.foundationName.hi),
    address: filled(settings.address.en),
    phone: filled(settings.phone),
    email: filled(settings.email) && settings.email.trim() !== DEFAULT_SETTINGS.email,
    registrationNo: filled(settings.registrationNo),
    pan: filled(settings.pan),
    twelveA: filled(settings.twelveANo),
    taxExemption: filled(settings.taxExemptionNo, settings.taxSectionLabel),
    upi: filled(settings.upiVpa, settings.upiPayeeName),
    bank: filled(settings.bankAccountName, settings.bankAccountNumber, settings.bankIfsc, settings.bankName),
  };
}

/** The items still missing, in checklist order; empty once the foundation is fully set up. */
export function missingSetup(settings: TSettings): SetupItem[] {
  const done = isSetUp(settings);
  return SETUP_ITEMS.filter((item) => !done[item]);
}
