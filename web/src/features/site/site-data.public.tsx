import { createContext, use, useSyncExternalStore, type ReactNode } from 'react';
import type { TContentPage, TContentSlug } from '@sahay/server/modules/site/content/content.schema';
import type { TCounters } from '@sahay/server/modules/transparency/counters.schema';
import type { TSettings } from '@sahay/server/modules/site/settings/settings.schema';
import type { TTransparency } from '@sahay/server/modules/transparency/transparency.schema';
import type { Viewer } from '#web/api/session-change.ts';

/** The settings the public pages show (top bar, footer, contact page); the rest stays on the server. */
export const PUBLIC_SETTING_KEYS = [
  'foundationName',
  'address',
  'phone',
  'email',
  'mapLink',
  'meetingLink',
  'groupLink',
  'socialFacebook',
  'socialInstagram',
  'socialYoutube',
  'socialX',
  // Whether registration needs an invite code: the form says so before sending.
  'isInviteOnly',
  'kanyadanFeePaise',
  'kanyadanBenefitText',
  // The foundation's own UPI ID and bank account, which the Kanyadan fee step shows (the donate
  // page gets them with each pledge instead); they name no person.
  'upiVpa',
  'upiPayeeName',
  // Whether the UPI ID is a merchant VPA, with its code: only then the fee step offers a tap-to-pay link (issue 33).
  'upiIsMerchant',
  'upiMerchantCode',
  'bankAccountName',
  'bankAccountNumber',
  'bankIfsc',
  'bankName',
  // The FCRA 2010 registration number, public by law (it is on every foreign contribution's
  // receipt and disclosure): whether /donate can take a foreign citizen's gift. Its account is not
  // here; the pledge's answer names it.
  'fcraRegistrationNumber',
] as const satisfies ReadonlyArray<keyof TSettings>;
export type PublicSettings = Pick<TSettings, (typeof PUBLIC_SETTING_KEYS)[number]>;

/** A content page as the public site shows it: the server-rendered HTML in both languages. */
export type PublicContentPage = Pick<TContentPage, 'slug' | 'version' | 'title' | 'html' | 'updatedAt'>;

/**
 * What the server rendered the page with, handed to the client in the page (a JSON data block),
 * and kept here for the rest of the visit: the one client cache of public site data.
 */
export interface SiteData {
  settings: PublicSettings;
  counters: TCounters;
  pages: Partial<Record<TContentSlug, PublicContentPage>>;
  /** On /transparency: the page of the list the server rendered. */
  transparency?: TTransparency;
  /**
   * Who is signed in, as the server saw the session cookie (absent: nobody), so the navigation is
   * right in the first paint; sign-in and sign-out change it (session-change.ts).
   */
  viewer?: Viewer;
}

export function publicSettingsOf(settings: TSettings): PublicSettings {
  return Object.fromEntries(PUBLIC_SETTING_KEYS.map((key) => [key, settings[key]])) as PublicSettings;
}

export function publicPageOf(page: TContentPage): PublicContentPage {
  return { slug: page.slug, version: page.version, title: page.title, html: page.html, updatedAt: page.updatedAt };
}

export class SiteDataStore {
  private data: SiteData;
  private readonly listeners = new Set<() => void>();

  constructor(initial: SiteData) {
    this.data = initial;
  }

  get = (): SiteData => this.data;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  update(change: (data: SiteData) => SiteData): void {
    this.data = change(this.data);
    for (const listener of this.listeners) listener();
  }

  setSettings(settings: TSettings): void {
    this.update((data) => ({ ...data, settings: publicSettingsOf(settings) }));
  }

  setViewer(viewer: Viewer): void {
    this.update((data) => ({ ...data, viewer }));
  }

  setCounters(counters: TCounters): void {
    this.update((data) => ({ ...data, counters }));
  }

  setPage(page: TContentPage | PublicContentPage): void {
    const shown = publicPageOf(page as TContentPage);
    this.update((data) => ({ ...data, pages: { ...data.pages, [page.slug]: shown } }));
  }
}

const StoreContext = createContext<SiteDataStore | null>(null);

export function SiteDataProvider({ store, children }: { store: SiteDataStore; children: ReactNode }) {
  return <StoreContext value={store}>{children}</StoreContext>;
}

export function useSiteDataStore(): SiteDataStore {
  const store = use(StoreContext);
  if (!store) throw new Error('Site data needs a <SiteDataProvider> above it');
  return store;
}

export function useSiteData(): SiteData {
  const store = useSiteDataStore();
  return useSyncExternalStore(store.subscribe, store.get, store.get);
}
