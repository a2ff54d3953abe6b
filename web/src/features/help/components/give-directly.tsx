import { useState, useSyncExternalStore, type ComponentType } from 'react';
import type { TPublicHelpRequestDetail } from '@sahay/server/modules/help/help.schema';
import { useLang, useT, type MessageKey } from '#web/i18n/i18n.tsx';
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

/** Whose UPI ID it is, by who they are to the request: the public page names nobody but the beneficiary, by first name. */
const WHOSE: Record<DirectUpi['holder'], MessageKey> = {
  beneficiary: 'help.direct.whose.beneficiary',
  requester: 'help.direct.whose.requester',
  other: 'help.direct.whose.other',
  unnamed: 'help.direct.whose.unnamed',
};

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
 * Whose UPI ID it is is said beside it (issue 32): a requester asking for someone else often gives
 * their own, and the box then says so instead of "straight to {name}" (docs/decisions/061).
 */
export function GiveDirectly({ requestId, upi }: { requestId: string; upi: DirectUpi }) {
  const t = useT();
  const { lang } = useLang();
  const isHydrated = useIsHydrated();
  const { announce, region } = useCopyAnnouncer();
  const [form, setForm] = useState<FormState>({ phase: 'closed' });
  const link = directUpiLink(upi, requestId);
  const name = upi.payeeName;
  const isBeneficiarys = upi.holder === 'beneficiary';

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
      <h3 id="help-direct">{isBeneficiarys ? t('help.direct.heading', { name }) : t('help.direct.headingAny')}</h3>
      <p>{isBeneficiarys ? t('help.direct.intro', { name }) : t('help.direct.introAny')}</p>
      <p>
        <strong>{isBeneficiarys ? t('help.direct.notFoundation', { name }) : t('help.direct.notFoundationAny')}</strong>
      </p>
      <div data-testid="direct-upi-qr" data-qr-text={link}>
        <QrSvg text={link} label={isBeneficiarys ? t('help.direct.qrLabel', { name, upiId: upi.upiId }) : t('help.direct.qrLabelAny', { upiId: upi.upiId })} />
      </div>
      <p>
        <a className="btn btn-secondary" href={link} data-testid="direct-upi-link">
          {t('help.direct.openUpiApp')}
        </a>
      </p>
      <p className="field-hint">{t('help.direct.upiLinkHint')}</p>
      <p className={isBeneficiarys ? undefined : 'notice notice-warning'} data-testid="direct-upi-holder">
        {t(WHOSE[upi.holder], { name })}
      </p>
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
