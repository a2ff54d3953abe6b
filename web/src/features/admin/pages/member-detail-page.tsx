import { useState, type FormEvent } from 'react';
import { Link, useParams } from 'wouter';
import { ZChangeMemberStatusRequestSchema } from '@sahay/server/modules/admin/members/members.schema';
import { ZErasePersonRequestSchema } from '@sahay/server/modules/identity/erasure/erase-person.schema';
import { fieldErrorsOf } from '#web/api/errors.ts';
import { useLang, useT, type MessageKey } from '#web/i18n/i18n.tsx';
import { formatDate, formatDateTime, formatNumber } from '#web/ui/format.ts';
import { FormError, SubmitButton } from '#web/ui/form/form-status.tsx';
import { usePageMeta } from '#web/ui/page-meta.tsx';
import { ResponsiveTable } from '#web/ui/responsive-table.tsx';
import { TextField } from '#web/ui/form/text-field.tsx';
import { useErrorText } from '#web/ui/use-error-text.ts';
import { useActorName } from '../components/actor-name.public.ts';
import { AdminGate } from '../components/admin-gate.public.tsx';
import { AdminPageHeading } from '../components/admin-page-heading.public.tsx';
import { LoadError } from '#web/ui/load-error.tsx';
import { ErasureOutcome } from '../components/erase-contact-form.tsx';
import { MemberStatus } from '../components/member-status.tsx';
import type { MemberEntry } from '../components/member-table.tsx';
import { useChangeMemberStatus, useEraseMember, useMemberDetail } from '../hooks/use-members.ts';
import { useResetTotp } from '../hooks/use-totp.ts';
import { StaffPermissions } from '../components/staff-permissions.tsx';
import { isSuperAdmin } from '@sahay/server/shared/access';

/** What each recorded event of a member's record is called; an unknown type is shown as recorded. */
const EVENT_NAMES: Record<string, MessageKey> = {
  AccountRegistered: 'admin.members.events.AccountRegistered',
  EmailConfirmationRequested: 'admin.members.events.EmailConfirmationRequested',
  EmailConfirmed: 'admin.members.events.EmailConfirmed',
  PasswordChanged: 'admin.members.events.PasswordChanged',
  PasswordResetRequested: 'admin.members.events.PasswordResetRequested',
  ProfileUpdated: 'admin.members.events.ProfileUpdated',
  QrCodeUploaded: 'admin.members.events.QrCodeUploaded',
  QrCodeProcessed: 'admin.members.events.QrCodeProcessed',
  QrCodeFileImported: 'admin.members.events.QrCodeFileImported',
  QrCodeRejected: 'admin.members.events.QrCodeRejected',
  IdPhotoUploaded: 'admin.members.events.IdPhotoUploaded',
  IdPhotoProcessed: 'admin.members.events.IdPhotoProcessed',
  IdPhotoRejected: 'admin.members.events.IdPhotoRejected',
  IdPhotoRemoved: 'admin.members.events.IdPhotoRemoved',
  MemberSuspended: 'admin.members.events.MemberSuspended',
  MemberReactivated: 'admin.members.events.MemberReactivated',
  PersonalDataErased: 'admin.members.events.PersonalDataErased',
  AdminTotpEnabled: 'admin.members.events.AdminTotpEnabled',
  AdminTotpDisabled: 'admin.members.events.AdminTotpDisabled',
  StaffPermissionsChanged: 'admin.members.events.StaffPermissionsChanged',
};

/** /admin/members/:userId — a member's record: sponsor, team, history with actor and time; suspend or reactivate. */
export default function MemberDetailPage() {
  const t = useT();
  usePageMeta('admin.members.metaTitle', 'admin.metaDescription', { isNoIndex: true });
  const { userId = '' } = useParams<{ userId?: string }>();
  return (
    <AdminGate permission="members">
      {(me) => (
        <div className="container admin-page member-page">
          <p className="back-link">
            <Link href="/members">{t('admin.members.backToSearch')}</Link>
          </p>
          <MemberDetail userId={userId.toUpperCase()} isSuperAdmin={isSuperAdmin(me)} />
        </div>
      )}
    </AdminGate>
  );
}

