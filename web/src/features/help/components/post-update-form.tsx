import { useState, type FormEvent } from 'react';
import { ZPostHelpUpdateSchema } from '@sahay/server/modules/help/help.schema';
import type { FieldErrors } from '#web/api/errors.ts';
import { fieldErrorsOf } from '#web/api/errors.ts';
import { useLang, useT, type MessageKey } from '#web/i18n/i18n.tsx';
import { FormError, SubmitButton } from '#web/ui/form/form-status.tsx';
import { TextField } from '#web/ui/form/text-field.tsx';
import { issuesToFieldErrors, useErrorText } from '#web/ui/use-error-text.ts';

/** The longest update the schema takes (help.schema.ts ZPostHelpUpdateSchema). */
export const UPDATE_MAX = 1000;

interface Mutation {
  mutate: (input: { id: string; textEn: string | null; textHi: string | null }, options?: { onSuccess?: () => void }) => void;
}

/**
 * Sends an update (help.postUpdate for the requester, help.admin.postUpdate for staff) once the
 * shared schema takes it — English, Hindi or both, an empty one left out; otherwise returns its
 * messages beside the fields and sends nothing.
 */
export function sendUpdate(mutation: Mutation, id: string, values: { textEn: string; textHi: string }, onSuccess: () => void): FieldErrors {
  // Spaces alone are no text: that language is left out, as when empty.
  const parsed = ZPostHelpUpdateSchema.safeParse({ id, textEn: values.textEn.trim(), textHi: values.textHi.trim() });
  if (!parsed.success) return issuesToFieldErrors(parsed.error.issues);
  mutation.mutate(parsed.data, { onSuccess });
  return {};
}

/** The words of the form where it is used (the member's in member.json, staff's in admin.json). */
export interface UpdateFormTexts {
  heading: MessageKey;
  intro: MessageKey;
  textEn: MessageKey;
  textHi: MessageKey;
  hint: MessageKey;
  submit: MessageKey;
  busy: MessageKey;
  done: MessageKey;
  failed: MessageKey;
}

/**
 * "Post an update" on a published or closed request: a short text in English, Hindi or both, shown
 * on the request's public page, newest first. After it is posted the form empties and says so.
 */
export function PostUpdateForm({
  id,
  mutation,
  texts,
  headingLevel = 2,
}: {
  id: string;
  mutation: Mutation & { isPending: boolean; error: unknown; reset: () => void };
  texts: UpdateFormTexts;
  headingLevel?: 2 | 3;
}) {
  const t = useT();
  const { translateServer } = useLang();
  const errorText = useErrorText();
  const [values, setValues] = useState({ textEn: '', textHi: '' });
  const [clientErrors, setClientErrors] = useState<FieldErrors>({});
  const [isPosted, setIsPosted] = useState(false);
  const headingId = `post-update-${id}`;
  const Heading = headingLevel === 2 ? 'h2' : 'h3';

  const serverErrors = fieldErrorsOf(mutation.error);
  const errorsFor = (field: 'textEn' | 'textHi') => (clientErrors[field] ?? serverErrors[field])?.map(translateServer);
  const hasFieldErrors = Boolean(serverErrors.textEn?.length || serverErrors.textHi?.length);
  const failure = mutation.error && !hasFieldErrors ? errorText(mutation.error, texts.failed) : undefined;

  function onChange(field: 'textEn' | 'textHi', text: string) {
    setValues({ ...values, [field]: text });
    setClientErrors({ ...clientErrors, [field]: undefined });
    setIsPosted(false);
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const found = sendUpdate(mutation, id, values, () => {
      setValues({ textEn: '', textHi: '' });
      setIsPosted(true);
    });
    setClientErrors(found);
    if (Object.keys(found).length > 0) {
      mutation.reset();
      (form.elements.namedItem(found.textEn ? 'textEn' : 'textHi') as HTMLElement | null)?.focus();
    }
  }

  return (
    <section aria-labelledby={headingId} className="panel" data-testid="post-update">
      <Heading id={headingId}>{t(texts.heading)}</Heading>
      <p>{t(texts.intro)}</p>
      <div role="status">
        {isPosted && (
          <div className="notice notice-success" data-testid="update-posted">
            <p>{t(texts.done)}</p>
          </div>
        )}
      </div>
      <form className="form" noValidate onSubmit={onSubmit} data-testid="post-update-form">
        <TextField
          name="textEn"
          multiline
          rows={3}
          lang="en"
          label={t(texts.textEn)}
          hint={t(texts.hint)}
          maxLength={UPDATE_MAX}
          value={values.textEn}
          onChange={(event) => onChange('textEn', event.target.value)}
          errors={errorsFor('textEn')}
        />
        <TextField
          name="textHi"
          multiline
          rows={3}
          lang="hi"
          label={t(texts.textHi)}
          maxLength={UPDATE_MAX}
          value={values.textHi}
          onChange={(event) => onChange('textHi', event.target.value)}
          errors={errorsFor('textHi')}
        />
        <FormError message={failure?.message} hint={failure?.hint} />
        <SubmitButton isBusy={mutation.isPending} label={t(texts.submit)} busyLabel={t(texts.busy)} />
      </form>
    </section>
  );
}
