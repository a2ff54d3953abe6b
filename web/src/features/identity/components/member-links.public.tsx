import { Link } from 'wouter';
import { useT, type MessageKey } from '#web/i18n/i18n.tsx';

const PAGES: ReadonlyArray<{ href: string; label: MessageKey; text: MessageKey }> = [
  { href: '/direct-joining', label: 'memberNav.directJoinees', text: 'memberNav.directJoineesText' },
  { href: '/LevelTree', label: 'memberNav.teamTree', text: 'memberNav.teamTreeText' },
  { href: '/epin-dashboard', label: 'memberNav.inviteCodes', text: 'memberNav.inviteCodesText' },
  { href: '/my-help', label: 'memberNav.myHelp', text: 'memberNav.myHelpText' },
  { href: '/profile', label: 'memberNav.profile', text: 'memberNav.profileText' },
];

/** The dashboard's links to every member page. */
export function MemberLinks() {
  const t = useT();
  return (
    <nav aria-labelledby="member-pages-heading" className="panel">
      <h2 id="member-pages-heading">{t('memberNav.heading')}</h2>
      <ul className="console-links">
        {PAGES.map((page) => (
          <li key={page.href}>
            <Link href={page.href}>{t(page.label)}</Link>
            <p>{t(page.text)}</p>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** A member page's way back to the dashboard. */
export function BackToDashboard() {
  const t = useT();
  return (
    <p className="back-link">
      <Link href="/dashboard">{t('memberNav.backToDashboard')}</Link>
    </p>
  );
}