function MemberDetail({ userId, isSuperAdmin }: { userId: string; isSuperAdmin: boolean }) {
  const t = useT();
  const actorName = useActorName('admin.members.notSignedIn');
  const { lang } = useLang();
  const errorText = useErrorText();
  const detail = useMemberDetail(userId);
  // Here, not in the erasure's form: that form goes once the member shows as erased, and what was
  // erased and what the law keeps must still be said (issue 29).
  const erase = useEraseMember();
  if (detail.isPending) return <p role="status">{t('common.loading')}</p>;
  if (detail.isError) return <LoadError error={errorText(detail.error, 'admin.members.loadFailed')} onRetry={() => void detail.refetch()} retryLabel={t('common.retry')} />;
  const { member, sponsorName, teamSize, directJoinees, twoFactor, permissions, idPhotoUrl, history } = detail.data;
  return (
    <>
      <AdminPageHeading title={member.fullName} />
      <section aria-labelledby="member-facts-heading" className="panel">
        <h2 id="member-facts-heading">{t('admin.members.record')}</h2>
        <dl className="facts facts-grid">
          <div>
            <dt>{t('admin.members.userId')}</dt>
            <dd className="mono" data-testid="member-user-id">{member.userId}</dd>
          </div>
          <div>
            <dt>{t('admin.members.status')}</dt>
            <dd data-testid="member-status">
              <MemberStatus member={member} />
            </dd>
          </div>
          <div>
            <dt>{t('admin.members.sponsor')}</dt>
            <dd>{member.sponsorId === null ? t('common.foundation') : `${sponsorName ?? ''} (${member.sponsorId})`}</dd>
          </div>
          <div>
            <dt>{t('admin.members.teamSize')}</dt>
            <dd>{formatNumber(teamSize)}</dd>
          </div>
          <div>
            <dt>{t('admin.members.directJoinees')}</dt>
            <dd>{formatNumber(directJoinees)}</dd>
          </div>
          <div>
            <dt>{t('admin.members.email')}</dt>
            <dd>{member.email ?? t('common.none')}</dd>
          </div>
          <div>
            <dt>{t('admin.members.phone')}</dt>
            <dd>{member.phone ?? t('common.none')}</dd>
          </div>
          <div>
            <dt>{t('admin.members.joined')}</dt>
            <dd>{formatDate(member.joinedAt, lang)}</dd>
          </div>
          <div>
            <dt>{t('admin.members.idPhoto')}</dt>
            <dd data-testid="member-id-photo">
              {idPhotoUrl ? (
                // Served only to the member and to staff with `members`; the 300 × 375 photo shown at card size.
                <img src={idPhotoUrl} width={96} height={120} className="member-id-photo" alt={t('admin.members.idPhotoAlt', { name: member.fullName })} />
              ) : (
                t('admin.members.noIdPhoto')
              )}
            </dd>
          </div>
          {twoFactor && (
            <div>
              <dt>{t('admin.members.twoFactor')}</dt>
              <dd data-testid="member-two-factor">{t('admin.members.twoFactorOn')}</dd>
            </div>
          )}
        </dl>
      </section>
      {permissions && member.status !== 'erased' && (
        <StaffPermissions userId={member.userId} permissions={permissions} canChange={isSuperAdmin} />
      )}
      {member.status !== 'erased' && <StatusChange member={member} />}
      {twoFactor && <TotpReset userId={member.userId} />}
      {member.status !== 'erased' && <Erasure userId={member.userId} erase={erase} />}
      {erase.data && (
        <section className="panel" data-testid="erasure-outcome">
          <ErasureOutcome outcome={erase.data} />
        </section>
      )}
      <section aria-labelledby="history-heading" className="panel">
        <h2 id="history-heading">{t('admin.members.history')}</h2>
        <ResponsiveTable
          // Not the section's name again: two regions of one name are one landmark too many (axe landmark-unique).
          label={t('admin.members.historyCaption', { count: formatNumber(history.length) })}
          caption={t('admin.members.historyCaption', { count: formatNumber(history.length) })}
          testId="member-history"
          rows={history}
          rowKey={(entry) => entry.version}
          columns={[
            { header: t('admin.members.event'), cell: (entry) => (EVENT_NAMES[entry.type] ? t(EVENT_NAMES[entry.type]!) : entry.type) },
            { header: t('admin.members.actor'), className: 'mono', cell: (entry) => actorName(entry.actor) },
            { header: t('admin.members.when'), cell: (entry) => formatDateTime(entry.recordedAt, lang) },
            { header: t('admin.members.reason'), className: 'cell-wrap', cell: (entry) => entry.reason ?? t('common.none') },
          ]}
        />
      </section>
    </>
  );
}

/** Turn off another admin's two-factor sign-in (a lost phone), with a reason that goes into the record. */
function TotpReset({ userId }: { userId: string }) {
  const t = useT();
  const reset = useResetTotp();
  return (
    <ReasonAction
      id="totp-reset"
      userId={userId}
      heading={t('admin.members.resetTotpHeading')}
      help={t('admin.members.resetTotpHelp')}
      submitLabel={t('admin.members.resetTotp')}
      failedKey="admin.members.resetTotpFailed"
      mutation={reset}
    />
  );
}

