import {
  HELP_CATEGORY_VALUES,
  HELP_DOCUMENT_DATE_FUTURE,
  HELP_DOCUMENT_DATE_INVALID,
  HELP_DOCUMENT_DETAILS_WITHOUT_FILE,
  HELP_DOCUMENT_FIELDS,
  HELP_DOCUMENT_KIND_REQUIRED,
  HELP_DOCUMENT_KIND_VALUES,
  HELP_DOCUMENT_MAX_AGE_MONTHS,
  HELP_DOCUMENT_REQUIRED,
  HELP_DOCUMENT_TOO_OLD,
  HELP_PAYOUT_REQUIRED,
  HELP_RELATIONS,
  HELP_STORY_REQUIRED,
  HELP_TITLE_REQUIRED,
  MAX_HELP_DOCUMENT_BYTES,
  MAX_HELP_DOCUMENTS,
  ZHelpRequestFieldsSchema,
} from '@sahay/server/modules/help/help.schema';
import type { TIfscLookup } from '@sahay/server/modules/identity/profile/look-up-ifsc.schema';
import { accountNumberDigits, IFSC_NOT_IN_LIST } from '@sahay/server/modules/identity/profile/profile.schema';
import type { FieldErrors } from '#web/api/errors.ts';
import type { PayoutReadBack } from '#web/features/identity/components/payout-confirmation.public.tsx';
import { normalisedIfsc } from '#web/features/identity/hooks/use-ifsc-lookup.public.ts';
import { issuesToFieldErrors } from '#web/ui/use-error-text.ts';
import { UPLOAD_EMPTY, UPLOAD_TOO_LARGE, UPLOAD_WRONG_TYPE_IMAGES_OR_PDF } from '#web/features/kanyadan/application-rules.public.ts';
import type { DocumentMediaType } from '#web/features/kanyadan/file-type.public.ts';

/**
 * The "Ask for help" form's values and its checks before sending (PRODUCT.md §8, issue 14): the
 * shared schema for the text fields, and the server's own document and payout rules
 * (help-commands.ts documentSlotsOf and beneficiaryOf, which the web may not import) repeated
 * here, so the member hears the same words before sending as after. The server checks it all again.
 */

export type HelpCategory = (typeof HELP_CATEGORY_VALUES)[number];
export type HelpRelation = (typeof HELP_RELATIONS)[number];
export type HelpDocumentKind = (typeof HELP_DOCUMENT_KIND_VALUES)[number];

/** The schema's lengths (help.schema.ts cleanText/optionalText), shown as limits and counters; a test holds them to the schema. */
export const TITLE_LIMITS = { min: 5, max: 120 } as const;
export const STORY_LIMITS = { min: 50, max: 5000 } as const;
export const BENEFICIARY_NAME_MAX = 100;

export const TEXT_FIELDS = [
  'category',
  'titleEn',
  'titleHi',
  'storyEn',
  'storyHi',
  'amountNeeded',
  'beneficiaryName',
  'relation',
  'upiId',
  'bankName',
  'accountHolder',
  'accountNumber',
  'confirmAccountNumber',
  'ifsc',
] as const;
export type HelpTextField = (typeof TEXT_FIELDS)[number];
export type HelpFormValues = Record<HelpTextField, string>;

export const PAYOUT_FIELDS = ['upiId', 'bankName', 'accountHolder', 'accountNumber', 'ifsc'] as const satisfies readonly HelpTextField[];
export type PayoutField = (typeof PAYOUT_FIELDS)[number];

export const EMPTY_VALUES: HelpFormValues = Object.fromEntries(TEXT_FIELDS.map((field) => [field, ''])) as HelpFormValues;

/** One document slot: its kind and date may be chosen before (or without) its file. */
export interface HelpDocumentSlot {
  /** Stable across removals, for React keys. */
  key: number;
  kind: HelpDocumentKind | '';
  date: string;
  file: File | null;
}

export function emptySlot(key: number): HelpDocumentSlot {
  return { key, kind: '', date: '', file: null };
}

/** Estimates and bills show today's need only while recent; an FIR or a letter may be older (as the server decides). */
export const DATED_KINDS: ReadonlySet<string> = new Set<HelpDocumentKind>(['hospital-estimate', 'hospital-bill']);

