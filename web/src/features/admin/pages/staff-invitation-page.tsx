import { useState, type FormEvent } from 'react';
import { Link, useSearch } from 'wouter';
import { ZAcceptStaffInvitationSchema } from '@sahay/server/modules/identity/staff/staff-invitations.schema';
import { requiresTwoFactor } from '@sahay/server/shared/access';
import { fieldErrorsOf, type FieldErrors } from '#web/api/errors.ts';
import { useLang, useT } from '#web/i18n/i18n.tsx';
import { formatDateTime } from '#web/ui/format.ts';
import { FormError, SubmitButton } from '#web/ui/form/form-status.tsx';
import { usePageMeta } from '#web/ui/page-meta.tsx';
import { PasswordField } from '#web/ui/form/password-field.tsx';
import { TextField } from '#web/ui/form/text-field.tsx';
import { usePasswordToggle } from '#web/features/identity/hooks/use-password-toggle.public.ts';
import { issuesToFieldErrors, useErrorText } from '#web/ui/use-error-text.ts';
import { PERMISSION_LABELS } from '../components/staff-permissions.tsx';
import { useAcceptStaffInvitation, useStaffInvitation } from '../hooks/use-staff.ts';

/**
 * /staff-invitation?token=… — the page behind the link a super-admin's invitation e-mails: the
 * invited person sees what the invitation grants, chooses a password and gives a mobile number;
 * the staff account opens, signed in, and goes on to two-factor set-up when its permissions need it.
 */
export default function StaffInvitationPage() {
  const t = useT();
  const toggle = usePasswordToggle();
  const { lang, translateServer } = useLang();
  const errorText = useErrorText();
  usePageMeta('admin.invitation.metaTitle', 'admin.metaDescription', { isNoIndex: true });
  const token = new URLSearchParams(useSearch()).get('token') ?? '';
  const accept = useAcceptStaffInvitation();
  const invitation = useStaffInvitation(token, !accept.isSuccess);
  const [values, setValues] = useState({ password: '', confirmPassword: '', phone: '' });
  const [clientErrors, setClientErrors] = useState<FieldErrors>({});
  const fieldErrors: FieldErrors = { ...clientErrors, ...fieldErrorsOf(accept.error) };
  const errorsOf = (field: keyof typeof values) => fieldErrors[field]?.map(translateServer);
  const failure = accept.error ? errorText(accept.error, 'admin.invitation.failed') : undefined;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const parsed = ZAcceptStaffInvitationSchema.safeParse({ token, ...values });
    if (!parsed.success) {
      const found = issuesToFieldErrors(parsed.error.issues);
      setClientErrors(found);
      accept.reset();
      const first = (['password', 'confirmPassword', 'phone'] as const).find((field) => found[field]);
      if (first) (form.elements.namedItem(first) as HTMLElement | null)?.focus();
      return;
    }
    setClientErrors({});
    accept.mutate({ token, ...values });
  }

  if (accept.data) {
    return (
      <div className="container page-narrow">
        <h1>{t('admin.invitation.readyHeading')}</h1>
        <div role="status" className="notice notice-success">
          <p>{t('admin.invitation.ready', { name: accept.data.fullName })}</p>
          <p>
            {t('admin.invitation.userId')} <strong data-testid="new-user-id">{accept.data.userId}</strong>
          </p>
          <p>{t('admin.invitation.userIdHint')}</p>
        </div>
        <p className="actions">
          {accept.data.twoFactorSetupRequired ? (
            <Link href="/admin/security" className="btn btn-primary">
              {t('admin.twoFactorFirst.link')}
            </Link>
          ) : (
            <Link href="/admin/dashboard" className="btn btn-primary">
              {t('admin.invitation.toConsole')}
            </Link>
          )}
        </p>
      </div>
    );
  }

  const lookupError: { message: string; hint?: string } | undefined =
    token === '' ? { message: translateServer('This invitation link is not valid.') } : invitation.error ? errorText(invitation.error, 'admin.invitation.failed') : undefined;

  return (
    <div className="container page-narrow">
      <h1>{t('admin.invitation.heading')}</h1>
      {invitation.isPending && token !== '' && <p role="status">{t('common.loading')}</p>}
      {lookupError && (
        <>
          <FormError message={lookupError.message} hint={lookupError.hint} />
          <p>
            <Link href="/admin-login">{t('admin.invitation.toLogin')}</Link>
          </p>
        </>
      )}
      {invitation.data && (
        <>
          <p>{t('admin.invitation.intro', { name: invitation.data.fullName, until: formatDateTime(invitation.data.expiresAt, lang) })}</p>
          <h2>{t('admin.invitation.permissionsHeading')}</h2>
          <ul>
            {invitation.data.permissions.map((permission) => (
              <li key={permission}>
                <strong>{t(PERMISSION_LABELS[permission].name)}</strong>: {t(PERMISSION_LABELS[permission].text)}
              </li>
            ))}
          </ul>
          {requiresTwoFactor({ role: 'admin', permissions: invitation.data.permissions }) && (
            <p className="notice">{t('admin.invitation.twoFactorNote')}</p>
          )}
          <form className="form" noValidate onSubmit={onSubmit}>
            <PasswordField
              name="password"
              toggle={toggle}
              label={t('admin.invitation.password')}
              hint={t('admin.invitation.passwordHint')}
              autoComplete="new-password"
              required
              value={values.password}
              onChange={(event) => setValues({ ...values, password: event.target.value })}
              errors={errorsOf('password')}
            />
            <PasswordField
              name="confirmPassword"
              toggle={toggle}
              label={t('admin.invitation.confirmPassword')}
              autoComplete="new-password"
              required
              value={values.confirmPassword}
              onChange={(event) => setValues({ ...values, confirmPassword: event.target.value })}
              errors={errorsOf('confirmPassword')}
            />
            <TextField
              name="phone"
              type="tel"
              inputMode="tel"
              label={t('admin.invitation.phone')}
              autoComplete="tel"
              required
              value={values.phone}
              onChange={(event) => setValues({ ...values, phone: event.target.value })}
              errors={errorsOf('phone')}
            />
            <FormError message={failure?.message} hint={failure?.hint} />
            <SubmitButton isBusy={accept.isPending} label={t('admin.invitation.submit')} busyLabel={t('common.submitting')} />
          </form>
        </>
      )}
    </div>
  );
}
