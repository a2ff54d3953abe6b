import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { fieldErrorsOf, httpStatusOf, type FieldErrors } from '#web/api/errors.ts';
import { queryProcedure } from '#web/api/procedure-fetch.ts';
import { asciiDigits } from '@sahay/server/shared/digits';
import { utrKindOf } from '#web/features/donations/reference.public.ts';
import { loginPathFor } from '#web/features/identity/next-path.public.ts';
import { loadNamespaces, useLang, useT, type Lang } from '#web/i18n/i18n.tsx';
import { formatNumber } from '#web/ui/format.ts';
import { FormError, SubmitButton } from '#web/ui/form/form-status.tsx';
import { TextField } from '#web/ui/form/text-field.tsx';
import { useErrorText } from '#web/ui/use-error-text.ts';
import { useSendDirectGift, type DirectGiftInput } from '../hooks/use-send-direct-gift.ts';

/**
 * The server's own words (direct-gifts.schema.ts, donation-fields.schema.ts, the upload checks),
 * copied rather than imported: importing them would bring zod into this chunk. They translate
 * through serverMessages like the server's answers.
 */
export const GIFT_MESSAGES = {
  amountInvalid: 'Enter the amount you sent in rupees, like 500.',
  amountRange: 'The amount must be between ₹1 and ₹10,00,000.',
  utrRequired: 'Enter the UTR (the bank’s reference) of your payment.',
  utrInvalid: 'Enter the UTR: 12 digits for UPI or IMPS, or 16 to 22 letters and digits for NEFT or RTGS.',
  screenshotRequired: 'Attach a screenshot of the payment.',
  wrongType: 'Only JPEG, PNG or WebP images can be uploaded.',
  tooLarge: 'The image is larger than 5 MB. Please choose a smaller one.',
} as const;

const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'];
const MAX_BYTES = 5 * 1024 * 1024;
const MAX_GIFT_PAISE = 10_00_000_00;
const FIELDS = ['amount', 'utr', 'screenshot'] as const;

export interface DirectGiftFormProps {
  requestId: string;
  payeeName: string;
  /** null: not known (the check did not answer); the server says so if the giver is not signed in. */
  isSignedIn: boolean | null;
}

/**
 * Before the form shows: the translations of the server's messages ('messages', which the page
 * itself does not load) and whether the visitor is signed in (identity.me, asked afresh each time,
 * so a visitor back from signing in is recognised).
 */
export async function prepare(lang: Lang): Promise<{ isSignedIn: boolean | null }> {
  const [, isSignedIn] = await Promise.all([
    loadNamespaces(lang, ['messages']).catch(() => undefined),
    queryProcedure('identity.me', undefined).then(
      (me) => me !== null,
      () => null,
    ),
  ]);
  return { isSignedIn };
}

/**
 * The form's values as the server takes them, or the messages (the server's words, English) beside
 * each field. The amount is the server's form: rupees with up to 2 decimals, grouping commas and a
 * ₹ sign dropped, Devanagari digits as ASCII ones; the UTR without spaces, in capitals.
 */
export function checkDirectGift(values: { requestId: string; amount: string; utr: string; screenshot: File | null }): { input: DirectGiftInput; errors: null } | { input: null; errors: FieldErrors } {
  const errors: FieldErrors = {};
  const amount = asciiDigits(values.amount).replace(/[\s,₹]/g, '');
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(amount);
  if (!match) errors.amount = [GIFT_MESSAGES.amountInvalid];
  else {
    const paise = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
    if (paise < 100 || paise > MAX_GIFT_PAISE) errors.amount = [GIFT_MESSAGES.amountRange];
  }
  const utr = values.utr.replace(/[\s-]/g, '').toUpperCase();
  if (utr === '') errors.utr = [GIFT_MESSAGES.utrRequired];
  else if (!utrKindOf(utr)) errors.utr = [GIFT_MESSAGES.utrInvalid];
  const file = values.screenshot;
  if (!file) errors.screenshot = [GIFT_MESSAGES.screenshotRequired];
  else if (!IMAGE_TYPES.includes(file.type)) errors.screenshot = [GIFT_MESSAGES.wrongType];
  else if (file.size > MAX_BYTES) errors.screenshot = [GIFT_MESSAGES.tooLarge];
  if (Object.keys(errors).length > 0 || !file) return { input: null, errors };
  return { input: { requestId: values.requestId, amount, utr, screenshot: file }, errors: null };
}

/** The giver's word that they paid: amount, UTR and a screenshot, sent with a progress bar; the beneficiary then confirms. */
export default function DirectGiftForm({ requestId, payeeName, isSignedIn }: DirectGiftFormProps) {
  const t = useT();
  const headingRef = useRef<HTMLHeadingElement>(null);
  // The form appears on a press: the reader and the keyboard move to it.
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <div data-testid="direct-gift">
      <h4 ref={headingRef} tabIndex={-1}>
        {t('help.gift.heading', { name: payeeName })}
      </h4>
      {isSignedIn === false ? <SignInFirst requestId={requestId} payeeName={payeeName} /> : <GiftForm requestId={requestId} payeeName={payeeName} />}
    </div>
  );
}

