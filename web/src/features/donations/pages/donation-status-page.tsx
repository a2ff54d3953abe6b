import { lazy, Suspense, useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useSearch } from 'wouter';
import type { TDonationStatus } from '@sahay/server/modules/donations/giving/get-donation-status.schema';
import { fieldErrorsOf, type FieldErrors } from '#web/api/errors.ts';
import { useSiteSettings } from '#web/features/site/hooks/use-site-settings.public.ts';
import { useLang, useT } from '#web/i18n/i18n.tsx';
import { lazyModule } from '#web/lib/lazy-module.ts';
import { formatMoney } from '#web/ui/format.ts';
import { FormError, SubmitButton } from '#web/ui/form/form-status.tsx';
import { usePageMeta } from '#web/ui/page-meta.tsx';
import { TextField } from '#web/ui/form/text-field.tsx';
import { useAdoptEarlyInput } from '#web/ui/form/use-early-input.ts';
import { issuesToFieldErrors, useErrorText } from '#web/ui/use-error-text.ts';
import { CAUSE_LABELS, causeOf } from '../components/cause-select.tsx';
import { DonationStatusBadge } from '../components/donation-status-badge.tsx';
import { useDonationStatus } from '../hooks/use-donation-status.ts';
import { deviceStorage, readLastReference, rememberLastReference } from '../last-reference.ts';
import { displayReference } from '../reference.public.ts';

const statusSchema = lazyModule(() => import('@sahay/server/modules/donations/giving/get-donation-status.schema'));
const loadPayStep = () => import('../components/pay-step.tsx');
const PayStep = lazy(loadPayStep);
/** The yearly statement by code sits below the status look-up: loaded after the page is up, not with it (the 90 KiB budget, decision 011). */
const StatementByCode = lazy(() => import('../components/statement-by-code.tsx').then((module) => ({ default: module.StatementByCode })));

/** The contact handed over from /donate after the proof was sent (history state: never in the address). */
function handedOverContact(): string {
  if (typeof window === 'undefined') return '';
  const state: unknown = window.history.state;
  return typeof state === 'object' && state !== null && 'contact' in state && typeof state.contact === 'string' ? state.contact : '';
}

/**
 * /donate/status — the donor finds a donation by its reference and the e-mail or phone given with
 * it (PRODUCT.md §6): its state, the receipt once verified, and the way to pay and send proof while
 * proof is still missing. A wrong pair gets one plain answer, whatever was wrong.
 */
