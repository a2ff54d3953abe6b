import { useId, useState, type FormEvent } from 'react';
import { Link, useLocation } from 'wouter';
import { fieldErrorsOf, serverMessageOf } from '#web/api/errors.ts';
import { CauseSelect } from '#web/features/donations/cause-select.public.ts';
import { MemberArea } from '#web/features/identity/components/member-area.public.tsx';
import { useLang, useT } from '#web/i18n/i18n.tsx';
import { FormError, SubmitButton } from '#web/ui/form/form-status.tsx';
import { TextField } from '#web/ui/form/text-field.tsx';
import { usePageMeta } from '#web/ui/page-meta.tsx';
import { useStartFundraiser } from '../hooks/member-start-fundraiser.ts';

/** The form's fields as the server names them (POST /api/fundraisers). */
const TEXT_FIELDS = ['titleEn', 'titleHi', 'storyEn', 'storyHi', 'goal', 'endsOn'] as const;
type TextFieldName = (typeof TEXT_FIELDS)[number];

/** YYYY-MM-DD `days` after today on this device: the date picker's bounds (the server decides by India's day). */
function dayFromToday(days: number): string {
  const date = new Date();
  date.setDate(date.getDate() + days);
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
}

/** /my-fundraisers/new (issue 33): a member starts a fundraiser, sent to staff for approval. */
export default function StartFundraiserPage() {
  usePageMeta('myFundraisers.form.heading', 'myFundraisers.metaDescription', { isNoIndex: true });
  return <MemberArea>{() => <StartFundraiserForm />}</MemberArea>;
}

function StartFundraiserForm() {
  const t = useT();
  const { translateServer } = useLang();
  const [, navigate] = useLocation();
  const photoId = useId();
  // One key for this form: sending it again after a lost answer names the same fundraiser.
  const [submissionKey] = useState(() => crypto.randomUUID());
  const [target, setTarget] = useState<'cause' | 'help'>('cause');
  const [cause, setCause] = useState('general');
  const [helpRequestId, setHelpRequestId] = useState('');
  const [values, setValues] = useState<Record<TextFieldName, string>>({ titleEn: '', titleHi: '', storyEn: '', storyHi: '', goal: '', endsOn: '' });
  const [photo, setPhoto] = useState<File | null>(null);
  const start = useStartFundraiser((id) => navigate(`/my-fundraisers?sent=${id}`));
  const isBusy = start.state.phase === 'sending';
  const error = start.state.phase === 'failed' ? start.state.error : null;
  const fieldErrors = fieldErrorsOf(error);
  const errorsFor = (field: string) => fieldErrors[field]?.map(translateServer);
  const hasFieldErrors = Object.values(fieldErrors).some((messages) => messages?.length);
  const serverMessage = serverMessageOf(error);
  const formError = error && !hasFieldErrors ? (serverMessage ? translateServer(serverMessage) : t('myFundraisers.form.failed')) : undefined;

  const set = (field: TextFieldName) => (event: { target: { value: string } }) => setValues({ ...values, [field]: event.target.value });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const fields: [string, string][] = [target === 'cause' ? ['cause', cause] : ['helpRequestId', helpRequestId.trim()], ...TEXT_FIELDS.filter((field) => values[field].trim() !== '').map((field): [string, string] => [field, values[field]])];
    void start.send({ fields, photo, submissionKey });
  }

  return (
    <div className="container page-narrow">
      <p className="back-link">
        <Link href="/my-fundraisers">{t('myFundraisers.form.back')}</Link>
      </p>
      <h1>{t('myFundraisers.form.heading')}</h1>
      <p>{t('myFundraisers.intro')}</p>
      <form className="form" noValidate onSubmit={onSubmit} data-testid="start-fundraiser-form">
        <fieldset className="field-group">
          <legend>{t('myFundraisers.form.targetLegend')}</legend>
          <div className="field-check">
            <input id={`${photoId}-cause`} type="radio" name="target" value="cause" checked={target === 'cause'} onChange={() => setTarget('cause')} />
            <label htmlFor={`${photoId}-cause`}>{t('myFundraisers.form.targetCause')}</label>
          </div>
          <div className="field-check">
            <input id={`${photoId}-help`} type="radio" name="target" value="help" checked={target === 'help'} onChange={() => setTarget('help')} />
            <label htmlFor={`${photoId}-help`}>{t('myFundraisers.form.targetHelp')}</label>
          </div>
        </fieldset>
        {target === 'cause' ? (
          <CauseSelect value={cause} onChange={(event) => setCause(event.target.value)} errors={errorsFor('cause')} />
        ) : (
          <TextField
            name="helpRequestId"
            label={t('myFundraisers.form.helpRequestId')}
            hint={t('myFundraisers.form.helpRequestIdHint')}
            autoCapitalize="characters"
            autoComplete="off"
            spellCheck={false}
            maxLength={8}
            value={helpRequestId}
            onChange={(event) => setHelpRequestId(event.target.value)}
            errors={errorsFor('helpRequestId') ?? errorsFor('cause')}
          />
        )}
        <TextField name="titleEn" label={t('myFundraisers.form.titleEn')} hint={t('myFundraisers.form.titleHint')} maxLength={120} value={values.titleEn} onChange={set('titleEn')} errors={errorsFor('titleEn')} />
        <TextField name="titleHi" label={t('myFundraisers.form.titleHi')} lang="hi" maxLength={120} value={values.titleHi} onChange={set('titleHi')} errors={errorsFor('titleHi')} />
        <TextField name="storyEn" label={t('myFundraisers.form.storyEn')} hint={t('myFundraisers.form.storyHint')} multiline rows={6} maxLength={5000} value={values.storyEn} onChange={set('storyEn')} errors={errorsFor('storyEn')} />
        <TextField name="storyHi" label={t('myFundraisers.form.storyHi')} lang="hi" multiline rows={6} maxLength={5000} value={values.storyHi} onChange={set('storyHi')} errors={errorsFor('storyHi')} />
        <TextField name="goal" label={t('myFundraisers.form.goal')} hint={t('myFundraisers.form.goalHint')} inputMode="decimal" autoComplete="off" required value={values.goal} onChange={set('goal')} errors={errorsFor('goal')} />
        <TextField
          name="endsOn"
          type="date"
          label={t('myFundraisers.form.endsOn')}
          hint={t('myFundraisers.form.endsOnHint')}
          min={dayFromToday(1)}
          max={dayFromToday(90)}
          required
          value={values.endsOn}
          onChange={set('endsOn')}
          errors={errorsFor('endsOn')}
        />
        <div className="field">
          <label htmlFor={photoId}>{t('myFundraisers.form.photo')}</label>
          <p className="field-hint" id={`${photoId}-hint`}>
            {t('myFundraisers.form.photoHint')}
          </p>
          <input
            id={photoId}
            name="photo"
            type="file"
            accept="image/jpeg,image/png,image/webp"
            required
            aria-describedby={`${photoId}-hint${errorsFor('photo') ? ` ${photoId}-error` : ''}`}
            aria-invalid={errorsFor('photo') ? true : undefined}
            onChange={(event) => setPhoto(event.target.files?.[0] ?? null)}
          />
          {errorsFor('photo') && (
            <p className="field-error" id={`${photoId}-error`}>
              {errorsFor('photo')!.join(' ')}
            </p>
          )}
        </div>
        <FormError message={formError} />
        <SubmitButton isBusy={isBusy} label={t('myFundraisers.form.submit')} busyLabel={t('common.submitting')} />
      </form>
    </div>
  );
}
