import { AppError } from '#server/errors/app-error';
import { streamType } from '#server/event-store/command-handler';
import type { Recorded } from '#server/event-store/types';
import type { TContentSlug } from './content.schema.ts';
import { SEED_CONTENT } from './seed-content.ts';
import { CONTENT_STREAM_PREFIX, type ContentPageSaved, type SiteEvent } from '../site.events.ts';

// A content page's stream's one decider (docs/decisions/052): its state and evolve, and the
// decisions made on it — a save (an edit or a restore) over the version the editor loaded, and the
// seed text of a page with none. Each has its given/when/then in content.test.ts.

export const CONTENT_CONFLICT = 'Someone else saved this page meanwhile. Reload to see their version.';

export interface Draft {
  title: { en: string; hi: string };
  body: { en: string; hi: string };
}

/** Pure: a save is recorded as the full text, so any version can be shown or restored on its own. */
export function decideSaveContent(slug: TContentSlug, draft: Draft, now: Date, restoredFromVersion: number | null = null): ContentPageSaved {
  return { type: 'ContentPageSaved', data: { slug, title: draft.title, body: draft.body, restoredFromVersion, savedAt: now.toISOString() } };
}

/** A page's stream folded to what saving needs: how many versions it has. */
export interface ContentState {
  version: number;
}

export const noContent: ContentState = { version: 0 };

export function evolveContent(state: ContentState, event: Recorded<SiteEvent>): ContentState {
  switch (event.type) {
    case 'ContentPageSaved':
      return { version: event.streamVersion };
    case 'SettingsChanged':
    case 'ContactMessageReceived':
    case 'ContactMessageHandled':
    case 'SignatureImageUploaded':
    case 'SigningCertificateUploaded':
    case 'SigningCertificateRemoved':
    case 'ValidityAlertRaised':
      return state;
    default: {
      const _unknown: never = event;
      return state;
    }
  }
}

/** Pure: a save over the version the editor loaded; someone else's save since is a conflict, never overwritten. */
export function decideSavePage(command: { event: ContentPageSaved; expectedVersion: number }, state: ContentState): ContentPageSaved[] {
  if (state.version !== command.expectedVersion) throw new AppError('CONFLICT', { userMessage: CONTENT_CONFLICT });
  return [command.event];
}

/** Pure: a page's seed text, only while it has no version; another process seeding at the same time finds it done. */
export function decideSeedPage(command: { slug: TContentSlug; now: Date }, state: ContentState): ContentPageSaved[] {
  return state.version === 0 ? [decideSaveContent(command.slug, SEED_CONTENT[command.slug], command.now)] : [];
}

/** A content page's stream type: `content-<slug>`. */
export const contentStream = streamType<ContentState, SiteEvent>({ prefix: CONTENT_STREAM_PREFIX, evolve: evolveContent, initialState: noContent });