export default function DonationStatusPage() {
  const t = useT();
  const { translateServer } = useLang();
  const errorText = useErrorText();
  usePageMeta('donationStatus.metaTitle', 'donationStatus.metaDescription');
  const query = new URLSearchParams(useSearch());
  const status = useDonationStatus();
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState(() => ({ reference: query.get('reference') ?? '', contact: handedOverContact() }));
  const [clientErrors, setClientErrors] = useState<FieldErrors>({});
  const [isChecking, setIsChecking] = useState(false);
  const [isHydrated, setIsHydrated] = useState(false);
  useEffect(() => setIsHydrated(true), []);
  useAdoptEarlyInput(formRef, (typed) => setValues((current) => ({ ...current, ...typed })));
  // The last donation made on this device, filled in when nothing else is (issue 32). Read after
  // hydration: the server's HTML has no device.
  const [deviceReference, setDeviceReference] = useState<string | null>(null);
  useEffect(() => {
    const last = readLastReference(deviceStorage());
    if (last === null) return;
    const shown = displayReference(last);
    setDeviceReference(shown);
    setValues((current) => (current.reference.trim() === '' ? { ...current, reference: shown } : current));
  }, []);
  useEffect(() => {
    if (status.data) rememberLastReference(deviceStorage(), status.data.reference);
  }, [status.data]);

  // Arriving from /donate with the proof just sent: show the donation at once.
  useEffect(() => {
    const contact = handedOverContact();
    const reference = query.get('reference');
    if (contact && reference) void status.lookup({ reference, contact });
    // Once, on arrival.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const serverErrors = fieldErrorsOf(status.error);
  const fieldErrors: FieldErrors = { ...clientErrors, ...serverErrors };
  const errorsFor = (field: 'reference' | 'contact') => fieldErrors[field]?.map(translateServer);
  const failure = status.error && !serverErrors.reference && !serverErrors.contact ? errorText(status.error, 'donationStatus.failed') : undefined;
  const set = (field: 'reference' | 'contact') => (event: { target: { value: string } }) => setValues({ ...values, [field]: event.target.value });

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    setIsChecking(true);
    const schema = await statusSchema.load();
    setIsChecking(false);
    const parsed = schema?.ZGetDonationStatusRequestSchema.safeParse(values);
    if (parsed && !parsed.success) {
      const found = issuesToFieldErrors(parsed.error.issues);
      setClientErrors(found);
      const first = (['reference', 'contact'] as const).find((field) => found[field]);
      if (first) (form.elements.namedItem(first) as HTMLElement | null)?.focus();
      return;
    }
    setClientErrors({});
    await status.lookup(parsed?.data ?? values);
  }

  return (
    <div className="container page-narrow page-donate">
      <h1>{t('donationStatus.heading')}</h1>
      <p>{t('donationStatus.intro')}</p>
      <form ref={formRef} className="form" noValidate onSubmit={(event) => void onSubmit(event)} onFocus={() => void statusSchema.load()} data-testid="status-form">
        <TextField
          name="reference"
          label={t('donationStatus.reference')}
          hint={deviceReference !== null && values.reference === deviceReference ? `${t('donationStatus.referenceHint')} ${t('donationStatus.referenceFromDevice')}` : t('donationStatus.referenceHint')}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          required
          value={values.reference}
          onChange={set('reference')}
          errors={errorsFor('reference')}
        />
        <TextField
          name="contact"
          label={t('donationStatus.contact')}
          hint={t('donationStatus.contactHint')}
          autoComplete="email"
          spellCheck={false}
          required
          value={values.contact}
          onChange={set('contact')}
          errors={errorsFor('contact')}
        />
        <FormError message={failure?.message} hint={failure?.hint} />
        <SubmitButton isBusy={status.isLooking || isChecking} label={t('donationStatus.submit')} busyLabel={t('donationStatus.checking')} />
      </form>
      {status.data && status.state.phase !== 'idle' && (
        <DonationFound
          data={status.data}
          contact={status.state.input.contact}
          onProofSent={() => void status.refresh()}
          onRefresh={() => void status.refresh()}
          isRefreshing={status.isLooking}
        />
      )}
      {/* Client-side only: the server's render does not wait for a lazy component (React error 419). */}
      {isHydrated && (
        <Suspense fallback={null}>
          <StatementByCode initialContact={status.state.phase !== 'idle' ? status.state.input.contact : ''} />
        </Suspense>
      )}
      <p className="field-hint">
        <Link href="/donate">{t('donationStatus.newDonation')}</Link>
      </p>
    </div>
  );
}

function DonationFound({ data, contact, onProofSent, onRefresh, isRefreshing }: { data: TDonationStatus; contact: string; onProofSent: () => void; onRefresh: () => void; isRefreshing: boolean }) {
  const t = useT();
  const { translateServer } = useLang();
  const settings = useSiteSettings();
  const reference = displayReference(data.reference);
  const receiptHref = `/api/donations/${encodeURIComponent(data.reference)}/receipt.pdf?contact=${encodeURIComponent(contact)}`;

  return (
    <section aria-labelledby="donation-found-heading" className="panel" data-testid="donation-found">
      <h2 id="donation-found-heading">{t('donationStatus.found', { reference })}</h2>
      <dl className="facts">
        <div>
          <dt>{t('donationStatus.state')}</dt>
          <dd data-testid="donation-state">
            <DonationStatusBadge status={data.status} />
          </dd>
        </div>
        <div>
          <dt>{t('donationStatus.amount')}</dt>
          <dd>{formatMoney(data.amountPaise)}</dd>
        </div>
        <div>
          <dt>{t('donationStatus.cause')}</dt>
          <dd>{t(CAUSE_LABELS[causeOf(data.cause)])}</dd>
        </div>
        {data.receiptSerial && (
          <div>
            <dt>{t('donationStatus.receiptSerial')}</dt>
            <dd className="mono" data-testid="receipt-serial">
              {data.receiptSerial}
            </dd>
          </div>
        )}
        {data.reason && (
          <div>
            <dt>{t('donationStatus.reason')}</dt>
            <dd data-testid="donation-reason">{translateServer(data.reason)}</dd>
          </div>
        )}
      </dl>
      <div role="status" className="status-explained">
        {data.status === 'awaiting_payment' && <p>{t('donationStatus.explain.awaiting_payment')}</p>}
        {data.status === 'abandoned' && <p>{t('donationStatus.explain.abandoned')}</p>}
        {data.status === 'proof_received' && <p>{t('donationStatus.explain.proof_received')}</p>}
        {data.status === 'verified' && <p>{t('donationStatus.explain.verified')}</p>}
        {data.status === 'rejected' && <p>{t('donationStatus.explain.rejected')}</p>}
        {data.status === 'cancelled' && <p>{t('donationStatus.explain.cancelled')}</p>}
      </div>
      {data.receiptSerial && data.isReceiptReady && (
        <p>
          <a className="btn btn-primary" href={receiptHref} download data-testid="receipt-download">
            {t('donationStatus.downloadReceipt')}
          </a>
        </p>
      )}
      {data.receiptSerial && !data.isReceiptReady && (
        <p>
          {t('donationStatus.receiptPreparing')}{' '}
          <button type="button" className="btn btn-secondary btn-small" onClick={onRefresh} disabled={isRefreshing} data-testid="receipt-refresh">
            {isRefreshing ? t('donationStatus.checking') : t('donationStatus.checkAgain')}
          </button>
        </p>
      )}
      {(data.status === 'rejected' || data.status === 'cancelled') && (
        <p>
          {t('donationStatus.askUs')} <a href={`mailto:${settings.email}`}>{settings.email}</a>
          {settings.phone && (
            <>
              {' · '}
              <a href={`tel:${settings.phone.replace(/[\s-]/g, '')}`}>{settings.phone}</a>
            </>
          )}
        </p>
      )}
      {data.onlinePaymentFailed && (
        <p role="status" className="notice" data-testid="online-payment-failed">
          {t('donationStatus.onlinePaymentFailed')}
        </p>
      )}
      {!data.hasProof && data.pay && (
        <Suspense fallback={<p role="status">{t('common.loading')}</p>}>
          <PayStep pay={data.pay} contact={contact} onProofSent={onProofSent} canPayOnline={data.canPayOnline === true} />
        </Suspense>
      )}
    </section>
  );
}
