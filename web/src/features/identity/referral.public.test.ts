import { afterEach, describe, expect, it, vi } from 'vitest';
import { donateLinkOf } from '#web/features/donations/components/my-donations.public.tsx';
import { canUseWebShare, invitationLinkOf, referralLinkOf, shareLink, whatsAppShareUrl } from './referral.public.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('referral link and sharing', () => {
  it('builds the registration link with the member as sponsor', () => {
    expect(referralLinkOf('SH1234567', 'https://sahay.example', 'en')).toBe('https://sahay.example/register/SH1234567');
  });

  it('keeps the language of the page a link is shared from: register, register with a code, donate (issue 32)', () => {
    expect(referralLinkOf('SH1234567', 'https://sahay.example', 'hi')).toBe('https://sahay.example/register/SH1234567?lang=hi');
    expect(invitationLinkOf('SH1234567', 'AB12CD34', 'https://sahay.example', 'hi')).toBe('https://sahay.example/register/SH1234567?code=AB12CD34&lang=hi');
    expect(invitationLinkOf('SH1234567', 'AB12CD34', 'https://sahay.example', 'en')).toBe('https://sahay.example/register/SH1234567?code=AB12CD34');
    expect(donateLinkOf('SH1234567', 'https://sahay.example', 'hi')).toBe('https://sahay.example/donate?ref=SH1234567&lang=hi');
    expect(donateLinkOf('SH1234567', 'https://sahay.example', 'en')).toBe('https://sahay.example/donate?ref=SH1234567');
  });

  it('puts the whole message, link included, into one encoded WhatsApp text parameter', () => {
    const url = whatsAppShareUrl('Join me: https://sahay.example/register/SH1234567?a=1&b=2 सहाय');
    expect(url.startsWith('https://wa.me/?text=')).toBe(true);
    expect(new URL(url).searchParams.get('text')).toBe('Join me: https://sahay.example/register/SH1234567?a=1&b=2 सहाय');
    expect([...new URL(url).searchParams.keys()]).toEqual(['text']);
  });

  it('uses the Web Share API only where the device has it', async () => {
    vi.stubGlobal('navigator', {});
    expect(canUseWebShare()).toBe(false);
    expect(await shareLink({ title: 't', text: 'x', url: 'https://sahay.example/' })).toBe(false);

    const share = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { share });
    expect(await shareLink({ title: 't', text: 'x', url: 'https://sahay.example/' })).toBe(true);
    expect(share).toHaveBeenCalledWith({ title: 't', text: 'x', url: 'https://sahay.example/' });
  });

  it('treats a cancelled share sheet as done, and a failed one as not shared', async () => {
    vi.stubGlobal('navigator', { share: async () => Promise.reject(new DOMException('cancelled', 'AbortError')) });
    expect(await shareLink({ title: 't', text: 'x', url: 'u' })).toBe(true);
    vi.stubGlobal('navigator', { share: async () => Promise.reject(new DOMException('not allowed', 'NotAllowedError')) });
    expect(await shareLink({ title: 't', text: 'x', url: 'u' })).toBe(false);
  });
});