/** Suspend an active member or reactivate a suspended one, always with a reason (it goes into the record). */
function StatusChange({ member }: { member: MemberEntry }) {
  const t = useT();
  const { suspend, reactivate } = useChangeMemberStatus();
  const isSuspended = member.status === 'suspended';
  return (
    <ReasonAction
      id="status-change"
      userId={member.userId}
      heading={t(isSuspended ? 'admin.members.reactivateHeading' : 'admin.members.suspendHeading')}
      help={t(isSuspended ? 'admin.members.reactivateHelp' : 'admin.members.suspendHelp')}
      submitLabel={t(isSuspended ? 'admin.members.reactivate' : 'admin.members.suspend')}
      failedKey="admin.members.changeFailed"
      mutation={isSuspended ? reactivate : suspend}
      done={(suspend.isSuccess || reactivate.isSuccess) && t(isSuspended ? 'admin.members.suspendedDone' : 'admin.members.reactivatedDone')}
    />
  );
}

/**
 * Erase the person's personal data for good (their request, or the law): the key that opens their
 * records is destroyed. A box to tick first, since nothing brings it back.
 */
function Erasure({ userId, erase }: { userId: string; erase: ReturnType<typeof useEraseMember> }) {
  const t = useT();
  return (
    <>
      <ReasonAction
        id="erasure"
        userId={userId}
        heading={t('admin.members.eraseHeading')}
        help={t('admin.members.eraseHelp')}
        submitLabel={t('admin.members.erase')}
        failedKey="admin.members.eraseFailed"
        mutation={erase}
        schema={ZErasePersonRequestSchema}
        confirmLabel={t('admin.members.eraseConfirm')}
        done={erase.isSuccess && t('admin.members.erasedDone')}
      />
    </>
  );
}

interface ReasonMutation {
  mutate(input: { userId: string; reason: string }, options?: { onSuccess?: () => void }): void;
  reset(): void;
  error: Parameters<typeof fieldErrorsOf>[0];
  isPending: boolean;
}

/** An action on a member's record that needs a reason (checked here with the server's schema, then by the server). */
function ReasonAction(props: {
  id: string;
  userId: string;
  heading: string;
  help: string;
  submitLabel: string;
  failedKey: MessageKey;
  mutation: ReasonMutation;
  done?: string | false;
  /** The server's schema for this action's input (the reason rules differ: an erasure's reason outlives the person). */
  schema?: typeof ZChangeMemberStatusRequestSchema | typeof ZErasePersonRequestSchema;
  /** A box the admin must tick first, for what cannot be undone. */
  confirmLabel?: string;
}) {
  const { id, userId, heading, help, submitLabel, failedKey, mutation, done, schema = ZChangeMemberStatusRequestSchema, confirmLabel } = props;
  const t = useT();
  const { translateServer } = useLang();
  const errorText = useErrorText();
  const [reason, setReason] = useState('');
  const [reasonErrors, setReasonErrors] = useState<string[]>([]);
  const [isConfirmed, setIsConfirmed] = useState(false);
  const [isConfirmMissing, setIsConfirmMissing] = useState(false);
  const failure = mutation.error ? errorText(mutation.error, failedKey) : undefined;
  const fieldName = `${id}-reason`;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = schema.safeParse({ userId, reason });
    if (!parsed.success) {
      setReasonErrors(parsed.error.issues.map((issue) => issue.message));
      mutation.reset();
      (event.currentTarget.elements.namedItem(fieldName) as HTMLElement | null)?.focus();
      return;
    }
    setReasonErrors([]);
    if (confirmLabel && !isConfirmed) {
      setIsConfirmMissing(true);
      (event.currentTarget.elements.namedItem(`${id}-confirm`) as HTMLElement | null)?.focus();
      return;
    }
    setIsConfirmMissing(false);
    mutation.mutate(parsed.data, { onSuccess: () => setReason('') });
  }

  return (
    <section aria-labelledby={`${id}-heading`} className="panel">
      <h2 id={`${id}-heading`}>{heading}</h2>
      <p>{help}</p>
      <form className="form" noValidate onSubmit={onSubmit}>
        <TextField
          name={fieldName}
          multiline
          label={t('admin.members.reasonLabel')}
          required
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          errors={[...reasonErrors, ...(fieldErrorsOf(mutation.error).reason ?? [])].map(translateServer)}
        />
        {confirmLabel && (
          <div className="field">
            <div className="field-check">
              <input
                id={`${id}-confirm`}
                type="checkbox"
                name={`${id}-confirm`}
                checked={isConfirmed}
                aria-invalid={isConfirmMissing || undefined}
                aria-describedby={isConfirmMissing ? `${id}-confirm-error` : undefined}
                onChange={(event) => setIsConfirmed(event.target.checked)}
              />
              <label htmlFor={`${id}-confirm`}>{confirmLabel}</label>
            </div>
            {isConfirmMissing && (
              <p className="field-error" id={`${id}-confirm-error`}>
                {t('admin.members.eraseConfirmFirst')}
              </p>
            )}
          </div>
        )}
        <FormError message={failure?.message} hint={failure?.hint} />
        {done !== undefined && <p role="status">{done}</p>}
        <SubmitButton isBusy={mutation.isPending} label={submitLabel} busyLabel={t('common.submitting')} />
      </form>
    </section>
  );
}
