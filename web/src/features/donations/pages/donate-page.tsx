import { lazy, Suspense, useRef, useState, type FormEvent } from 'react';
import { Link, useSearch } from 'wouter';
import type { TCreateDonationRequest, TCreateDonationResponse } from '@sahay/server/modules/donations/giving/create-donation.schema';
import type { TStartMonthlyPlanResponse } from '@sahay/server/modules/donations/monthly/monthly-plan.schema';
import { fieldErrorsOf, type FieldErrors } from '#web/api/errors.ts';
import { usePublicCard } from '#web/features/identity/hooks/use-public-card.public.ts';
import { useSiteSettings } from '#web/features/site/hooks/use-site-settings.public.ts';
import { loadNamespaces, useLang, useT } from '#web/i18n/i18n.tsx';
import { lazyModule } from '#web/lib/lazy-module.ts';
import { formatMoney } from '#web/ui/format.ts';
import { FormError, Notice, SubmitButton } from '#web/ui/form/form-status.tsx';
import { usePageMeta } from '#web/ui/page-meta.tsx';
import { TextField } from '#web/ui/form/text-field.tsx';
import { useAdoptEarlyInput } from '#web/ui/form/use-early-input.ts';
import { issuesToFieldErrors, useErrorText } from '#web/ui/use-error-text.ts';
import { AMOUNT_PRESETS_PAISE, MAX_ONLINE_PAISE, parseRupees, rupeesText } from '../amount.public.ts';
import { causeOf, CauseSelect } from '../components/cause-select.tsx';
import { CitizenshipFields, type CitizenshipChoice } from '../components/citizenship-fields.tsx';
import { donorInputOf } from '../donor-input.ts';
import { focusField } from '../focus-field.ts';
import { useCreateDonation } from '../hooks/use-create-donation.ts';
import { useProcedureMutation } from '#web/api/use-procedure.ts';
import { useSignedInDonor } from '../hooks/use-signed-in-donor.ts';
import type { TypedDonor } from '../razorpay-checkout.ts';

/**
 * The form checks input with the server's own schema, loaded (with zod) only once the donor starts
 * on the form; the payment step is its own chunk too, fetched meanwhile. The donate page's first
 * load stays within the public pages' byte budget.
 */
const createSchema = lazyModule(() => import('@sahay/server/modules/donations/giving/create-donation.schema'));
// Asked only once a PAN is typed, with its Latin-letter suggestion (a table of spellings): loaded then.
const PanNameField = lazy(() => import('../components/pan-name-field.tsx'));
const latinName = lazyModule(() => import('@sahay/server/shared/latin-name'));
const loadPayStep = () => import('../components/pay-step.tsx');
const payStepModule = lazyModule(loadPayStep);
const PayStep = lazy(loadPayStep);
// "Every month" (decision 079): what comes after is loaded only when a monthly gift is started.
const MonthlyStarted = lazy(() => import('../monthly/monthly-started.tsx'));

const USER_ID = /^[A-Za-z]{1,5}\d{7}$/;

/** `?help=ABCD2345`: a help request's number (8 characters of the references' alphabet), for the gift to be held for it. */
export function helpRequestIdOf(value: string | null): string | null {
  const id = (value ?? '').trim().toUpperCase();
  return /^[A-HJKMNP-Z2-9]{8}$/.test(id) ? id : null;
}

/** `?fundraiser=FABCDEFGHJ`: a member's fundraiser (F and 9 characters of the same alphabet) the gift is credited to (issue 33). */
export function fundraiserIdOf(value: string | null): string | null {
  const id = (value ?? '').trim().toUpperCase();
  return /^F[A-HJKMNP-Z2-9]{9}$/.test(id) ? id : null;
}

/**
 * donations.create's input, earmarked for the help request when the address names one (the server
 * sets the cause from it), or credited to the fundraiser it names, with the donor's short message.
 */
export function pledgeInputOf(input: TCreateDonationRequest, helpRequestId: string | null, fundraiser: { id: string; message: string } | null = null): TCreateDonationRequest {
  if (fundraiser) return { ...input, fundraiserId: fundraiser.id, ...(fundraiser.message.trim() ? { message: fundraiser.message.trim() } : {}) };
  return helpRequestId ? { ...input, helpRequestId } : input;
}

