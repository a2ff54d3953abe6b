import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { deciderSpec, fold, recorded } from '#server/testing/deciders/decider-spec';
import { CONTENT_CONFLICT, decideSaveContent, decideSavePage, decideSeedPage, evolveContent, noContent } from './content.decider.ts';
import { SEED_CONTENT } from './seed-content.ts';
import type { ContentPageSaved, SiteEvent } from '../site.events.ts';

const now = new Date('2026-03-14T13:00:00.000Z');
const at = '2026-03-01T09:00:00.000Z';
const draft = { title: { en: 'About us', hi: 'हमारे बारे में' }, body: { en: 'We help.', hi: 'हम मदद करते हैं।' } };
const saved = (en: string): ContentPageSaved => ({
  type: 'ContentPageSaved',
  data: { slug: 'about', title: draft.title, body: { en, hi: 'पाठ' }, restoredFromVersion: null, savedAt: at },
});
const page = { evolve: evolveContent, initialState: noContent };

describe('decideSaveContent', () => {
  it('records the full text of the page, and when it was saved', () => {
    expect(decideSaveContent('about', draft, now)).toEqual({
      type: 'ContentPageSaved',
      data: { slug: 'about', title: draft.title, body: draft.body, restoredFromVersion: null, savedAt: now.toISOString() },
    });
  });

  it('names the version a restore brought back', () => {
    expect(decideSaveContent('legals', draft, now, 3).data.restoredFromVersion).toBe(3);
  });

  it('records the seed text of a page as a save like any other', () => {
    expect(decideSaveContent('mission', SEED_CONTENT.mission, now).data).toMatchObject({ slug: 'mission', title: SEED_CONTENT.mission.title, body: SEED_CONTENT.mission.body });
  });
});

describe('evolveContent', () => {
  it('starts with no version', () => {
    expect(noContent).toEqual({ version: 0 });
  });

  it('counts the versions of the page by the stream version of its last save', () => {
    expect(fold(page, [saved('one')])).toEqual({ version: 1 });
    expect(fold(page, [saved('one'), saved('two'), saved('three')])).toEqual({ version: 3 });
  });

  it('ignores the site’s other events', () => {
    const other: SiteEvent = { type: 'SettingsChanged', data: { changes: { phone: '+91 98765 43210' }, changedAt: at } };
    expect(evolveContent({ version: 2 }, recorded(other, 3))).toEqual({ version: 2 });
  });

  it('ends at the number of saves, however many there were', () => {
    fc.assert(
      fc.property(fc.array(fc.string(), { maxLength: 20 }), (bodies) => {
        expect(fold(page, bodies.map(saved)).version).toBe(bodies.length);
      }),
    );
  });
});

describe('decideSavePage', () => {
  const given = deciderSpec({ decide: decideSavePage, evolve: evolveContent, initialState: noContent });
  const event = decideSaveContent('about', draft, now);

  it('records the first save of a page that has none', () => {
    given([]).when({ event, expectedVersion: 0 }).then([event]);
  });

  it('records a save over the version the editor loaded', () => {
    given([saved('one'), saved('two')]).when({ event, expectedVersion: 2 }).then([event]);
  });

  it('refuses a save over an older version: someone else saved since', () => {
    given([saved('one'), saved('two')]).when({ event, expectedVersion: 1 }).thenRefuses('CONFLICT', CONTENT_CONFLICT);
  });

  it('refuses the second of two saves over the same version (the first one won)', () => {
    given([saved('one'), event]).when({ event, expectedVersion: 1 }).thenRefuses('CONFLICT', CONTENT_CONFLICT);
  });

  it('refuses a save over a version the page does not have yet', () => {
    given([]).when({ event, expectedVersion: 1 }).thenRefuses('CONFLICT', CONTENT_CONFLICT);
  });
});

describe('decideSaveContent and decideSeedPage, given/when/then', () => {
  const save = deciderSpec({
    decide: (command: { slug: 'about' | 'legals'; draft: typeof draft; now: Date; restoredFromVersion: number | null }) =>
      [decideSaveContent(command.slug, command.draft, command.now, command.restoredFromVersion)],
    evolve: evolveContent,
    initialState: noContent,
  });
  const seed = deciderSpec({ decide: decideSeedPage, evolve: evolveContent, initialState: noContent });

  it('records the full text of a save, naming the version a restore brought back', () => {
    save([saved('one')])
      .when({ slug: 'legals', draft, now, restoredFromVersion: 1 })
      .then([{ type: 'ContentPageSaved', data: { slug: 'legals', title: draft.title, body: draft.body, restoredFromVersion: 1, savedAt: now.toISOString() } }]);
  });

  it('seeds a page with no version, and nothing once it has one', () => {
    seed([]).when({ slug: 'mission', now }).then([decideSaveContent('mission', SEED_CONTENT.mission, now)]);
    seed([saved('one')]).when({ slug: 'about', now }).thenNothing();
  });
});
