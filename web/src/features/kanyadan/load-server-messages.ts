import { loadNamespaces, type Lang } from '#web/i18n/i18n.tsx';

/**
 * The translations of server and schema messages ('messages' and the Kanyadan ones, 'kanyadanMessages') are
 * loaded once the family starts on a form, with the form's zod schema, rather than with the page:
 * the page's first download stays within the public pages' byte budget. Until they arrive a
 * message shows in English; the forms wait for them before showing the result of a check.
 * Offline they may not load; the English message is still shown.
 */
export function loadServerMessages(lang: Lang): Promise<void> {
  return loadNamespaces(lang, ['messages', 'kanyadanMessages']).catch(() => undefined);
}
