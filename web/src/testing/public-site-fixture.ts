/**
 * Site data as the server hands it to the renderer for a brand-new database: default settings,
 * the seed content pages rendered by the server's own Markdown code, and counters at their
 * baselines. For tests and the byte-budget check, which render pages without a database.
 */
import type { TContentPage, TContentSlug } from '@sahay/server/modules/site/content/content.schema';
import { CONTENT_SLUGS } from '@sahay/server/modules/site/content/content.schema';
import { DEFAULT_SETTINGS, fillPlaceholders, renderMarkdown, SEED_CONTENT } from '@sahay/server/modules/site/site.api';
import type { PublicSiteData } from '@sahay/server/modules/transparency/transparency.api';
import type { TSettings } from '@sahay/server/modules/site/settings/settings.schema';

export function publicSiteFixture(overrides: Partial<TSettings> = {}): PublicSiteData {
  const settings: TSettings = { ...DEFAULT_SETTINGS, ...overrides };
  const pages = Object.fromEntries(
    CONTENT_SLUGS.map((slug): [TContentSlug, TContentPage] => {
      const seed = SEED_CONTENT[slug];
      return [
        slug,
        {
          slug,
          version: 1,
          title: seed.title,
          body: seed.body,
          html: { en: renderMarkdown(fillPlaceholders(seed.body.en, settings, 'en')), hi: renderMarkdown(fillPlaceholders(seed.body.hi, settings, 'hi')) },
          updatedAt: '2026-04-01T06:30:00.000Z',
          updatedBy: 'system',
        },
      ];
    }),
  ) as Record<TContentSlug, TContentPage>;
  return {
    settings,
    pages,
    today: '2026-11-20',
    counters: {
      happyDonors: settings.baselineHappyDonors,
      fundsRaisedPaise: settings.baselineFundsRaisedPaise,
      ongoingCampaigns: settings.baselineOngoingCampaigns,
      peopleHelped: settings.baselinePeopleHelped,
      kanyadanGirls: settings.baselineKanyadanGirls,
      kanyadanFundsPaise: settings.baselineKanyadanFundsPaise,
      kanyadanDistricts: settings.baselineKanyadanDistricts,
    },
  };
}
