import { useState, type FormEvent } from 'react';
import { MAX_EPINS_PER_BATCH, ZGenerateEpinsRequestSchema } from '@sahay/server/modules/community/epins/epins.schema';
import { useLang, useT } from '#web/i18n/i18n.tsx';
import { usePlural } from '#web/i18n/plural.ts';
import { FormError, SubmitButton } from '#web/ui/form/form-status.tsx';
import { TextField } from '#web/ui/form/text-field.tsx';
import { useGenerateEpins } from '../hooks/use-generate-epins.ts';

export function EpinGenerator() {
  const t = useT();
  const plural = usePlural();
  const { translateServer } = useLang();
  const generate = useGenerateEpins();
  const [count, setCount] = useState('1');
  const [countErrors, setCountErrors] = useState<string[]>([]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = ZGenerateEpinsRequestSchema.safeParse({ count: count.trim() === '' ? Number.NaN : Number(count) });
    if (!parsed.success) {
      setCountErrors(parsed.error.issues.map((issue) => issue.message));
      generate.reset();
      (event.currentTarget.elements.namedItem('count') as HTMLElement | null)?.focus();
      return;
    }
    setCountErrors([]);
    generate.mutate(parsed.data);
  }

  return (
    <form className="form form-inline" noValidate onSubmit={onSubmit}>
      <TextField
        name="count"
        type="number"
        inputMode="numeric"
        min={1}
        max={MAX_EPINS_PER_BATCH}
        step={1}
        required
        label={t('admin.epins.count')}
        hint={t('admin.epins.countHint', { max: MAX_EPINS_PER_BATCH })}
        value={count}
        onChange={(event) => setCount(event.target.value)}
        errors={countErrors.map(translateServer)}
      />
      <SubmitButton isBusy={generate.isPending} label={t('admin.epins.generate')} busyLabel={t('common.submitting')} />
      {/* The failure message is fixed by PRODUCT.md §5; the server's reason is not shown here. */}
      <FormError message={generate.isError ? t('admin.epins.error') : undefined} />
      <p role="status" className="copy-status">
        {generate.data && plural('admin.epins.generated', generate.data.epins.length)}
      </p>
    </form>
  );
}
