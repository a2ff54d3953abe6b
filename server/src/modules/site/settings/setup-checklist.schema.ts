import { z } from 'zod';

/** The facts the public pages, the receipts and the payment step need, in the order the dashboard's checklist shows them (issue 15). */
export const SETUP_ITEMS = ['foundationName', 'address', 'phone', 'email', 'registrationNo', 'pan', 'twelveA', 'taxExemption', 'upi', 'bank'] as const;
export const ZSetupItemSchema = z.enum(SETUP_ITEMS);
export type SetupItem = z.infer<typeof ZSetupItemSchema>;

/** The settings group each item is entered in (the settings page's fieldsets, `#settings-<group>`). */
export const SETUP_ITEM_GROUP: Record<SetupItem, 'foundation' | 'registration' | 'payments'> = {
  foundationName: 'foundation',
  address: 'foundation',
  phone: 'foundation',
  email: 'foundation',
  registrationNo: 'registration',
  pan: 'registration',
  twelveA: 'registration',
  taxExemption: 'registration',
  upi: 'payments',
  bank: 'payments',
};
