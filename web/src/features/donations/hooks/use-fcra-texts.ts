import { useNamespaceTexts } from '#web/i18n/use-namespace-texts.ts';

/**
 * The foreign contributions' texts (namespace 'fcra': the refusal, the country, the disclosure
 * notice, the FCRA account's heading, and the server's FCRA messages) are loaded only when a donor
 * says they are a foreign citizen, or a foreign pledge's pay step opens: most visits to /donate
 * never need them, and the page has a byte budget (docs/decisions/046). True once they are here.
 */
export function useFcraTexts(isNeeded = true): boolean {
  return useNamespaceTexts('fcra', isNeeded);
}
