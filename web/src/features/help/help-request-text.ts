import type { TPublicHelpRequest, TPublicHelpRequestDetail } from '@sahay/server/modules/help/help.schema';
import type { Lang, MessageKey } from '#web/i18n/i18n.tsx';

/**
 * The help module's lists as the public pages need them, kept here without zod (the server's
 * help.schema.ts imports it) for the pages' first load; help-request-text.test.ts holds them to
 * the server's.
 */
export const HELP_CATEGORIES = ['medical', 'education', 'accident', 'marriage', 'livelihood', 'other'] as const;
export type HelpCategory = (typeof HELP_CATEGORIES)[number];

/** The server's HELP_CAUSE_FILTERS: the home page's `?cause=` words and the category each lists (null: all). */
export const CAUSE_FILTERS: Readonly<Record<string, HelpCategory | null>> = {
  medical: 'medical',
  education: 'education',
  accident: 'accident',
  kanyadan: 'marriage',
  marriage: 'marriage',
  livelihood: 'livelihood',
  other: 'other',
  people: null,
  environment: null,
};

export const CATEGORY_LABELS: Record<HelpCategory, MessageKey> = {
  medical: 'help.categories.medical',
  education: 'help.categories.education',
  accident: 'help.categories.accident',
  marriage: 'help.categories.marriage',
  livelihood: 'help.categories.livelihood',
  other: 'help.categories.other',
};

export const RELATION_LABELS: Record<NonNullable<TPublicHelpRequestDetail['relation']>, MessageKey> = {
  self: 'help.relations.self',
  spouse: 'help.relations.spouse',
  child: 'help.relations.child',
  parent: 'help.relations.parent',
  sibling: 'help.relations.sibling',
  grandparent: 'help.relations.grandparent',
  grandchild: 'help.relations.grandchild',
  'other-relative': 'help.relations.other-relative',
};

export const CLOSED_REASON_LABELS: Record<NonNullable<TPublicHelpRequest['closedReason']>, MessageKey> = {
  funded: 'help.closedReasons.funded',
  requester: 'help.closedReasons.requester',
  staff: 'help.closedReasons.staff',
  expired: 'help.closedReasons.expired',
};

/** `?cause=` as a word of CAUSE_FILTERS (any case), or undefined: what the page asks the server for. */
export function causeOf(search: string): string | undefined {
  const cause = new URLSearchParams(search).get('cause')?.trim().toLowerCase();
  return cause && Object.hasOwn(CAUSE_FILTERS, cause) ? cause : undefined;
}

/** The category a cause lists; an unknown cause, or none, lists every request (null). */
export function categoryOf(cause: string | undefined): HelpCategory | null {
  return cause !== undefined && Object.hasOwn(CAUSE_FILTERS, cause) ? (CAUSE_FILTERS[cause] ?? null) : null;
}

/** `?page=` as a page number; anything else is the first page (as the server reads it). */
export function pageOf(search: string): number {
  const page = Number(new URLSearchParams(search).get('page') ?? 1);
  return Number.isSafeInteger(page) && page >= 1 ? page : 1;
}

/**
 * A requester writes in English, Hindi or both: the text in the page's language, else the other
 * one, with the language it is in (for the element's `lang`, so it is read out and shaped right).
 */
export function textIn(text: { en: string | null; hi: string | null }, lang: Lang): { text: string; lang: Lang } {
  const other: Lang = lang === 'en' ? 'hi' : 'en';
  const own = text[lang]?.trim();
  if (own) return { text: own, lang };
  return { text: text[other]?.trim() ?? '', lang: other };
}

/** The start of a story on one line, cut at a word, for a meta description and a shared link's card. */
export function excerptOf(text: string, maxLength = 160): string {
  const line = text.replace(/\s+/g, ' ').trim();
  if (line.length <= maxLength) return line;
  const cut = line.slice(0, maxLength - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), maxLength / 2)).trimEnd()}…`;
}

/** A story's paragraphs: blank lines part them; single line breaks stay within one (shown as written). */
export function paragraphsOf(story: string): string[] {
  return story
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);
}

/** WhatsApp's share link (wa.me): opens the app, or WhatsApp Web, with the message ready to send. */
export function whatsAppHref(title: string, url: string): string {
  return `https://wa.me/?text=${encodeURIComponent(`${title}\n${url}`)}`;
}

/**
 * The `upi://pay` link for a gift straight to the beneficiary (NPCI's deep-link parameters): pa =
 * their UPI ID, pn = the name to show, cu = INR, tn = a note naming the request; no amount, which
 * the giver chooses in the app. As the Kanyadan fee's link (kanyadan/upi-link.ts) writes it: the
 * UPI ID keeps its `@` (some UPI apps do not decode `%40`) and spaces are `%20`, never `+`.
 */
export function directUpiLink(upi: { upiId: string; payeeName: string }, requestId: string): string {
  return `upi://pay?pa=${upi.upiId}&pn=${encodeURIComponent(upi.payeeName)}&cu=INR&tn=${encodeURIComponent(`Sahay help ${requestId}`)}`;
}