export const isCategory = (value: string): value is HelpCategory => HELP_CATEGORY_VALUES.some((category) => category === value);
export const isRelation = (value: string): value is HelpRelation => HELP_RELATIONS.some((relation) => relation === value);
export const isDocumentKind = (value: string): value is HelpDocumentKind => HELP_DOCUMENT_KIND_VALUES.some((kind) => kind === value);

/** The day `months` calendar months before a YYYY-MM-DD day, clamped to the month's end (as the server counts). */
export function monthsBefore(day: string, months: number): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const total = year * 12 + (month - 1) - months;
  const targetYear = Math.floor(total / 12);
  const targetMonth = (total % 12) + 1;
  const lastDay = new Date(Date.UTC(targetYear, targetMonth, 0)).getUTCDate();
  return `${String(targetYear).padStart(4, '0')}-${String(targetMonth).padStart(2, '0')}-${String(Math.min(date, lastDay)).padStart(2, '0')}`;
}

/** The oldest date an estimate or a bill may carry today. */
export function oldestDocumentDate(today: string): string {
  return monthsBefore(today, HELP_DOCUMENT_MAX_AGE_MONTHS);
}

/** "₹ 50,000" and "50 000" as people type amounts; the schema takes plain digits with at most two decimals. */
export function normaliseAmount(text: string): string {
  return text.replace(/[₹,\s]/g, '').replace(/^rs\.?/i, '');
}

/** The reason a chosen file cannot be sent (a server message, English), or null: images or PDF, not empty, at most 5 MB. */
export function fileProblem(size: number, mediaType: DocumentMediaType | null): string | null {
  if (size === 0) return UPLOAD_EMPTY;
  if (mediaType === null) return UPLOAD_WRONG_TYPE_IMAGES_OR_PDF;
  if (size > MAX_HELP_DOCUMENT_BYTES) return UPLOAD_TOO_LARGE;
  return null;
}

/** `documentN` for the slot at `index` (slots are sent in order, so slot 1 is document1). */
export function documentFieldOf(index: number): (typeof HELP_DOCUMENT_FIELDS)[number] {
  return HELP_DOCUMENT_FIELDS[index] ?? 'document1';
}

/** The text fields as the multipart body carries them: in a fixed order, empty ones left out (the server reads absent as not given). */
export function textPartsOf(values: HelpFormValues, slots: readonly HelpDocumentSlot[]): Array<[string, string]> {
  const parts: Array<[string, string]> = [];
  for (const field of TEXT_FIELDS) {
    const value = field === 'amountNeeded' ? normaliseAmount(values[field]) : values[field].trim();
    if (value !== '') parts.push([field, value]);
  }
  slots.forEach((slot, index) => {
    if (!slot.file) return;
    const field = documentFieldOf(index);
    if (slot.kind) parts.push([`${field}Kind`, slot.kind]);
    if (slot.date) parts.push([`${field}Date`, slot.date]);
  });
  return parts;
}

/** The files, named document1…document4 in the order of their slots. */
export function filePartsOf(slots: readonly HelpDocumentSlot[]): Array<{ name: string; file: File }> {
  return slots.flatMap((slot, index) => (slot.file ? [{ name: documentFieldOf(index), file: slot.file }] : []));
}

/**
 * Every problem with the form, as English messages keyed by the field the server would name
 * (`titleEn`, `document2Kind`, `document1`, …): nothing is sent while there is one. `hasProfilePayout`
 * false means the payout cannot fall back on the profile's (it has none), so the form must give one;
 * null means unknown (the profile did not load), and the server decides.
 */
