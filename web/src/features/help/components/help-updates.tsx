import type { TPublicHelpRequestDetail } from '@sahay/server/modules/help/help.schema';
import { useLang, useT } from '#web/i18n/i18n.tsx';
import { formatDate } from '#web/ui/format.ts';
import { paragraphsOf, textIn } from '../help-request-text.ts';

/**
 * What happened since the request was published, newest first, as the requester or the
 * foundation's staff wrote it: in the page's language when written in it, else the other (marked).
 * Text only, never HTML. Nothing is shown before the first update.
 */
export function HelpUpdates({ updates }: { updates: TPublicHelpRequestDetail['updates'] }) {
  const t = useT();
  const { lang } = useLang();
  if (updates.length === 0) return null;
  return (
    <section aria-labelledby="help-updates">
      <h2 id="help-updates">{t('help.updates.heading')}</h2>
      {updates.map((update, index) => {
        const text = textIn(update.text, lang);
        return (
          <article key={`${update.postedAt}-${index}`} className="help-update" data-testid="help-update">
            <h3>{formatDate(update.postedAt, lang)}</h3>
            <p className="field-hint">{t(update.by === 'staff' ? 'help.updates.byStaff' : 'help.updates.byRequester')}</p>
            <div lang={text.lang === lang ? undefined : text.lang}>
              {paragraphsOf(text.text).map((paragraph, paragraphIndex) => (
                <p key={paragraphIndex}>{paragraph}</p>
              ))}
            </div>
          </article>
        );
      })}
    </section>
  );
}