function SignInFirst({ requestId, payeeName }: { requestId: string; payeeName: string }) {
  const t = useT();
  return (
    <div data-testid="gift-sign-in">
      <p>{t('help.gift.signInFirst', { name: payeeName })}</p>
      <p>
        <Link href={loginPathFor(`/help/${requestId}`)} className="btn btn-primary">
          {t('help.gift.signIn')}
        </Link>
      </p>
    </div>
  );
}

export function GiftForm({ requestId, payeeName }: { requestId: string; payeeName: string }) {
  const t = useT();
  const { translateServer } = useLang();
  const errorText = useErrorText();
  const fileId = useId();
  const gift = useSendDirectGift();
  const [amount, setAmount] = useState('');
  const [utr, setUtr] = useState('');
  const [clientErrors, setClientErrors] = useState<FieldErrors>({});

  if (gift.state.phase === 'sent') {
    return (
      <div role="status" className="notice notice-success" data-testid="gift-sent">
        <p>
          <strong>{t('help.gift.thanks', { name: payeeName })}</strong>
        </p>
        <p>
          {t('help.gift.follow')} <Link href="/my-help">{t('help.gift.followLink')}</Link>
        </p>
      </div>
    );
  }

  const failure = gift.state.phase === 'failed' ? gift.state : null;
  const serverErrors = failure ? fieldErrorsOf(failure.error) : {};
  const errorsFor = (field: (typeof FIELDS)[number]) => (clientErrors[field] ?? serverErrors[field])?.map(translateServer);
  const hasFieldErrors = FIELDS.some((field) => (serverErrors[field]?.length ?? 0) > 0);
  const formError = failure && !hasFieldErrors ? errorText(failure.error, 'help.gift.failed') : undefined;
  const isSignedOut = failure !== null && httpStatusOf(failure.error) === 401;
  const sending = gift.state.phase === 'sending' ? gift.state : null;
  const percent = sending && sending.total > 0 ? Math.min(100, Math.round((sending.loaded / sending.total) * 100)) : 0;
  const screenshotErrors = errorsFor('screenshot');

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const file = (form.elements.namedItem('screenshot') as HTMLInputElement | null)?.files?.[0] ?? null;
    const checked = checkDirectGift({ requestId, amount, utr, screenshot: file });
    if (checked.errors) {
      setClientErrors(checked.errors);
      const first = FIELDS.find((field) => checked.errors[field]);
      if (first) (form.elements.namedItem(first) as HTMLElement | null)?.focus();
      return;
    }
    setClientErrors({});
    gift.send(checked.input);
  }

  return (
    <form className="form" noValidate onSubmit={onSubmit} data-testid="gift-form">
      <p>{t('help.gift.intro', { name: payeeName })}</p>
      <TextField
        name="amount"
        label={t('help.gift.amount')}
        hint={t('help.gift.amountHint')}
        inputMode="decimal"
        autoComplete="off"
        required
        value={amount}
        onChange={(event) => {
          setAmount(event.target.value);
          setClientErrors({ ...clientErrors, amount: undefined });
        }}
        errors={errorsFor('amount')}
      />
      <TextField
        name="utr"
        label={t('help.gift.utr')}
        hint={t('help.gift.utrHint')}
        autoComplete="off"
        spellCheck={false}
        autoCapitalize="characters"
        maxLength={40}
        required
        value={utr}
        onChange={(event) => {
          setUtr(event.target.value);
          setClientErrors({ ...clientErrors, utr: undefined });
        }}
        errors={errorsFor('utr')}
      />
      <div className="field">
        <label htmlFor={fileId}>{t('help.gift.screenshot')}</label>
        <p className="field-hint" id={`${fileId}-hint`}>
          {t('help.gift.screenshotHint', { name: payeeName })}
        </p>
        <input
          id={fileId}
          name="screenshot"
          type="file"
          accept={IMAGE_TYPES.join(',')}
          required
          aria-describedby={[`${fileId}-hint`, screenshotErrors ? `${fileId}-error` : ''].filter(Boolean).join(' ')}
          aria-invalid={screenshotErrors ? true : undefined}
          onChange={() => setClientErrors({ ...clientErrors, screenshot: undefined })}
        />
        {screenshotErrors && (
          <p className="field-error" id={`${fileId}-error`}>
            {screenshotErrors.join(' ')}
          </p>
        )}
      </div>
      {sending && (
        <div className="upload-progress">
          <label htmlFor={`${fileId}-progress`}>{t('help.gift.uploading', { percent: formatNumber(percent) })}</label>
          <progress id={`${fileId}-progress`} max={100} value={percent} data-testid="gift-progress" />
        </div>
      )}
      <FormError message={formError?.message} hint={formError?.hint} />
      {isSignedOut && (
        <p>
          <Link href={loginPathFor(`/help/${requestId}`)}>{t('help.gift.signIn')}</Link>
        </p>
      )}
      <SubmitButton isBusy={sending !== null} label={t('help.gift.submit')} busyLabel={t('help.gift.sending')} />
    </form>
  );
}
