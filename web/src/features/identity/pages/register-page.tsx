import { useRef, useState, type FormEvent, type HTMLAttributes } from 'react';
import { Link, useLocation, useParams, useSearch } from 'wouter';
import type { TRegisterRequest } from '@sahay/server/modules/community/registration/register.schema';
import { fieldErrorsOf, httpStatusOf, type FieldErrors } from '#web/api/errors.ts';
import { useLang, useT, type MessageKey } from '#web/i18n/i18n.tsx';
import { FormError, SubmitButton } from '#web/ui/form/form-status.tsx';
import { PasswordField } from '#web/ui/form/password-field.tsx';
import { usePasswordToggle } from '../hooks/use-password-toggle.public.ts';
import { StateSelect } from '#web/ui/form/state-select.tsx';
import { usePageMeta } from '#web/ui/page-meta.tsx';
import { useAdoptEarlyInput } from '#web/ui/form/use-early-input.ts';
import { TextField } from '#web/ui/form/text-field.tsx';
import { issuesToFieldErrors, useErrorText } from '#web/ui/use-error-text.ts';
import { useSiteData } from '#web/features/site/site-data.public.tsx';
import { usePublicCard } from '../hooks/use-public-card.public.ts';
import { useRegister } from '../hooks/use-register.ts';
import { registerSchema } from '../lazy-schemas.ts';

/** PRODUCT.md §11: redirects wait 1 s. */
const REDIRECT_DELAY_MS = 1000;
const INVALID_REFERRAL = 'Invalid referral ID';

type FieldName = 'fullName' | 'email' | 'phone' | 'epin' | 'password' | 'address' | 'city' | 'state' | 'pinCode';

interface FieldSpec {
  name: FieldName;
  label: MessageKey;
  hint?: MessageKey;
  type?: string;
  autoComplete: string;
  inputMode?: HTMLAttributes<HTMLInputElement>['inputMode'];
  multiline?: boolean;
}

const FIELDS: FieldSpec[] = [
  { name: 'fullName', label: 'register.fullName', autoComplete: 'name' },
  { name: 'email', label: 'register.email', type: 'email', inputMode: 'email', autoComplete: 'email' },
  { name: 'phone', label: 'register.phone', hint: 'register.phoneHint', type: 'tel', inputMode: 'tel', autoComplete: 'tel-national' },
  { name: 'epin', label: 'register.epin', hint: 'register.epinHint', autoComplete: 'off' },
  { name: 'password', label: 'register.password', hint: 'register.passwordHint', type: 'password', autoComplete: 'new-password' },
  { name: 'address', label: 'register.address', autoComplete: 'street-address', multiline: true },
  { name: 'city', label: 'register.city', autoComplete: 'address-level2' },
  // A list (StateSelect), not typed.
  { name: 'state', label: 'register.state', autoComplete: 'address-level1' },
  { name: 'pinCode', label: 'register.pinCode', hint: 'register.pinCodeHint', inputMode: 'numeric', autoComplete: 'postal-code' },
];

const EMPTY: Record<FieldName, string> = { fullName: '', email: '', phone: '', epin: '', password: '', address: '', city: '', state: '', pinCode: '' };