interface Values {
  amount: string;
  cause: string;
  donorName: string;
  email: string;
  phone: string;
  pan: string;
  /** Null until typed: the field shows (and the form sends) a suggestion from the name. */
  panName: string | null;
  address: string;
  referralId: string;
  showName: boolean;
  citizenship: CitizenshipChoice;
  country: string;
}
type TextFieldName = Exclude<keyof Values, 'showName' | 'cause' | 'panName' | 'citizenship' | 'country'>;
const FIELD_ORDER = ['amount', 'cause', 'citizenship', 'country', 'donorName', 'email', 'phone', 'pan', 'panName', 'address', 'referralId'] as const;

/** /donate — PRODUCT.md §6: the pledge form, then how to pay, then the proof. */
export default function DonatePage() {
  const t = useT();
  usePageMeta('donate.metaTitle', 'donate.metaDescription');
  const [pledge, setPledge] = useState<{ pay: TCreateDonationResponse; contact: string; donor: TypedDonor } | null>(null);
  const [monthly, setMonthly] = useState<{ answer: TStartMonthlyPlanResponse; donor: TypedDonor } | null>(null);
  const settings = useSiteSettings();
  // Until the foundation has entered its UPI ID there is nothing a donor could pay to (issue 15).
  if (!settings.upiVpa.trim()) return <DonationsOpenSoon />;

  return (
    <div className="container page-narrow page-donate">
      <h1>{t('donate.heading')}</h1>
      {!pledge && !monthly && <p>{t('donate.intro')}</p>}
      {monthly ? (
        <Suspense fallback={<p role="status">{t('common.loading')}</p>}>
          <MonthlyStarted answer={monthly.answer} donor={monthly.donor} />
        </Suspense>
      ) : pledge ? (
        <Suspense fallback={<p role="status">{t('common.loading')}</p>}>
          <PayStep pay={pledge.pay} contact={pledge.contact} donor={pledge.donor} isFirstShown />
        </Suspense>
      ) : (
        <DonationForm onCreated={(pay, contact, donor) => setPledge({ pay, contact, donor })} onMonthlyStarted={(answer, donor) => setMonthly({ answer, donor })} />
      )}
    </div>
  );
}

/** A fresh install before the payment details are entered: no form to fill in for nothing, but how to reach the foundation. */
function DonationsOpenSoon() {
  const t = useT();
  const settings = useSiteSettings();
  return (
    <div className="container page-narrow page-donate">
      <h1>{t('donate.heading')}</h1>
      <section className="panel" data-testid="donations-open-soon" aria-labelledby="open-soon-heading">
        <h2 id="open-soon-heading">{t('donate.openSoon.heading')}</h2>
        <p>{t('donate.openSoon.text')}</p>
        <ul>
          {settings.phone && (
            <li>
              {t('donate.largeGiftPhone')} <a href={`tel:${settings.phone.replace(/[\s-]/g, '')}`}>{settings.phone}</a>
            </li>
          )}
          {settings.email && (
            <li>
              {t('donate.openSoon.email')} <a href={`mailto:${settings.email}`}>{settings.email}</a>
            </li>
          )}
          <li>
            <Link href="/contact">{t('donate.openSoon.contactPage')}</Link>
          </li>
        </ul>
      </section>
    </div>
  );
}

