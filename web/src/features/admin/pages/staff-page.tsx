import { useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { ZInviteStaffRequestSchema } from '@sahay/server/modules/identity/staff/staff-invitations.schema';
import { PERMISSIONS, type Permission } from '@sahay/server/modules/identity/permissions.schema';
import { isSuperAdmin } from '@sahay/server/shared/access';
import { fieldErrorsOf, type FieldErrors } from '#web/api/errors.ts';
import { useLang, useT } from '#web/i18n/i18n.tsx';
import { formatDateTime } from '#web/ui/format.ts';
import { FormError, SubmitButton } from '#web/ui/form/form-status.tsx';
import { usePageMeta } from '#web/ui/page-meta.tsx';
import { TextField } from '#web/ui/form/text-field.tsx';
import { issuesToFieldErrors, useErrorText } from '#web/ui/use-error-text.ts';
import { AccessDenied } from '../components/access-denied.public.tsx';
import { AdminGate } from '../components/admin-gate.public.tsx';
import { AdminPageHeading } from '../components/admin-page-heading.public.tsx';
import { LoadError } from '#web/ui/load-error.tsx';
import { PERMISSION_LABELS } from '../components/staff-permissions.tsx';
import { useInviteStaff, useStaffInvitations, useWithdrawStaffInvitation } from '../hooks/use-staff.ts';

/** /admin/staff — a super-admin invites staff by e-mail and sees which invitations were used (issue 15). */
export default function StaffPage() {
  usePageMeta('admin.invite.metaTitle', 'admin.metaDescription', { isNoIndex: true });
  return (
    <AdminGate permission="members">
      {(me) =>
        isSuperAdmin(me) ? (
          <div className="container admin-page">
            <StaffInvitations />
          </div>
        ) : (
          <AccessDenied isAdmin />
        )
      }
    </AdminGate>
  );
}

export function StaffInvitations() {
  const t = useT();
  const { lang, translateServer } = useLang();
  const errorText = useErrorText();
  const invitations = useStaffInvitations(true);
  const invite = useInviteStaff();
  const withdraw = useWithdrawStaffInvitation();
  const [values, setValues] = useState<{ name: string; email: string; permissions: Permission[] }>({ name: '', email: '', permissions: [] });
  const [clientErrors, setClientErrors] = useState<FieldErrors>({});
  const fieldErrors: FieldErrors = { ...clientErrors, ...fieldErrorsOf(invite.error) };
  const failure = invite.error ? errorText(invite.error, 'admin.invite.failed') : undefined;
  const now = Date.now();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const parsed = ZInviteStaffRequestSchema.safeParse(values);
    if (!parsed.success) {
      const found = issuesToFieldErrors(parsed.error.issues);
      setClientErrors(found);
      invite.reset();
      const first = (['name', 'email'] as const).find((field) => found[field]);
      const target = first ? form.elements.namedItem(first) : form.querySelector('input[name="permissions"]');
      if (target instanceof HTMLElement) target.focus();
      return;
    }
    setClientErrors({});
    invite.mutate(parsed.data, { onSuccess: () => setValues({ name: '', email: '', permissions: [] }) });
  }

  const togglePermission = (permission: Permission, isOn: boolean) =>
    setValues((current) => ({ ...current, permissions: isOn ? [...current.permissions, permission] : current.permissions.filter((one) => one !== permission) }));
  const permissionErrors = fieldErrors.permissions?.map(translateServer);

  return (
    <>
      <AdminPageHeading title={t('admin.invite.heading')} />
      <section aria-labelledby="invite-heading" className="panel">
        <h2 id="invite-heading">{t('admin.invite.formHeading')}</h2>
        <p>{t('admin.invite.help')}</p>
        <form className="form" noValidate onSubmit={onSubmit}>
          <TextField
            name="name"
            label={t('admin.invite.name')}
            autoComplete="off"
            required
            value={values.name}
            onChange={(event) => setValues({ ...values, name: event.target.value })}
            errors={fieldErrors.name?.map(translateServer)}
          />
          <TextField
            name="email"
            type="email"
            label={t('admin.invite.email')}
            autoComplete="off"
            spellCheck={false}
            autoCapitalize="none"
            required
            value={values.email}
            onChange={(event) => setValues({ ...values, email: event.target.value })}
            errors={fieldErrors.email?.map(translateServer)}
          />
          <fieldset className="field-group" aria-describedby={permissionErrors ? 'invite-permissions-error' : undefined}>
            <legend>{t('admin.staff.legend')}</legend>
            {PERMISSIONS.map((permission) => (
              <div className="field-check" key={permission}>
                <input
                  id={`invite-${permission}`}
                  type="checkbox"
                  name="permissions"
                  value={permission}
                  checked={values.permissions.includes(permission)}
                  onChange={(event) => togglePermission(permission, event.target.checked)}
                  aria-describedby={`invite-${permission}-text`}
                />
                <label htmlFor={`invite-${permission}`}>
                  {t(PERMISSION_LABELS[permission].name)} <span id={`invite-${permission}-text`} className="hint">— {t(PERMISSION_LABELS[permission].text)}</span>
                </label>
              </div>
            ))}
            {permissionErrors && (
              <p id="invite-permissions-error" className="field-error">
                {permissionErrors.join(' ')}
              </p>
            )}
          </fieldset>
          <FormError message={failure?.message} hint={failure?.hint} />
          <SubmitButton isBusy={invite.isPending} label={t('admin.invite.submit')} busyLabel={t('common.submitting')} />
          <p role="status">{invite.isSuccess ? t('admin.invite.sent', { until: formatDateTime(invite.data.expiresAt, lang) }) : ''}</p>
        </form>
      </section>

      <section aria-labelledby="invitations-heading" className="panel">
        <h2 id="invitations-heading">{t('admin.invite.listHeading')}</h2>
        {invitations.isPending && <p role="status">{t('common.loading')}</p>}
        {invitations.isError && <LoadError error={errorText(invitations.error, 'admin.loadFailed')} onRetry={() => void invitations.refetch()} retryLabel={t('common.retry')} />}
        {invitations.data?.invitations.length === 0 && <p>{t('admin.invite.none')}</p>}
        {invitations.data && invitations.data.invitations.length > 0 && (
          <ul className="card-grid" data-testid="staff-invitations">
            {invitations.data.invitations.map((invitation) => (
              <li key={invitation.invitationId} className="card">
                <p>
                  <strong>{invitation.fullName ?? t('admin.invite.erased')}</strong> {invitation.email && <span className="mono">{invitation.email}</span>}
                </p>
                <p>{invitation.permissions.map((permission) => t(PERMISSION_LABELS[permission].name)).join(', ')}</p>
                <p>
                  {invitation.userId ? (
                    <>
                      {t('admin.invite.accepted', { when: formatDateTime(invitation.acceptedAt ?? '', lang) })}{' '}
                      <Link href={`/members/${invitation.userId}`}>{invitation.userId}</Link>
                    </>
                  ) : invitation.withdrawnAt ? (
                    t('admin.invite.withdrawn', { when: formatDateTime(invitation.withdrawnAt, lang) })
                  ) : Date.parse(invitation.expiresAt) <= now ? (
                    t('admin.invite.expired', { when: formatDateTime(invitation.expiresAt, lang) })
                  ) : (
                    t('admin.invite.waiting', { until: formatDateTime(invitation.expiresAt, lang) })
                  )}
                </p>
                <p className="field-hint">{t('admin.invite.invitedBy', { who: invitation.invitedBy, when: formatDateTime(invitation.invitedAt, lang) })}</p>
                {!invitation.userId && !invitation.withdrawnAt && Date.parse(invitation.expiresAt) > now && (
                  <p>
                    <button
                      type="button"
                      className="btn btn-secondary"
                      data-testid="withdraw-invitation"
                      aria-label={t('admin.invite.withdrawLabel', { name: invitation.fullName ?? invitation.invitationId })}
                      disabled={withdraw.isPending}
                      onClick={() => {
                        if (window.confirm(t('admin.invite.withdrawConfirm', { name: invitation.fullName ?? invitation.invitationId }))) withdraw.mutate({ invitationId: invitation.invitationId });
                      }}
                    >
                      {t('admin.invite.withdraw')}
                    </button>
                  </p>
                )}
                {withdraw.error && withdraw.variables?.invitationId === invitation.invitationId && <FormError {...errorText(withdraw.error, 'admin.invite.withdrawFailed')} />}
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