export default function RegisterPage() {
  const t = useT();
  const { translateServer } = useLang();
  const errorText = useErrorText();
  usePageMeta('register.metaTitle', 'register.metaDescription');
  const [, navigate] = useLocation();

  // The referral comes from /register/:userId or from ?ref=&name= (PRODUCT.md §4).
  const params = useParams<{ userId?: string }>();
  const query = new URLSearchParams(useSearch());
  const referralId = (params.userId ?? query.get('ref') ?? '').trim().toUpperCase();
  const card = usePublicCard(referralId);
  const hasReferral = referralId !== '';
  // The server answers 400 to a malformed ID and 404 to an unknown one.
  const referralStatus = httpStatusOf(card.error);
  const isReferralInvalid = hasReferral && (referralStatus === 400 || referralStatus === 404);
  const sponsorName = !hasReferral ? t('common.foundation') : (card.data?.fullName ?? (isReferralInvalid ? '' : (query.get('name') ?? '')));

  // A member's shared link carries one of their codes (/register/<id>?code=…): filled in, not typed.
  const codeFromLink = (query.get('code') ?? '').trim().toUpperCase().slice(0, 16);
  // "Invite only" (a setting, on by default) makes the code mandatory; off, anyone may join without one.
  const isCodeNeeded = useSiteData().settings.isInviteOnly;
  const register = useRegister();
  const [values, setValues] = useState(() => ({ ...EMPTY, epin: codeFromLink }));
  const [clientErrors, setClientErrors] = useState<FieldErrors>({});
  const [isChecking, setIsChecking] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  useAdoptEarlyInput(formRef, (typed) => setValues((current) => ({ ...current, ...typed })));
  const fieldErrors: FieldErrors = { ...clientErrors, ...fieldErrorsOf(register.error) };
  const errorsFor = (field: string) => fieldErrors[field]?.map(translateServer);
  const formError = register.error ? errorText(register.error, 'register.failed') : undefined;
  const toggle = usePasswordToggle();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const input: TRegisterRequest = { ...values, referralId, sponsorName: hasReferral ? card.data?.fullName : undefined };
    setIsChecking(true);
    const schemas = await registerSchema.load();
    const parsed = schemas?.ZRegisterRequestSchema.safeParse(input);
    setIsChecking(false);
    const found = !parsed || parsed.success ? {} : issuesToFieldErrors(parsed.error.issues);
    // The schema lets the server decide whether a code is needed; the form asks for one when the setting does.
    if (isCodeNeeded && values.epin.trim() === '' && schemas) found.epin = [schemas.REGISTER_EMPTY.epin];
    if (isReferralInvalid) found.referralId = [INVALID_REFERRAL];
    const firstInvalid = ['referralId', ...FIELDS.map((field) => field.name)].find((name) => found[name]);
    if ((parsed && !parsed.success) || firstInvalid) {
      setClientErrors(found);
      register.reset();
      if (firstInvalid) (form.elements.namedItem(firstInvalid) as HTMLElement | null)?.focus();
      return;
    }
    setClientErrors({});
    void register.mutate(parsed?.data ?? input, {
      onSuccess: () => setTimeout(() => navigate('/dashboard', { replace: true }), REDIRECT_DELAY_MS),
    });
  }

  return (
    <div className="container page-narrow">
      <h1>{t('register.heading')}</h1>
      {/* Present from the start, so screen readers announce the welcome when it appears. */}
      <div role="status" className={register.data ? 'notice notice-success' : undefined}>
        {register.data && (
          <>
            <p>{t('register.welcome', { name: register.data.fullName, userId: register.data.userId })}</p>
            <p>{t('register.redirecting')}</p>
          </>
        )}
      </div>
      {!register.data && (
        <>
          <p>{t('register.intro')}</p>
          <form ref={formRef} className="form" noValidate onSubmit={(event) => void onSubmit(event)} onFocus={() => void registerSchema.load()}>
            <TextField
              name="referralId"
              label={t('register.referralId')}
              readOnly
              value={hasReferral ? referralId : t('register.noReferral')}
              hint={hasReferral && card.isLoading ? t('register.checkingReferral') : undefined}
              errors={isReferralInvalid ? [t('register.invalidReferral')] : errorsFor('referralId')}
            />
            {isReferralInvalid && (
              <p className="field-after">
                <Link href="/register">{t('register.withoutReferral')}</Link>
              </p>
            )}
            <TextField name="sponsorName" label={t('register.sponsorName')} readOnly value={sponsorName} />
            {FIELDS.map((field) => {
              const isOptionalCode = field.name === 'epin' && !isCodeNeeded;
              const common = {
                name: field.name,
                label: t(isOptionalCode ? 'register.epinOptional' : field.label),
                required: !isOptionalCode,
                errors: errorsFor(field.name),
              };
              const setValue = (value: string) => setValues((current) => ({ ...current, [field.name]: value }));
              if (field.name === 'state') {
                return <StateSelect key={field.name} {...common} value={values.state} onChange={setValue} />;
              }
              const hint =
                field.name === 'epin'
                  ? codeFromLink && values.epin === codeFromLink
                    ? t('register.epinFromLink')
                    : t(isCodeNeeded ? 'register.noCode' : 'register.epinNotNeeded')
                  : field.hint && t(field.hint);
              const onChange = (event: { target: { value: string } }) => setValue(event.target.value);
              if (field.name === 'password') {
                return <PasswordField key={field.name} {...common} hint={hint} toggle={toggle} autoComplete={field.autoComplete} value={values.password} onChange={onChange} />;
              }
              return (
                <TextField
                  key={field.name}
                  {...common}
                  hint={hint}
                  {...(field.multiline ? { multiline: true as const } : { type: field.type ?? 'text', inputMode: field.inputMode })}
                  autoComplete={field.autoComplete}
                  value={values[field.name]}
                  onChange={onChange}
                />
              );
            })}
            <FormError message={formError?.message} hint={formError?.hint} />
            <SubmitButton isBusy={register.isPending || isChecking} label={t('register.submit')} busyLabel={t('common.submitting')} />
          </form>
          <p className="form-links">
            {t('register.haveAccount')} <Link href="/login">{t('register.login')}</Link>
          </p>
        </>
      )}
    </div>
  );
}
