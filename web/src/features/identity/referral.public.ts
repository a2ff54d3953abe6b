import { localizeHref, type Lang } from '#web/i18n/lang-url.ts';

/**
 * The member's referral link: registration with the member as sponsor (PRODUCT.md §4), in the
 * language of the page it was shared from (issue 32: a link from a Hindi page opened in English).
 */
export function referralLinkOf(userId: string, origin: string, lang: Lang): string {
  return `${origin}${localizeHref(`/register/${encodeURIComponent(userId)}`, lang)}`;
}

/**
 * A link that carries one of the member's unused codes (issue 16): the registration form opens with
 * the member as sponsor and the code filled in, so the friend types nothing they do not know.
 */
export function invitationLinkOf(userId: string, code: string, origin: string, lang: Lang): string {
  return `${origin}${localizeHref(`/register/${encodeURIComponent(userId)}?code=${encodeURIComponent(code)}`, lang)}`;
}

/** WhatsApp's own share link: opens a chat picker with the text filled in, on phones and on the web. */
export function whatsAppShareUrl(text: string): string {
  return `https://wa.me/?text=${encodeURIComponent(text)}`;
}

/** The Web Share API (the phone's own share sheet), where the device has it. */
export function canUseWebShare(): boolean {
  return typeof navigator !== 'undefined' && typeof navigator.share === 'function';
}

/**
 * Opens the device's share sheet with the link; false when there is none or it failed. Cancelling
 * the sheet counts as done: the person chose not to share, nothing went wrong.
 */
export async function shareLink(data: { title: string; text: string; url: string }): Promise<boolean> {
  if (!canUseWebShare()) return false;
  try {
    await navigator.share(data);
    return true;
  } catch (error) {
    return error instanceof DOMException && error.name === 'AbortError';
  }
}
