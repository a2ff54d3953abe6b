import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { useLang, useT, type MessageKey } from '#web/i18n/i18n.tsx';
import { copyText } from '#web/ui/copy-text.ts';
import { useHeldEpins } from '#web/features/community/hooks/use-held-epins.public.ts';
import { useShareEpin } from '#web/features/community/hooks/use-share-epin.public.ts';
import { shareableCode } from '#web/features/community/shareable-code.public.ts';
import { useSiteData } from '#web/features/site/site-data.public.tsx';
import { canUseWebShare, invitationLinkOf, referralLinkOf, whatsAppShareUrl } from '../referral.public.ts';

const STATUS_VISIBLE_MS = 4000;

const ICONS = {
  home: 'M3 11l9-8 9 8M5 10v10h5v-6h4v6h5V10',
  share: 'M18 8a3 3 0 1 0-3-3M6 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM18 22a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM8.6 13.5l6.8 4M15.4 6.5l-6.8 4',
  ticket: 'M3 7h18v4a2 2 0 0 0 0 4v4H3v-4a2 2 0 0 0 0-4zM14 7v12',
  person: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM4 21c0-4 4-6 8-6s8 2 8 6',
} as const;

function NavIcon({ name }: { name: keyof typeof ICONS }) {
  return (
    <svg className="member-nav-icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d={ICONS[name]} />
    </svg>
  );
}

const LINKS: ReadonlyArray<{ href: string; label: MessageKey; icon: keyof typeof ICONS }> = [
  { href: '/epin-dashboard', label: 'memberNav.inviteCodes', icon: 'ticket' },
  { href: '/profile', label: 'memberNav.profile', icon: 'person' },
];

/**
 * The member pages' footer navigation on phones (PRODUCT.md §4): Dashboard; Refer, which copies the
 * referral link (with one of the member's unused codes in it, when there is one) and opens a share
 * (the phone's share sheet, else a WhatsApp chat picker) — or, when registration needs a code and
 * the member has none, opens the dashboard's explanation of how to get one; Invite
 * codes; Profile. Hidden on wider screens, where the pages link to each other.
 */
export function MemberFooterNav({ userId }: { userId: string }) {
  const t = useT();
  const { lang } = useLang();
  const [location, navigate] = useLocation();
  const { isInviteOnly } = useSiteData().settings;
  const [isCopied, setIsCopied] = useState(false);
  const held = useHeldEpins();
  const share = useShareEpin();
  const timerRef = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timerRef.current), []);

  function onRefer() {
    // With one of the member's unused codes in it when there is one (issue 16): a friend needs a code
    // to join, and the link fills it in. The code is kept 48 hours for the link.
    const code = held.data ? shareableCode(held.data.epins, new Date()) : null;
    if (isInviteOnly && !code) {
      // A link without a code cannot work (issue 32): the dashboard says how to get a code instead.
      navigate('/dashboard#invite-with-code');
      requestAnimationFrame(() => document.getElementById('invite-with-code')?.focus());
      return;
    }
    if (code) share.mutate({ code });
    const link = code ? invitationLinkOf(userId, code, window.location.origin, lang) : referralLinkOf(userId, window.location.origin, lang);
    const message = code ? t('epins.shareMessage', { code }) : t('referral.shareMessage');
    // Both start within the click: a share sheet or a new tab opened after an await may be refused.
    void copyText(link).then((copied) => {
      setIsCopied(copied);
      clearTimeout(timerRef.current);
      timerRef.current = setTimeout(() => setIsCopied(false), STATUS_VISIBLE_MS);
    });
    if (canUseWebShare()) {
      navigator.share({ title: t('referral.shareTitle'), text: message, url: link }).catch(() => {
        // Cancelled, or refused: the link is on the clipboard all the same.
      });
    } else {
      window.open(whatsAppShareUrl(`${message} ${link}`), '_blank', 'noopener,noreferrer');
    }
  }

  const current = (href: string) => (location.toLowerCase() === href.toLowerCase() ? 'page' : undefined);
  return (
    <nav className="member-nav" aria-label={t('memberNav.label')}>
      <ul>
        <li>
          <Link href="/dashboard" aria-current={current('/dashboard')}>
            <NavIcon name="home" />
            <span>{t('memberNav.dashboard')}</span>
          </Link>
        </li>
        <li>
          <button type="button" onClick={onRefer} data-testid="footer-refer">
            <NavIcon name="share" />
            <span>{t('memberNav.refer')}</span>
          </button>
        </li>
        {LINKS.map((link) => (
          <li key={link.href}>
            <Link href={link.href} aria-current={current(link.href)}>
              <NavIcon name={link.icon} />
              <span>{t(link.label)}</span>
            </Link>
          </li>
        ))}
      </ul>
      <p className="visually-hidden" role="status">
        {isCopied ? t('memberNav.copied') : ''}
      </p>
    </nav>
  );
}
