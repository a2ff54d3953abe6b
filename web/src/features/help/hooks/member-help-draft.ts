import type { HelpFormValues, HelpTextField } from '../components/member/ask-help-rules.ts';

/**
 * What the member wrote on the "Ask for help" form, kept on the device until it is sent: a long
 * story survives a reload or a lost connection. Only the words — not the payout details (they
 * come from the profile again) and not the documents. Per member, so another account on a shared
 * phone does not see it.
 */
export const HELP_DRAFT_KEY = 'sahay.help.draft';
const KEPT_FIELDS = ['category', 'titleEn', 'titleHi', 'storyEn', 'storyHi', 'amountNeeded', 'beneficiaryName', 'relation'] as const satisfies readonly HelpTextField[];

type DraftStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

function storageOf(): DraftStorage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    // Storage blocked (private mode on some phones): no draft, the form still works.
    return undefined;
  }
}

const keyOf = (userId: string) => `${HELP_DRAFT_KEY}.${userId}`;

export function readHelpDraft(userId: string, storage: DraftStorage | undefined = storageOf()): Partial<HelpFormValues> {
  try {
    const parsed = JSON.parse(storage?.getItem(keyOf(userId)) ?? 'null') as unknown;
    if (typeof parsed !== 'object' || parsed === null) return {};
    const record = parsed as Record<string, unknown>;
    return Object.fromEntries(KEPT_FIELDS.flatMap((field) => (typeof record[field] === 'string' ? [[field, record[field]]] : [])));
  } catch {
    return {};
  }
}

export function saveHelpDraft(userId: string, values: HelpFormValues, storage: DraftStorage | undefined = storageOf()): void {
  const kept = Object.fromEntries(KEPT_FIELDS.flatMap((field) => (values[field] ? [[field, values[field]]] : [])));
  try {
    if (Object.keys(kept).length === 0) storage?.removeItem(keyOf(userId));
    else storage?.setItem(keyOf(userId), JSON.stringify(kept));
  } catch {
    // Full or blocked: the form keeps the text in memory all the same.
  }
}

export function clearHelpDraft(userId: string, storage: DraftStorage | undefined = storageOf()): void {
  try {
    storage?.removeItem(keyOf(userId));
  } catch {
    // Nothing to clear.
  }
}
