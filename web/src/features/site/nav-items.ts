import type { Viewer } from '#web/api/session-change.ts';
import type { MessageKey } from '#web/i18n/i18n.tsx';

export interface NavLinkItem {
  kind: 'link';
  href: string;
  label: MessageKey;
  /** When the label needs its menu's name to make sense on its own, as in the footer. */
  longLabel?: MessageKey;
}

export interface NavMenuItem {
  kind: 'menu';
  id: string;
  label: MessageKey;
  items: NavLinkItem[];
}

const link = (href: string, label: MessageKey, longLabel?: MessageKey): NavLinkItem => ({ kind: 'link', href, label, longLabel });

/** The main navigation, PRODUCT.md §3. The footer lists the same links (they work without JavaScript). */
export const navItems: ReadonlyArray<NavLinkItem | NavMenuItem> = [
  link('/', 'nav.home'),
  { kind: 'menu', id: 'about', label: 'nav.about', items: [link('/about', 'nav.aboutUs'), link('/mission', 'nav.mission'), link('/transparency', 'nav.transparency')] },
  {
    kind: 'menu',
    id: 'kanyadan',
    label: 'nav.kanyadan',
    items: [link('/kanyadanRegistration', 'nav.kanyadanRegistration', 'nav.kanyadanRegistrationFull'), link('/KanyadanYojna', 'nav.kanyadanYojana')],
  },
  link('/help', 'nav.help'),
  link('/donor', 'nav.donor'),
  link('/plan', 'nav.plan'),
  link('/legals', 'nav.legals'),
  link('/login', 'nav.login'),
  link('/register', 'nav.register'),
  link('/contact', 'nav.contact'),
];

/** Signed in, Login and Register give way to the person's own area (and Logout, drawn by the header). */
export function navItemsFor(viewer: Viewer): ReadonlyArray<NavLinkItem | NavMenuItem> {
  if (!viewer) return navItems;
  const own = viewer === 'admin' ? link('/admin/dashboard', 'nav.adminConsole') : link('/dashboard', 'nav.dashboard');
  return navItems.flatMap((item) => (item.kind === 'link' && item.href === '/login' ? [own] : item.kind === 'link' && item.href === '/register' ? [] : [item]));
}

/** Every link of the navigation, menus opened up (the footer's quick links), for who is signed in. */
export function allNavLinksFor(viewer: Viewer): NavLinkItem[] {
  return navItemsFor(viewer).flatMap((item) => (item.kind === 'menu' ? item.items : [item]));
}