export function checkHelpForm(values: HelpFormValues, slots: readonly HelpDocumentSlot[], today: string, hasProfilePayout: boolean | null): FieldErrors {
  const found: FieldErrors = {};
  const add = (field: string, message: string) => {
    if (!found[field]?.length) found[field] = [message];
  };
  const fields = Object.fromEntries(textPartsOf(values, slots));
  const parsed = ZHelpRequestFieldsSchema.safeParse(fields);
  if (!parsed.success) {
    for (const [field, messages] of Object.entries(issuesToFieldErrors(parsed.error.issues))) if (messages?.[0]) add(field, messages[0]);
  }
  // The schema's own check of these runs only once every other field is valid; all are said at once here.
  if (!values.titleEn.trim() && !values.titleHi.trim()) add('titleEn', HELP_TITLE_REQUIRED);
  if (!values.storyEn.trim() && !values.storyHi.trim()) add('storyEn', HELP_STORY_REQUIRED);

  const payout = Object.fromEntries(PAYOUT_FIELDS.map((field) => [field, values[field].trim()])) as Record<PayoutField, string>;
  const isPayoutGiven = Object.values(payout).some((value) => value !== '');
  const hasBank = payout.accountHolder !== '' && payout.accountNumber !== '' && payout.ifsc !== '';
  if (isPayoutGiven ? payout.upiId === '' && !hasBank : hasProfilePayout === false) add('upiId', HELP_PAYOUT_REQUIRED);

  const oldest = oldestDocumentDate(today);
  let attached = 0;
  slots.slice(0, MAX_HELP_DOCUMENTS).forEach((slot, index) => {
    const field = documentFieldOf(index);
    if (!slot.file) {
      if (slot.kind || slot.date) add(field, HELP_DOCUMENT_DETAILS_WITHOUT_FILE);
      return;
    }
    attached += 1;
    if (!slot.kind) add(`${field}Kind`, HELP_DOCUMENT_KIND_REQUIRED);
    if (slot.date && slot.date > today) add(`${field}Date`, HELP_DOCUMENT_DATE_FUTURE);
    else if (slot.kind && DATED_KINDS.has(slot.kind)) {
      if (!slot.date) add(`${field}Date`, HELP_DOCUMENT_DATE_INVALID);
      else if (slot.date < oldest) add(`${field}Date`, HELP_DOCUMENT_TOO_OLD);
    }
  });
  if (attached === 0 && !Object.keys(found).some((field) => field.startsWith('document'))) add('document1', HELP_DOCUMENT_REQUIRED);
  return found;
}

/** Whether the form gives the payout itself (else the server takes the profile's). */
export function isPayoutGiven(values: HelpFormValues): boolean {
  return PAYOUT_FIELDS.some((field) => values[field].trim() !== '');
}

/**
 * The banks' published list, as the server answered for the form's IFSC (identity.lookUpIfsc), said
 * before sending, beside the field, when the field has no other problem. The server checks it again.
 */
export function withIfscListRule(found: FieldErrors, ifsc: Pick<TIfscLookup, 'isInList'> | undefined): FieldErrors {
  if (!ifsc || ifsc.isInList || found.ifsc?.length) return found;
  return { ...found, ifsc: [IFSC_NOT_IN_LIST] };
}

/**
 * What Send does next (issue 16): point at the problems; else, when the form gives the payout, read
 * it back for a Confirm first (money sent to a wrong account cannot be called back); else send —
 * the profile's payout was read back when it was saved there.
 */
export type SendStep = 'fix' | 'readBack' | 'send';
export function stepAfterCheck(found: FieldErrors, values: HelpFormValues): SendStep {
  if (Object.values(found).some((messages) => messages?.length)) return 'fix';
  return isPayoutGiven(values) ? 'readBack' : 'send';
}

/** The payout as the server will store it, read back to the member; the bank's name from the published list. */
export function payoutReadBackOf(values: HelpFormValues, bankName: string | null): PayoutReadBack {
  return {
    upiId: values.upiId.trim().toLowerCase(),
    accountHolder: values.accountHolder.trim().replace(/\s+/g, ' '),
    accountNumber: accountNumberDigits(values.accountNumber.trim()),
    ifsc: normalisedIfsc(values.ifsc),
    bankName,
  };
}

/** The server's name for a field its own checks report under another name (the decider speaks in paise). */
export function formFieldOf(serverField: string): string {
  return serverField === 'amountNeededPaise' ? 'amountNeeded' : serverField;
}

/** Fields in the order they appear on the page, for focusing the first one with a problem. */
export function fieldOrder(slotCount: number): string[] {
  const documents = Array.from({ length: slotCount }, (_, index) => {
    const field = documentFieldOf(index);
    return [`${field}Kind`, `${field}Date`, field];
  }).flat();
  return ['category', 'titleEn', 'titleHi', 'storyEn', 'storyHi', 'amountNeeded', 'beneficiaryName', 'relation', 'upiId', 'bankName', 'accountHolder', 'accountNumber', 'confirmAccountNumber', 'ifsc', ...documents];
}
