import { useState, useSyncExternalStore, type ComponentType } from 'react';
import type { TPublicHelpRequestDetail } from '@sahay/server/modules/help/help.schema';
import { useLang, useT } from '#web/i18n/i18n.tsx';
import { lazyModule } from '#web/lib/lazy-module.ts';
import { CopyField, useCopyAnnouncer } from '#web/ui/form/copy-field.tsx';
import { QrSvg } from '#web/ui/qr-svg.tsx';
import { directUpiLink } from '../help-request-text.ts';
import type { DirectGiftFormProps } from './direct-gift-form.tsx';

type DirectUpi = NonNullable<TPublicHelpRequestDetail['directUpi']>;

/**
 * The gift form, its sending and its server messages' translations: a chunk of its own, loaded when
 * a visitor says they have paid (most visitors never do, and the page has a byte budget).
 */
const giftForm = lazyModule(() => import('./direct-gift-form.tsx'));

const subscribe = () => () => undefined;

/** False on the server and while hydrating (so the HTML matches), then true: the button works only once the page's code runs. */
function useIsHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}

type FormState =
  | { phase: 'closed' }
  | { phase: 'opening' }
  | { phase: 'open'; Form: ComponentType<DirectGiftFormProps>; isSignedIn: boolean | null }
  /** The chunk could not be fetched (offline). */
  | { phase: 'failed' };

/**
 * "Give directly" (PRODUCT.md §8, "Two ways to help" 2.): the beneficiary's UPI ID to copy, a QR
 * code and a link that opens a UPI app, said plainly to be outside the foundation; then, for a giver
 * who has paid, the form that tells the beneficiary (amount, UTR, screenshot), opened on request.
 */
export function GiveDirectly({ requestId, upi }: { requestId: string; upi: DirectUpi }) {
  const t = useT();
  const { lang } = useLang();
  const isHydrated = useIsHydrated();
  const { announce, region } = useCopyAnnouncer();
  const [form, setForm] = useState<FormState>({ phase: 'closed' });
  const link = directUpiLink(upi, requestId);
  const name = upi.payeeName;

  async function open() {
    setForm({ phase: 'opening' });
    const chunk = await giftForm.load();
    if (!chunk) {
      setForm({ phase: 'failed' });
      return;
    }
    const { isSignedIn } = await chunk.prepare(lang);
    setForm({ phase: 'open', Form: chunk.default, isSignedIn });
  }

  return (
    <div className="panel" data-testid="give-directly">
      <h3 id="help-direct">{t('help.direct.heading', { name })}</h3>
      <p>{t('help.direct.intro', { name })}</p>
      <p>
        <strong>{t('help.direct.notFoundation', { name })}</strong>
      </p>
      <div data-testid="direct-upi-qr" data-qr-text={link}>
        <QrSvg text={link} label={t('help.direct.qrLabel', { name, upiId: upi.upiId })} />
      </div>
      <p>
        <a className="btn btn-secondary" href={link} data-testid="direct-upi-link">
          {t('help.direct.openUpiApp')}
        </a>
      </p>
      <p className="field-hint">{t('help.direct.upiLinkHint')}</p>
      <CopyField label={t('help.direct.upiId')} value={upi.upiId} onCopy={announce} testId="copy-direct-upi" />
      {region}
      {form.phase === 'open' ? (
        <form.Form requestId={requestId} payeeName={name} isSignedIn={form.isSignedIn} />
      ) : (
        <>
          <p>{t('help.direct.tellIntro', { name })}</p>
          <p>
            <button
              type="button"
              className="btn btn-primary"
              disabled={!isHydrated || form.phase === 'opening'}
              aria-busy={form.phase === 'opening' || undefined}
              onClick={() => void open()}
              data-testid="open-gift-form"
            >
              {form.phase === 'opening' ? t('help.direct.opening') : t('help.direct.tell', { name })}
            </button>
          </p>
          {form.phase === 'failed' && (
            <p role="alert" className="form-error">
              {t('help.direct.openFailed')}
            </p>
          )}
        </>
      )}
    </div>
  );
}
