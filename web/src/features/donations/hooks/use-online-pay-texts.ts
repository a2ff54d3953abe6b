import { useNamespaceTexts } from '#web/i18n/use-namespace-texts.ts';

/**
 * Paying online's texts (namespace 'onlinePay', docs/decisions/068) are loaded only when a pledge's
 * answer carries the payment gateway's order: without the gateway no page downloads them, and
 * /donate and /donate/status keep their byte budget (docs/decisions/046). True once they are here.
 */
export function useOnlinePayTexts(isNeeded: boolean): boolean {
  return useNamespaceTexts('onlinePay', isNeeded);
}
