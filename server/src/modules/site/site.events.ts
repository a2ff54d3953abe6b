import type { Sealed } from '#server/event-store/sealing/personal-data';
import type { TContentSlug } from './content/content.schema.ts';
import type { TSettings } from './settings/settings.schema.ts';

export const SETTINGS_STREAM = 'site-settings';

export type SettingsChanged = {
  type: 'SettingsChanged';
  data: { changes: Partial<TSettings>; changedAt: string };
};

export type ContentPageSaved = {
  type: 'ContentPageSaved';
  data: {
    slug: TContentSlug;
    title: { en: string; hi: string };
    body: { en: string; hi: string };
    /** Set when the save restores an earlier version. */
    restoredFromVersion: number | null;
    savedAt: string;
  };
};

/** Name, e-mail, phone and message, sealed under the message's own data key. */
export interface ContactDetails {
  name: string;
  email: string | null;
  phone: string | null;
  message: string;
}

export type ContactMessageReceived = {
  type: 'ContactMessageReceived';
  data: { messageId: string; personal: Sealed; receivedAt: string };
};

export type ContactMessageHandled = {
  type: 'ContactMessageHandled';
  data: { messageId: string; handledAt: string };
};

export type SiteEvent = SettingsChanged | ContentPageSaved | ContactMessageReceived | ContactMessageHandled;

export const CONTENT_STREAM_PREFIX = 'content-';

export function contentStreamId(slug: TContentSlug): string {
  return `${CONTENT_STREAM_PREFIX}${slug}`;
}

export const CONTACT_STREAM_PREFIX = 'contact-';

export function contactStreamId(messageId: string): string {
  return `${CONTACT_STREAM_PREFIX}${messageId}`;
}
