import { useEffect, useRef, useState } from 'react';
import { useLang, useT } from '#web/i18n/i18n.tsx';
import { formatDate } from '#web/ui/format.ts';
import { FormError } from '#web/ui/form/form-status.tsx';
import { useErrorText } from '#web/ui/use-error-text.ts';
import { useTierName } from '#web/features/community/components/tier-badge.public.tsx';
import { useSiteSettings } from '#web/features/site/hooks/use-site-settings.public.ts';
import { useFetchIdCard } from '../hooks/use-id-card.ts';
import { canvasToPng, drawIdCard, loadCardPhoto } from '../id-card-canvas.ts';

interface Made {
  url: string;
  verifyUrl: string;
  fileName: string;
}

/**
 * Download I-Card (PRODUCT.md §4): the card is drawn in the browser from community.getIdCard — the
 * name exactly as entered, in its own script, and the member's photo when they uploaded one — and
 * saved as a PNG. The picture stays on the page,
 * with the address its QR code opens, so the member can see and check it.
 */
export function IdCardDownload({ isActive }: { isActive: boolean }) {
  const t = useT();
  const { lang } = useLang();
  const errorText = useErrorText();
  const settings = useSiteSettings();
  const tierName = useTierName();
  const fetchIdCard = useFetchIdCard();
  const [made, setMade] = useState<Made | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [isBusy, setIsBusy] = useState(false);
  const urlRef = useRef<string | null>(null);

  // The picture's object URL is released when a new card replaces it and when the page goes away.
  useEffect(() => () => {
    if (urlRef.current) URL.revokeObjectURL(urlRef.current);
  }, []);

  async function onDownload() {
    setIsBusy(true);
    setError(null);
    try {
      const card = await fetchIdCard();
      // The member's own photo, when there is one (issue 16); the public card check never shows it.
      const photo = card.photoUrl ? await loadCardPhoto(card.photoUrl) : null;
      const canvas = document.createElement('canvas');
      await drawIdCard(
        canvas,
        card,
        {
        foundation: settings.foundationName[lang] || settings.foundationName.en || t('site.name'),
        title: t('idCard.title'),
        userIdLabel: t('idCard.userId'),
        joinedLabel: t('idCard.joined'),
        joined: formatDate(card.joinedAt, lang),
        tierLabel: t('idCard.tier'),
        tier: tierName(card.tier),
        scanToVerify: t('idCard.scan'),
        footer: t('idCard.footer'),
        },
        photo,
      );
      photo?.close();
      const blob = await canvasToPng(canvas);
      const url = URL.createObjectURL(blob);
      if (urlRef.current) URL.revokeObjectURL(urlRef.current);
      urlRef.current = url;
      const fileName = `sahay-i-card-${card.userId}.png`;
      setMade({ url, verifyUrl: card.verifyUrl, fileName });
      const link = document.createElement('a');
      link.href = url;
      link.download = fileName;
      document.body.append(link);
      link.click();
      link.remove();
    } catch (caught) {
      setError(caught);
    } finally {
      setIsBusy(false);
    }
  }

  const failure = error ? errorText(error, 'idCard.failed') : undefined;
  return (
    <div className="id-card">
      <p>{t('idCard.intro')}</p>
      {/* A card vouches for a member: the server gives none before the account is active either. */}
      {!isActive && <p className="notice" data-testid="id-card-not-active">{t('idCard.notActive')}</p>}
      {isActive && (
        <p className="actions">
          <button type="button" className="btn btn-primary" onClick={() => void onDownload()} disabled={isBusy} aria-busy={isBusy || undefined}>
            {isBusy ? t('idCard.making') : t('idCard.download')}
          </button>
        </p>
      )}
      <FormError message={failure?.message} hint={failure?.hint} />
      <div role="status">{made && <p>{t('idCard.done')}</p>}</div>
      {made && (
        <figure className="id-card-preview">
          <img src={made.url} alt={t('idCard.previewAlt')} width={1012} height={638} data-testid="id-card-image" />
          <figcaption>
            <a href={made.url} download={made.fileName}>
              {t('idCard.saveAgain')}
            </a>{' '}
            · <a href={made.verifyUrl} data-testid="id-card-verify-link">{t('idCard.check')}</a>
          </figcaption>
        </figure>
      )}
    </div>
  );
}
