import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { TTransferEpinsRequest } from '@sahay/server/modules/community/epins/epins.schema';
import { fieldErrorsOf, httpStatusOf, serverMessageOf } from '#web/api/errors.ts';
import { useLang, useT } from '#web/i18n/i18n.tsx';
import { usePlural } from '#web/i18n/plural.ts';
import { formatNumber } from '#web/ui/format.ts';
import { FormError, SubmitButton } from '#web/ui/form/form-status.tsx';
import { TextField } from '#web/ui/form/text-field.tsx';
import { useReceiverCard } from '../hooks/use-receiver-card.ts';
import { useTransferEpins } from '../hooks/use-transfer-epins.ts';
import { checkTransfer, receiverIdOf, TRANSFER_USER_NOT_FOUND } from '../transfer-rules.ts';

const TRANSFER_FAILED = 'Transfer failed. Try again later.';

/**
 * The Transfer tab (PRODUCT.md §4, §5): pass unused codes to another member. The rules are checked
 * here first and by the server again; the receiver's name is shown as soon as a whole ID is typed,
 * and the transfer is asked back ("Send 2 codes to Kavita Meena (SH…)?") before it is made: codes
 * sent to a wrong ID cannot be called back. The outcome is brought into view, above the phone's
 * bottom bar.
 */
export function TransferForm({ selfId, available }: { selfId: string; available: number }) {
  const t = useT();
  const { translateServer } = useLang();
  const plural = usePlural();
  const transfer = useTransferEpins();
  const [values, setValues] = useState({ toUserId: '', count: '' });
  const [pending, setPending] = useState<(TTransferEpinsRequest & { name: string }) | null>(null);
  const confirmRef = useRef<HTMLHeadingElement>(null);
  const statusRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (pending) confirmRef.current?.focus();
  }, [pending]);
  useEffect(() => {
    if (transfer.data) statusRef.current?.scrollIntoView({ block: 'center' });
  }, [transfer.data]);
  const [clientErrors, setClientErrors] = useState<Record<string, string[]>>({});

  const receiverId = receiverIdOf(values.toUserId);
  const isSelf = receiverId !== null && receiverId === selfId;
  const receiver = useReceiverCard(isSelf ? null : receiverId);
  const receiverStatus = receiver.data ? 'found' : httpStatusOf(receiver.error) === 404 ? 'notFound' : 'unknown';

  const serverErrors = fieldErrorsOf(transfer.error);
  // An unknown receiver is said at once, beside the field, as soon as the lookup answers.
  const lookupErrors = receiverStatus === 'notFound' && !isSelf ? [TRANSFER_USER_NOT_FOUND] : [];
  const errorsFor = (field: 'toUserId' | 'count') =>
    [...new Set([...(clientErrors[field] ?? []), ...(field === 'toUserId' ? lookupErrors : []), ...(serverErrors[field] ?? [])])].map(translateServer);
  // A refused transfer says why beside the field; anything else is "Transfer failed. Try again later."
  const serverMessage = serverMessageOf(transfer.error);
  const hasFieldErrors = Object.values(serverErrors).some((messages) => messages && messages.length > 0);
  const formError = transfer.isError && !hasFieldErrors ? translateServer(serverMessage && httpStatusOf(transfer.error) !== 500 ? serverMessage : TRANSFER_FAILED) : undefined;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const check = checkTransfer(values, { selfId, available, receiver: receiverStatus });
    if (!check.ok) {
      setClientErrors(check.fieldErrors);
      transfer.reset();
      const first = check.fieldErrors.toUserId.length > 0 ? 'toUserId' : 'count';
      (form.elements.namedItem(first) as HTMLElement | null)?.focus();
      return;
    }
    setClientErrors({});
    transfer.reset();
    setPending({ ...check.input, name: receiver.data?.fullName ?? '' });
  }

  function onConfirm() {
    if (!pending) return;
    const { name: _name, ...input } = pending;
    transfer.mutate(input, {
      onSuccess: () => setValues({ toUserId: '', count: '' }),
      onSettled: () => setPending(null),
    });
  }

  function change(field: 'toUserId' | 'count', value: string) {
    setValues({ ...values, [field]: value });
    if (clientErrors[field]) setClientErrors({ ...clientErrors, [field]: [] });
  }

  return (
    <form className="form" noValidate onSubmit={onSubmit} data-testid="transfer-form">
      <p>{t('epins.transfer.available', { count: formatNumber(available) })}</p>
      <TextField
        name="toUserId"
        label={t('epins.transfer.receiver')}
        hint={receiver.data && !isSelf ? t('epins.transfer.receiverName', { name: receiver.data.fullName }) : t('epins.transfer.receiverHint')}
        autoCapitalize="characters"
        autoComplete="off"
        spellCheck={false}
        required
        value={values.toUserId}
        onChange={(event) => change('toUserId', event.target.value)}
        errors={errorsFor('toUserId')}
      />
      <TextField
        name="count"
        type="number"
        inputMode="numeric"
        min={1}
        max={Math.max(available, 1)}
        step={1}
        required
        label={t('epins.transfer.count')}
        hint={t('epins.transfer.countHint', { max: formatNumber(available) })}
        value={values.count}
        onChange={(event) => change('count', event.target.value)}
        errors={errorsFor('count')}
      />
      <FormError message={formError} />
      <p role="status" ref={statusRef} className={transfer.data ? 'notice notice-success' : undefined}>
        {transfer.data &&
          t('epins.transfer.done', {
            count: formatNumber(transfer.data.codes.length),
            name: transfer.data.toName,
            userId: transfer.data.toUserId,
            remaining: formatNumber(transfer.data.remaining),
          })}
      </p>
      {pending ? (
        <div className="notice" role="group" aria-labelledby="transfer-confirm-heading" data-testid="transfer-confirm">
          <h3 id="transfer-confirm-heading" tabIndex={-1} ref={confirmRef}>
            {plural('epins.transfer.confirm', pending.count, { name: pending.name, userId: pending.toUserId })}
          </h3>
          <p>{t('epins.transfer.confirmHint')}</p>
          <div className="share-row">
            <button type="button" className="btn btn-primary" disabled={transfer.isPending} onClick={onConfirm}>
              {transfer.isPending ? t('common.submitting') : t('epins.transfer.confirmYes')}
            </button>
            <button type="button" className="btn btn-secondary" disabled={transfer.isPending} onClick={() => setPending(null)}>
              {t('epins.transfer.change')}
            </button>
          </div>
        </div>
      ) : (
        <SubmitButton isBusy={transfer.isPending} label={t('epins.transfer.submit')} busyLabel={t('common.submitting')} />
      )}
    </form>
  );
}
