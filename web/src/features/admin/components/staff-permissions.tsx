import { useState, type FormEvent } from 'react';
import { ZSetPermissionsRequestSchema } from '@sahay/server/modules/admin/members/members.schema';
import type { Permission } from '@sahay/server/modules/identity/permissions.schema';
import { PERMISSIONS } from '@sahay/server/modules/identity/permissions.schema';
import { fieldErrorsOf } from '#web/api/errors.ts';
import { useLang, useT, type MessageKey } from '#web/i18n/i18n.tsx';
import { FormError, SubmitButton } from '#web/ui/form/form-status.tsx';
import { TextField } from '#web/ui/form/text-field.tsx';
import { useErrorText } from '#web/ui/use-error-text.ts';
import { useSetPermissions } from '../hooks/use-members.ts';

export const PERMISSION_LABELS: Record<Permission, { name: MessageKey; text: MessageKey }> = {
  content: { name: 'admin.staff.permissions.content', text: 'admin.staff.permissions.contentText' },
  finance: { name: 'admin.staff.permissions.finance', text: 'admin.staff.permissions.financeText' },
  verification: { name: 'admin.staff.permissions.verification', text: 'admin.staff.permissions.verificationText' },
  members: { name: 'admin.staff.permissions.members', text: 'admin.staff.permissions.membersText' },
  settings: { name: 'admin.staff.permissions.settings', text: 'admin.staff.permissions.settingsText' },
};

/**
 * A staff account's permissions: shown to every members admin; a super-admin (holding every
 * permission) changes them here with a reason, which goes into the account's record.
 */
export function StaffPermissions({ userId, permissions, canChange }: { userId: string; permissions: readonly Permission[]; canChange: boolean }) {
  const t = useT();
  const { translateServer } = useLang();
  const errorText = useErrorText();
  const change = useSetPermissions();
  const [chosen, setChosen] = useState<readonly Permission[]>(permissions);
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const failure = change.error ? errorText(change.error, 'admin.staff.changeFailed') : undefined;
  const serverErrors = fieldErrorsOf(change.error);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = ZSetPermissionsRequestSchema.safeParse({ userId, permissions: chosen, reason });
    if (!parsed.success) {
      const found: Record<string, string[]> = {};
      for (const issue of parsed.error.issues) (found[String(issue.path[0])] ??= []).push(issue.message);
      setErrors(found);
      change.reset();
      (event.currentTarget.elements.namedItem('permissions-reason') as HTMLElement | null)?.focus();
      return;
    }
    setErrors({});
    change.mutate(parsed.data, { onSuccess: () => setReason('') });
  }

  return (
    <section aria-labelledby="staff-permissions-heading" className="panel" data-testid="staff-permissions">
      <h2 id="staff-permissions-heading">{t('admin.staff.heading')}</h2>
      <p>{t(canChange ? 'admin.staff.help' : 'admin.staff.helpReadOnly')}</p>
      {!canChange ? (
        <ul>
          {permissions.length === 0 && <li>{t('admin.staff.none')}</li>}
          {permissions.map((permission) => (
            <li key={permission}>{t(PERMISSION_LABELS[permission].name)}</li>
          ))}
        </ul>
      ) : (
        <form className="form" noValidate onSubmit={onSubmit}>
          <fieldset className="field-group">
            <legend>{t('admin.staff.legend')}</legend>
            {PERMISSIONS.map((permission) => (
              <div className="field-check" key={permission}>
                <input
                  id={`permission-${permission}`}
                  type="checkbox"
                  name="permissions"
                  value={permission}
                  checked={chosen.includes(permission)}
                  onChange={(event) => setChosen(event.target.checked ? [...chosen, permission] : chosen.filter((one) => one !== permission))}
                  aria-describedby={`permission-${permission}-text`}
                />
                <label htmlFor={`permission-${permission}`}>
                  {t(PERMISSION_LABELS[permission].name)} <span id={`permission-${permission}-text`} className="hint">— {t(PERMISSION_LABELS[permission].text)}</span>
                </label>
              </div>
            ))}
          </fieldset>
          <TextField
            name="permissions-reason"
            multiline
            label={t('admin.members.reasonLabel')}
            required
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            errors={[...(errors.reason ?? []), ...(serverErrors.reason ?? [])].map(translateServer)}
          />
          <FormError message={failure?.message} hint={failure?.hint} />
          <div role="status">{change.isSuccess && <p>{t('admin.staff.saved')}</p>}</div>
          <SubmitButton isBusy={change.isPending} label={t('admin.staff.save')} busyLabel={t('common.submitting')} />
        </form>
      )}
    </section>
  );
}