function DonationForm({
  onCreated,
  onMonthlyStarted,
}: {
  onCreated: (pay: TCreateDonationResponse, contact: string, donor: TypedDonor) => void;
  onMonthlyStarted: (answer: TStartMonthlyPlanResponse, donor: TypedDonor) => void;
}) {
  const t = useT();
  const { translateServer, lang } = useLang();
  const errorText = useErrorText();
  const settings = useSiteSettings();
  const query = new URLSearchParams(useSearch());
  const helpId = helpRequestIdOf(query.get('help'));
  const fundraiserId = fundraiserIdOf(query.get('fundraiser'));
  const [fundraiserMessage, setFundraiserMessage] = useState('');
  const create = useCreateDonation();
  const startMonthly = useProcedureMutation('donations.monthly.start');
  // Every month (decision 079): a cause's gift, never one earmarked for a help request or given through a fundraiser (which ends).
  const [frequency, setFrequency] = useState<'once' | 'monthly'>(() => (query.get('every') === 'month' && !helpId && !fundraiserId ? 'monthly' : 'once'));
  const [dayOfMonth, setDayOfMonth] = useState(() => Math.min(28, new Date().getDate()));
  const isMonthly = frequency === 'monthly' && !helpId && !fundraiserId;
  const request = isMonthly ? startMonthly : create;
  const donor = useSignedInDonor();
  const formRef = useRef<HTMLFormElement>(null);
  const [initial] = useState<Values>(() => ({
    amount: parseRupees(query.get('amount') ?? '').kind === 'ok' ? (query.get('amount') ?? '') : '',
    cause: causeOf(query.get('cause')),
    donorName: '',
    email: '',
    phone: '',
    pan: '',
    panName: null,
    address: '',
    referralId: (query.get('ref') ?? '').trim().toUpperCase(),
    showName: false,
    citizenship: '',
    country: '',
  }));
  // What the donor typed wins over what was filled in for them (the link, the signed-in member).
  const [typed, setTyped] = useState<Partial<Values>>({});
  const [clientErrors, setClientErrors] = useState<FieldErrors>({});
  const [isChecking, setIsChecking] = useState(false);
  useAdoptEarlyInput(formRef, (early) => setTyped((current) => ({ ...current, ...early })));

  // Never the member's sponsor: a member's own giving is theirs, not counted for whoever invited them (PRODUCT.md §1.2).
  const prefill: Partial<Values> = donor ? { donorName: donor.fullName, email: donor.email, phone: donor.phone } : {};
  const values: Values = { ...initial, ...prefill, ...typed };
  const amount = parseRupees(values.amount);
  const isLargeGift = amount.kind === 'aboveLimit';
  const referrer = usePublicCard(USER_ID.test(values.referralId.trim()) ? values.referralId.trim().toUpperCase() : '');

  const serverErrors = fieldErrorsOf(request.error);
  const fieldErrors: FieldErrors = { ...clientErrors, ...serverErrors, amount: clientErrors.amount ?? serverErrors.amountPaise ?? serverErrors.amount };
  const errorsFor = (field: string) => fieldErrors[field]?.map(translateServer);
  const hasFieldErrors = FIELD_ORDER.some((field) => fieldErrors[field]?.length) || Boolean(fieldErrors.showName?.length);
  const formError = request.error && !hasFieldErrors ? errorText(request.error, 'donate.failed') : undefined;

  const set = (field: TextFieldName | 'cause') => (event: { target: { value: string } }) => setTyped({ ...typed, [field]: event.target.value });
  // The translations of the server's messages ('messages') are not part of the page's first
  // download (its byte budget): they come with the schema once the donor starts on the form, and a
  // check waits for them, so a refusal is never shown in English on a Hindi page. A fundraiser's and
  // a monthly gift's refusals are in their own namespaces, which only those forms need.
  const serverMessages = () => loadNamespaces(lang, ['messages', ...(fundraiserId ? (['fundraisers'] as const) : []), ...(isMonthly ? (['monthly'] as const) : [])]).catch(() => undefined);
  const prepare = () => {
    void createSchema.load();
    void payStepModule.load();
    void serverMessages();
  };

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const focus = (field: string) => focusField(form, field);
    const amountError =
      amount.kind === 'empty' ? t('donate.amountRequired') : amount.kind === 'invalid' ? t('donate.amountInvalid') : amount.kind === 'tooSmall' ? t('donate.amountTooSmall') : undefined;
    setIsChecking(true);
    const [schema, , latin] = await Promise.all([createSchema.load(), payStepModule.load(), values.pan.trim() ? latinName.load() : undefined, serverMessages()]);
    setIsChecking(false);
    // Above ₹10,00,000 the server refuses with the foundation's bank details, shown beside the amount.
    const input = donorInputOf(amount, values, latin?.latinNameSuggestion);
    // Without the schema (offline) the server still checks everything.
    const parsed = schema?.ZCreateDonationRequestSchema.safeParse(input);
    const found: FieldErrors = parsed && !parsed.success ? issuesToFieldErrors(parsed.error.issues) : {};
    delete found.amountPaise;
    if (amountError) found.amount = [amountError];
    // The server takes a pledge without the answer (older clients); this form requires it.
    if (values.citizenship === '') found.citizenship = [t('donate.citizenshipRequired')];
    else if (values.citizenship === 'foreign' && !settings.fcraRegistrationNumber) found.citizenship = [t('fcra.foreignRefused.heading')];
    else if (values.citizenship === 'foreign' && !values.country) found.country = [t('fcra.countryRequired')];
    if (Object.keys(found).length > 0) {
      setClientErrors(found);
      request.reset();
      const first = FIELD_ORDER.find((field) => found[field]);
      if (first) focus(first);
      return;
    }
    setClientErrors({});
    const contact = values.email.trim() || values.phone.trim();
    const typedDonor = { donorName: input.donorName, email: input.email ?? '', phone: input.phone ?? '' };
    if (isMonthly) {
      // The same donor fields, with the day; no referral (a monthly gift credits nobody).
      const { referralId: _referralId, ...monthlyInput } = input;
      await startMonthly.mutate({ ...monthlyInput, dayOfMonth, language: lang }, { onSuccess: (answer) => onMonthlyStarted(answer, typedDonor) });
      return;
    }
    // The reference and the receipt's link are sent in the page's language (issue 32).
    await create.mutate({ ...pledgeInputOf(input, helpId, fundraiserId ? { id: fundraiserId, message: fundraiserMessage } : null), language: lang }, { onSuccess: (pay) => onCreated(pay, contact, { donorName: input.donorName, email: input.email ?? '', phone: input.phone ?? '' }) });
  }

  return (
    <form ref={formRef} className="form" noValidate onSubmit={(event) => void onSubmit(event)} onFocus={prepare} data-testid="donate-form">
      {helpId && (
        <p data-testid="donate-for-help">
          {t('donate.forHelp', { id: helpId })} <Link href={`/help/${helpId}`}>{t('donate.forHelpLink')}</Link>
        </p>
      )}
      {fundraiserId && (
        <>
          <p data-testid="donate-for-fundraiser">
            {t('donate.forFundraiser', { id: fundraiserId })} <Link href={`/fundraisers/${fundraiserId}`}>{t('donate.forFundraiserLink')}</Link>
          </p>
          <TextField
            name="message"
            label={t('donate.fundraiserMessage')}
            hint={t('donate.fundraiserMessageHint')}
            maxLength={280}
            autoComplete="off"
            value={fundraiserMessage}
            onChange={(event) => setFundraiserMessage(event.target.value)}
            errors={errorsFor('message') ?? errorsFor('fundraiserId')}
          />
        </>
      )}
      {/* Monthly giving is to the foundation's causes: never for a help request or a fundraiser, which end. */}
      {!helpId && !fundraiserId && (
        <fieldset className="segmented" data-testid="donate-frequency">
          <legend>{t('donate.frequency.legend')}</legend>
          {(['once', 'monthly'] as const).map((value) => (
            <label key={value} className="segmented-option">
              <input type="radio" name="frequency" value={value} checked={frequency === value} onChange={() => setFrequency(value)} />
              <span>{t(`donate.frequency.${value}`)}</span>
            </label>
          ))}
        </fieldset>
      )}
      <fieldset className="segmented">
        <legend>{t('donate.amountLegend')}</legend>
        {AMOUNT_PRESETS_PAISE.map((paise) => (
          <label key={paise} className="segmented-option">
            <input
              type="radio"
              name="preset"
              value={paise}
              checked={amount.kind === 'ok' && amount.paise === paise}
              onChange={() => setTyped({ ...typed, amount: rupeesText(paise) })}
            />
            <span>{formatMoney(paise)}</span>
          </label>
        ))}
      </fieldset>
      <TextField
        name="amount"
        label={t('donate.amount')}
        hint={t('donate.amountHint')}
        inputMode="decimal"
        autoComplete="off"
        required
        value={values.amount}
        onChange={set('amount')}
        errors={errorsFor('amount')}
      />
      {isLargeGift && <LargeGift phone={settings.phone} email={settings.email} />}
      {isMonthly && (
        <div className="field">
          <label htmlFor="donate-day">{t('donate.frequency.day')}</label>
          <select id="donate-day" name="dayOfMonth" value={dayOfMonth} onChange={(event) => setDayOfMonth(Number(event.target.value))} aria-describedby="donate-day-hint">
            {Array.from({ length: 28 }, (_, index) => index + 1).map((day) => (
              <option key={day} value={day}>
                {day}
              </option>
            ))}
          </select>
          <p className="field-hint" id="donate-day-hint">
            {t('donate.frequency.dayHint')}
          </p>
        </div>
      )}
      <CauseSelect value={values.cause} onChange={set('cause')} errors={errorsFor('cause')} />
      <CitizenshipFields
        citizenship={values.citizenship}
        country={values.country}
        onChange={(field, value) => setTyped({ ...typed, [field]: value })}
        errors={{ citizenship: errorsFor('citizenship'), country: errorsFor('country') }}
        fcraRegistrationNumber={settings.fcraRegistrationNumber}
        contact={{ phone: settings.phone, email: settings.email }}
      />
      <TextField name="donorName" label={t('donate.name')} autoComplete="name" required value={values.donorName} onChange={set('donorName')} errors={errorsFor('donorName')} />
      <p className="field-hint">{t('donate.contactHint')}</p>
      <TextField
        name="email"
        type="email"
        label={t('donate.email')}
        autoComplete="email"
        inputMode="email"
        spellCheck={false}
        value={values.email}
        onChange={set('email')}
        errors={errorsFor('email')}
      />
      <TextField name="phone" type="tel" label={t('donate.phone')} autoComplete="tel" inputMode="tel" value={values.phone} onChange={set('phone')} errors={errorsFor('phone')} />
      <fieldset className="field-group">
        <legend>{t('donate.taxLegend')}</legend>
        <p className="field-hint">{t('donate.taxHint')}</p>
        <TextField
          name="pan"
          label={t('donate.pan')}
          hint={t('donate.panHint')}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={10}
          value={values.pan}
          onChange={set('pan')}
          errors={errorsFor('pan')}
        />
        {values.pan.trim() !== '' && (
          <Suspense fallback={null}>
            <PanNameField
              pan={values.pan}
              donorName={values.donorName}
              value={values.panName}
              onChange={(panName) => setTyped({ ...typed, panName })}
              label={t('donate.panName')}
              errors={errorsFor('panName')}
            />
          </Suspense>
        )}
        <TextField name="address" label={t('donate.address')} autoComplete="street-address" multiline rows={3} value={values.address} onChange={set('address')} errors={errorsFor('address')} />
      </fieldset>
      <div className="field">
        <div className="field-check">
          <input id="donate-show-name" name="showName" type="checkbox" checked={values.showName} onChange={(event) => setTyped({ ...typed, showName: event.target.checked })} aria-describedby="donate-show-name-hint" />
          <label htmlFor="donate-show-name">{t('donate.showName')}</label>
        </div>
        <p className="field-hint" id="donate-show-name-hint">
          {t('donate.showNameHint')}
        </p>
      </div>
      {!isMonthly && (
      <TextField
        name="referralId"
        label={t('donate.referral')}
        hint={referrer.data ? t('donate.referralCredited', { name: referrer.data.fullName }) : t('donate.referralHint')}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        value={values.referralId}
        onChange={set('referralId')}
        errors={errorsFor('referralId')}
      />
      )}
      <FormError message={formError?.message} hint={formError?.hint} />
      <SubmitButton isBusy={request.isPending || isChecking} label={t('donate.submit')} busyLabel={t('common.submitting')} />
      <p className="field-hint">
        {t('donate.statusHint')} <Link href="/donate/status">{t('donate.statusLink')}</Link>
      </p>
    </form>
  );
}

/**
 * Above ₹10,00,000 a gift is not taken online. Said as soon as such an amount is typed; the server's
 * answer to the form then names the foundation's bank account (from settings) beside the amount.
 */
function LargeGift({ phone, email }: { phone: string; email: string }) {
  const t = useT();
  return (
    <div role="status" data-testid="large-gift">
      <Notice tone="warning">
        <p>{t('donate.largeGift', { limit: formatMoney(MAX_ONLINE_PAISE) })}</p>
        <p>
          {phone && (
            <>
              {t('donate.largeGiftPhone')} <a href={`tel:${phone.replace(/[\s-]/g, '')}`}>{phone}</a>
              <br />
            </>
          )}
          {t('donate.largeGiftEmail')} <a href={`mailto:${email}`}>{email}</a>
        </p>
      </Notice>
    </div>
  );
}
