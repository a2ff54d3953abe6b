import { useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import type { TSubmitApplicationResponse } from '@sahay/server/modules/kanyadan/kanyadan-routes.schema';
import { fieldErrorsOf, serverMessageOf, type FieldErrors } from '#web/api/errors.ts';
import { useLang, useT, type MessageKey } from '#web/i18n/i18n.tsx';
import { lazyModule } from '#web/lib/lazy-module.ts';
import { FormError, SubmitButton } from '#web/ui/form/form-status.tsx';
import { TextField } from '#web/ui/form/text-field.tsx';
import { useAdoptEarlyInput } from '#web/ui/form/use-early-input.ts';
import { useIsHydrated } from '#web/ui/use-is-hydrated.ts';
import { issuesToFieldErrors, useErrorText } from '#web/ui/use-error-text.ts';
import { indiaToday } from '@sahay/server/modules/kanyadan/submission/age.schema';
import {
  aadhaarFieldProblem,
  checkDob,
  dobProblem,
  EMPTY_VALUES,
  FIELD_ORDER,
  fieldsToSend,
  isSchoolDisabled,
  maskAadhaar,
  schemaInputOf,
  type ApplicationValues,
  type TextFieldName,
} from '../application-form.ts';
import {
  CASTES,
  DOCUMENT_KINDS,
  DOCUMENT_REQUIRED,
  FATHER_NAME_REQUIRED,
  GIRL_NAME_REQUIRED,
  GUARDIAN_RELATIONS,
  INDIAN_STATES,
  PHONE_REQUIRED,
  REQUIRED_DOCUMENTS,
  UPLOAD_TOO_LARGE,
  type DocumentKind,
  type IndianState,
  type KanyadanStatus,
} from '../application-rules.public.ts';
import { mergeDraft, type Draft } from '../draft-store.ts';
import { documentProblem, isAcceptedFor, sniffFile } from '../file-type.public.ts';
import { useApplicationDraft } from '../hooks/use-application-draft.ts';
import { useSubmitApplication } from '../hooks/use-submit-application.ts';
import { rememberApplication } from '../recent-applications.ts';
import { loadServerMessages } from '../load-server-messages.ts';
import { DocumentField } from './document-field.tsx';
import { SelectField } from '#web/ui/form/select-field.tsx';

/**
 * The shared schema (with zod) is loaded once the family starts on the form, not with the page:
 * the page's first download stays within the public pages' byte budget. Offline, it may not load;
 * the form then checks what it can and the server checks everything.
 */
const fieldsSchema = lazyModule(() => import('@sahay/server/modules/kanyadan/submission/kanyadan-fields.schema'));
const shrinker = lazyModule(() => import('../shrink-photo.public.ts'));

/** What the receipt shows: no documents, and the Aadhaar number masked. */
export interface SubmittedApplication {
  regNo: string;
  status: KanyadanStatus;
  submittedOn: string;
  girlName: string;
  district: string;
  state: IndianState | null;
  aadhaarMasked: string | null;
  /** The fee's UTR once the family has sent it (the status then reads "fee reference received"). */
  feeUtrGiven?: string | null;
}

interface FormState {
  values: ApplicationValues;
  files: Partial<Record<DocumentKind, File>>;
}

/** States first, then the union territories (the server's list keeps that order). */
const STATE_COUNT = 28;
const FILE_FIELDS: readonly string[] = DOCUMENT_KINDS;
/** Fields that show their own errors; the server's errors about anything else are said with the form's. */
const FIELDS_WITH_ERRORS = new Set<string>([...FIELD_ORDER.filter((field) => field !== 'gender'), ...DOCUMENT_KINDS]);
const R = 'kanyadan.registration';

export function RegistrationForm({ onSubmitted, onPrepare }: { onSubmitted: (application: SubmittedApplication) => void; onPrepare?: () => void }) {
  const t = useT();
  const { lang, translateServer } = useLang();
  const errorText = useErrorText();
  const isHydrated = useIsHydrated();
  const formRef = useRef<HTMLFormElement>(null);
  const ids = useId();
  const [form, setForm] = useState<FormState>({ values: EMPTY_VALUES, files: {} });
  const formStateRef = useRef(form);
  /** English messages (server messages), keyed by field or document name; translated when shown. */
  const [errors, setErrors] = useState<FieldErrors>({});
  const [checkingFiles, setCheckingFiles] = useState<Partial<Record<DocumentKind, boolean>>>({});
  const [isChecking, setIsChecking] = useState(false);
  const [isConfirmingDiscard, setIsConfirmingDiscard] = useState(false);
  /** The form-level summary waits for a first attempt to send; until then errors show by their fields only. */
  const [hasTriedSending, setHasTriedSending] = useState(false);
  const discardRef = useRef<HTMLButtonElement>(null);

  const draft = useApplicationDraft({ onRestore: (restored: Draft) => change(mergeDraft(formStateRef.current, restored)) });
  const submit = useSubmitApplication({ onSent, onFailed });

  /** Every change goes through here: the state, the draft, and the field's old error cleared. */
  function change(next: FormState, clearErrorsOf: readonly string[] = []) {
    formStateRef.current = next;
    setForm(next);
    draft.schedule(next);
    if (clearErrorsOf.length > 0) {
      setErrors((current) => (clearErrorsOf.some((field) => current[field]) ? Object.fromEntries(Object.entries(current).filter(([field]) => !clearErrorsOf.includes(field))) : current));
    }
  }

  useAdoptEarlyInput(formRef, (typed) => {
    const current = formStateRef.current;
    change({ ...current, values: { ...current.values, ...pickTextFields(typed) } });
  });

  const { values, files } = form;
  const dobCheck = checkDob(values.dob, new Date());
  const isSchoolOff = isSchoolDisabled(dobCheck);
  const liveDobProblem = dobCheck.kind === 'future' || dobCheck.kind === 'out-of-range' ? dobProblem(dobCheck) : null;
  const isSending = submit.state.phase === 'sending';

  const setText = (name: TextFieldName) => (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => {
    const current = formStateRef.current;
    change({ ...current, values: { ...current.values, [name]: event.target.value } }, [name]);
  };
  const errorsFor = (field: string) => {
    const shown = errors[field] ?? (field === 'dob' && liveDobProblem ? [liveDobProblem] : undefined);
    return shown?.map(translateServer);
  };
  /** A document's errors in the page's language; "too large" also says how to make the file smaller. */
  const documentErrors = (messages: readonly string[] | undefined) =>
    messages?.flatMap((message) => (message === UPLOAD_TOO_LARGE ? [translateServer(message), t(`${R}.documents.howToShrink`)] : [translateServer(message)]));
  const label = (key: MessageKey, isRequired: boolean) => `${t(key)} ${t(isRequired ? `${R}.requiredMark` : `${R}.optionalMark`)}`;

  async function chooseFile(kind: DocumentKind, chosen: File) {
    setCheckingFiles((current) => ({ ...current, [kind]: true }));
    let mediaType: Awaited<ReturnType<typeof sniffFile>> = null;
    try {
      [mediaType] = await Promise.all([sniffFile(chosen), loadServerMessages(lang)]);
    } catch {
      // Unreadable (removed from the phone meanwhile): refused below as not an accepted type.
    }
    // A camera photo is made smaller here before it is checked against the limit (shrink-photo.public.ts).
    let sent: File = chosen;
    if (mediaType && isAcceptedFor(kind, mediaType) && chosen.size > 0) {
      const module = await shrinker.load();
      if (module) sent = await module.shrinkPhoto(chosen, mediaType);
      if (sent !== chosen) mediaType = 'image/jpeg';
    }
    setCheckingFiles((current) => ({ ...current, [kind]: false }));
    const problem = documentProblem(kind, sent.size, mediaType);
    if (problem || !mediaType) {
      setErrors((current) => ({ ...current, [kind]: [problem ?? DOCUMENT_REQUIRED] }));
      return;
    }
    // The type read from the content goes with the file, whatever the phone guessed from its name.
    const file = sent.type === mediaType ? sent : new File([sent], sent.name, { type: mediaType, lastModified: sent.lastModified });
    const current = formStateRef.current;
    change({ ...current, files: { ...current.files, [kind]: file } }, [kind]);
    if (submit.state.phase === 'failed') submit.reset();
  }

  function removeFile(kind: DocumentKind) {
    const current = formStateRef.current;
    const rest = { ...current.files };
    delete rest[kind];
    change({ ...current, files: rest }, [kind]);
  }

  function focusFirst(found: FieldErrors) {
    const first = [...FIELD_ORDER, ...DOCUMENT_KINDS].find((field) => found[field]?.length);
    if (!first) return;
    const element = formRef.current?.elements.namedItem(first);
    if (FILE_FIELDS.includes(first)) formRef.current?.querySelector<HTMLElement>(`[data-testid="choose-${first}"]`)?.focus();
    else if (element instanceof RadioNodeList) (element[0] as HTMLElement | undefined)?.focus();
    else (element as HTMLElement | null)?.focus();
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isSending || isChecking) return;
    setHasTriedSending(true);
    setIsChecking(true);
    const [schema] = await Promise.all([fieldsSchema.load(), loadServerMessages(lang)]);
    setIsChecking(false);
    const { values: current, files: chosen } = formStateRef.current;
    const now = new Date();
    const check = checkDob(current.dob, now);
    const schoolOff = isSchoolDisabled(check);
    const found: FieldErrors = {};
    const parsed = schema?.ZApplicationFieldsSchema.safeParse(schemaInputOf(current, schoolOff));
    if (parsed && !parsed.success) Object.assign(found, issuesToFieldErrors(parsed.error.issues));
    if (!schema) {
      // Offline before the schema could load: the required fields at least, then the server decides.
      const required = { girlName: GIRL_NAME_REQUIRED, fatherName: FATHER_NAME_REQUIRED, phone: PHONE_REQUIRED } as const;
      for (const name of ['girlName', 'fatherName', 'phone'] as const) if (current[name].trim() === '') found[name] = [required[name]];
      const aadhaar = aadhaarFieldProblem(current.aadhaar);
      if (aadhaar) found.aadhaar = [aadhaar];
    }
    const dob = dobProblem(check);
    if (dob) found.dob = [dob];
    for (const kind of REQUIRED_DOCUMENTS) if (!chosen[kind]) found[kind] = [DOCUMENT_REQUIRED];
    setErrors(found);
    if (Object.keys(found).length > 0) {
      submit.reset();
      focusFirst(found);
      return;
    }
    void draft.flush();
    submit.send({
      fields: fieldsToSend(current, schoolOff),
      files: DOCUMENT_KINDS.flatMap((kind) => {
        const file = chosen[kind];
        return file ? [{ kind, file }] : [];
      }),
      submissionKey: draft.submissionKey(),
    });
  }

  function onSent(answer: TSubmitApplicationResponse) {
    const { values: sent } = formStateRef.current;
    void draft.clear();
    rememberApplication(typeof localStorage === 'undefined' ? undefined : localStorage, answer.regNo);
    onSubmitted({
      regNo: answer.regNo,
      status: answer.status,
      submittedOn: indiaToday(new Date()),
      girlName: sent.girlName.trim(),
      district: sent.district.trim(),
      state: INDIAN_STATES.find((state) => state === sent.state) ?? null,
      aadhaarMasked: maskAadhaar(sent.aadhaar),
    });
  }

  function onFailed(error: unknown) {
    const fromServer = fieldErrorsOf(error);
    if (Object.keys(fromServer).length === 0) return;
    setErrors(fromServer);
    requestAnimationFrame(() => focusFirst(fromServer));
  }

  function discard() {
    setIsConfirmingDiscard(false);
    const empty: FormState = { values: EMPTY_VALUES, files: {} };
    formStateRef.current = empty;
    setForm(empty);
    setErrors({});
    setHasTriedSending(false);
    submit.reset();
    void draft.discard();
    // The button that had focus is gone: the form starts again at its first field.
    requestAnimationFrame(() => (formRef.current?.elements.namedItem('girlName') as HTMLElement | null)?.focus());
  }

  const failure = formFailure();
  function formFailure(): { message: string; hint?: string } | undefined {
    const hasFileErrors = DOCUMENT_KINDS.some((kind) => errors[kind]?.length);
    const hasFieldErrors = Object.values(errors).some((messages) => messages?.length);
    const otherErrors = Object.entries(errors).flatMap(([field, messages]) => (FIELDS_WITH_ERRORS.has(field) ? [] : (messages ?? []).map(translateServer)));
    if (submit.state.phase === 'failed') {
      const { error, isOffline, isNoAnswer, httpStatus } = submit.state;
      if (isOffline) return { message: t(`${R}.submit.offline`) };
      if (isNoAnswer) return { message: t(`${R}.submit.noAnswer`) };
      if (httpStatus === 413) return { message: t(`${R}.submit.tooLarge`) };
      if (httpStatus === 429) {
        const message = serverMessageOf(error);
        return { message: message ? translateServer(message) : t(`${R}.submit.tooMany`) };
      }
      // The server named the fields: the message stays until each of them has been changed.
      if (Object.keys(fieldErrorsOf(error)).length > 0) {
        if (!hasFieldErrors) return undefined;
        const hint = [...otherErrors, hasFileErrors ? t(`${R}.submit.replaceFile`) : ''].filter(Boolean).join(' ');
        return { message: t(`${R}.submit.fixFields`), hint: hint || undefined };
      }
      return errorText(error, `${R}.submit.failed`);
    }
    if (!hasFieldErrors || !hasTriedSending) return undefined;
    // Each field says what it needs (issue 32); above the button, one line sends the family to them.
    return { message: t(`${R}.submit.fixFields`), hint: otherErrors.join(' ') || undefined };
  }

  const progress = submit.state.phase === 'sending' ? submit.state.progress : undefined;
  const draftMessage = {
    idle: '',
    restored: t(`${R}.draft.restored`),
    saved: t(`${R}.draft.saved`),
    failed: t(`${R}.draft.failed`),
    unavailable: t(`${R}.draft.unavailable`),
    discarded: t(`${R}.draft.discarded`),
  }[draft.status];

  return (
    <form ref={formRef} className="form kanyadan-form" noValidate onSubmit={(event) => void onSubmit(event)} onFocus={() => {
      void fieldsSchema.load();
      void loadServerMessages(lang);
      onPrepare?.();
    }} data-testid="kanyadan-form">
      <div className="draft-bar">
        <p className="field-hint">{t(`${R}.draft.note`)}</p>
        <p className="draft-status" role="status" aria-live="polite" data-testid="draft-status">
          {draftMessage}
        </p>
        {draft.hasDraft && !isConfirmingDiscard && (
          <button ref={discardRef} type="button" className="btn btn-secondary btn-small" disabled={!isHydrated || isSending} onClick={() => setIsConfirmingDiscard(true)} data-testid="discard-draft">
            {t(`${R}.draft.discard`)}
          </button>
        )}
        {isConfirmingDiscard && (
          <div className="notice notice-warning" role="alertdialog" aria-labelledby={`${ids}-discard`} data-testid="discard-confirm">
            <p id={`${ids}-discard`}>{t(`${R}.draft.confirm`)}</p>
            <p className="actions">
              <button type="button" className="btn btn-primary btn-small" onClick={discard} data-testid="discard-yes">
                {t(`${R}.draft.confirmYes`)}
              </button>
              {/* The question takes focus on its safe answer: a keyboard or screen-reader user hears it, and Enter deletes nothing. */}
              <button
                type="button"
                className="btn btn-secondary btn-small"
                autoFocus
                onClick={() => {
                  setIsConfirmingDiscard(false);
                  requestAnimationFrame(() => discardRef.current?.focus());
                }}
              >
                {t(`${R}.draft.confirmNo`)}
              </button>
            </p>
          </div>
        )}
      </div>

      <fieldset className="field-group">
        <legend>{t(`${R}.sections.girl`)}</legend>
        <TextField name="girlName" label={label(`${R}.fields.girlName`, true)} autoComplete="off" required maxLength={100} value={values.girlName} onChange={setText('girlName')} errors={errorsFor('girlName')} />
        <TextField
          name="dob"
          type="date"
          label={label(`${R}.fields.dob`, true)}
          hint={[t(`${R}.fields.dobHint`), dobCheck.kind === 'ok' ? t(`${R}.fields.age`, { age: dobCheck.age }) : ''].filter(Boolean).join(' ')}
          required
          value={values.dob}
          onChange={setText('dob')}
          errors={errorsFor('dob')}
        />
        {/* Said as the family types or leaves a field, not only after sending. */}
        <p className="visually-hidden" aria-live="polite">
          {[liveDobProblem, errors.aadhaar?.[0]].filter((message) => message).map((message) => translateServer(message!)).join(' ')}
        </p>
        <fieldset className="segmented">
          <legend>{t(`${R}.fields.gender`)}</legend>
          <p className="field-hint segmented-hint">{t(`${R}.fields.genderHint`)}</p>
          {(['female', 'other'] as const).map((gender) => (
            <label key={gender} className="segmented-option">
              <input type="radio" name="gender" value={gender} checked={values.gender === gender} onChange={setText('gender')} />
              <span>{t(`${R}.genders.${gender}`)}</span>
            </label>
          ))}
        </fieldset>
        <TextField
          name="aadhaar"
          label={label(`${R}.fields.aadhaar`, false)}
          hint={t(`${R}.fields.aadhaarHint`)}
          inputMode="numeric"
          autoComplete="off"
          maxLength={14}
          value={values.aadhaar}
          onChange={setText('aadhaar')}
          onBlur={() => {
            const problem = aadhaarFieldProblem(formStateRef.current.values.aadhaar);
            setErrors((current) => ({ ...current, aadhaar: problem ? [problem] : undefined }));
          }}
          errors={errorsFor('aadhaar')}
        />
      </fieldset>

      <fieldset className="field-group">
        <legend>{t(`${R}.sections.parents`)}</legend>
        <TextField name="fatherName" label={label(`${R}.fields.fatherName`, true)} autoComplete="off" required maxLength={100} value={values.fatherName} onChange={setText('fatherName')} errors={errorsFor('fatherName')} />
        <TextField name="motherName" label={label(`${R}.fields.motherName`, false)} autoComplete="off" maxLength={100} value={values.motherName} onChange={setText('motherName')} errors={errorsFor('motherName')} />
        <TextField
          name="fatherRegNo"
          label={label(`${R}.fields.fatherRegNo`, false)}
          hint={t(`${R}.fields.fatherRegNoHint`)}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={12}
          value={values.fatherRegNo}
          onChange={setText('fatherRegNo')}
          errors={errorsFor('fatherRegNo')}
        />
      </fieldset>

      <fieldset className="field-group">
        <legend>{t(`${R}.sections.contact`)}</legend>
        <TextField name="phone" type="tel" label={label(`${R}.fields.phone`, true)} hint={t(`${R}.fields.phoneHint`)} autoComplete="tel" inputMode="tel" required maxLength={16} value={values.phone} onChange={setText('phone')} errors={errorsFor('phone')} />
        <TextField
          name="email"
          type="email"
          label={label(`${R}.fields.email`, false)}
          hint={t(`${R}.fields.emailHint`)}
          autoComplete="email"
          inputMode="email"
          spellCheck={false}
          maxLength={254}
          value={values.email}
          onChange={setText('email')}
          errors={errorsFor('email')}
        />
      </fieldset>

      <fieldset className="field-group">
        <legend>{t(`${R}.sections.school`)}</legend>
        <p className="field-hint" aria-live="polite" data-testid="school-note">
          {isSchoolOff ? t(`${R}.fields.schoolDisabled`) : t(`${R}.fields.schoolHint`)}
        </p>
        <TextField name="schoolName" label={label(`${R}.fields.schoolName`, false)} autoComplete="off" maxLength={200} disabled={isSchoolOff} value={values.schoolName} onChange={setText('schoolName')} errors={isSchoolOff ? undefined : errorsFor('schoolName')} />
        <TextField name="schoolAddress" label={label(`${R}.fields.schoolAddress`, false)} autoComplete="off" maxLength={200} disabled={isSchoolOff} value={values.schoolAddress} onChange={setText('schoolAddress')} errors={isSchoolOff ? undefined : errorsFor('schoolAddress')} />
        <TextField name="className" label={label(`${R}.fields.className`, false)} autoComplete="off" maxLength={40} disabled={isSchoolOff} value={values.className} onChange={setText('className')} errors={isSchoolOff ? undefined : errorsFor('className')} />
      </fieldset>

      <fieldset className="field-group">
        <legend>{t(`${R}.sections.address`)}</legend>
        <TextField name="district" label={label(`${R}.fields.district`, true)} autoComplete="address-level2" required maxLength={60} value={values.district} onChange={setText('district')} errors={errorsFor('district')} />
        <SelectField name="state" label={label(`${R}.fields.state`, true)} required value={values.state} onChange={setText('state')} errors={errorsFor('state')}>
          <option value="">{t(`${R}.fields.stateChoose`)}</option>
          <optgroup label={t(`${R}.fields.statesGroup`)}>
            {INDIAN_STATES.slice(0, STATE_COUNT).map((state) => (
              <option key={state} value={state}>
                {t(`${R}.states.${state}`)}
              </option>
            ))}
          </optgroup>
          <optgroup label={t(`${R}.fields.territoriesGroup`)}>
            {INDIAN_STATES.slice(STATE_COUNT).map((state) => (
              <option key={state} value={state}>
                {t(`${R}.states.${state}`)}
              </option>
            ))}
          </optgroup>
        </SelectField>
      </fieldset>

      <fieldset className="field-group">
        <legend>{t(`${R}.sections.more`)}</legend>
        <SelectField name="caste" label={label(`${R}.fields.caste`, false)} hint={t(`${R}.fields.casteHint`)} value={values.caste} onChange={setText('caste')} errors={errorsFor('caste')}>
          {CASTES.map((caste) => (
            <option key={caste} value={caste}>
              {t(`${R}.castes.${caste}`)}
            </option>
          ))}
        </SelectField>
      </fieldset>

      <fieldset className="field-group">
        <legend>{t(`${R}.sections.documents`)}</legend>
        <p className="field-hint">{t(`${R}.documents.intro`)}</p>
        {DOCUMENT_KINDS.map((kind) => (
          <DocumentField
            key={kind}
            kind={kind}
            file={files[kind]}
            errors={documentErrors(errors[kind])}
            isChecking={Boolean(checkingFiles[kind])}
            progress={progress && files[kind] ? (progress[kind] ?? 0) : undefined}
            isDisabled={!isHydrated || isSending}
            onChoose={(file) => void chooseFile(kind, file)}
            onRemove={() => removeFile(kind)}
          />
        ))}
        {progress && <p className="field-hint">{t(`${R}.documents.estimate`)}</p>}
      </fieldset>

      <fieldset className="field-group">
        <legend>{t(`${R}.sections.consent`)}</legend>
        <TextField name="guardianName" label={label(`${R}.fields.guardianName`, true)} autoComplete="name" required maxLength={100} value={values.guardianName} onChange={setText('guardianName')} errors={errorsFor('guardianName')} />
        <SelectField name="guardianRelation" label={label(`${R}.fields.guardianRelation`, true)} required value={values.guardianRelation} onChange={setText('guardianRelation')} errors={errorsFor('guardianRelation')}>
          <option value="">{t(`${R}.fields.relationChoose`)}</option>
          {GUARDIAN_RELATIONS.map((relation) => (
            <option key={relation} value={relation}>
              {t(`${R}.relations.${relation}`)}
            </option>
          ))}
        </SelectField>
        <ConsentCheckbox
          isChecked={values.consent}
          errors={errors.consent?.map(translateServer)}
          onChange={(isChecked) => {
            const current = formStateRef.current;
            change({ ...current, values: { ...current.values, consent: isChecked } }, ['consent']);
          }}
        />
      </fieldset>

      <FormError message={failure?.message} hint={failure?.hint} />
      <SubmitButton isBusy={isSending || isChecking} label={t(`${R}.submit.button`)} busyLabel={t(`${R}.submit.busy`)} />
    </form>
  );
}

function ConsentCheckbox({ isChecked, errors, onChange }: { isChecked: boolean; errors?: readonly string[]; onChange: (isChecked: boolean) => void }) {
  const t = useT();
  const id = useId();
  const hasErrors = Boolean(errors?.length);
  return (
    <div className="field">
      <div className="field-check field-check-top">
        <input
          id={id}
          name="consent"
          type="checkbox"
          required
          checked={isChecked}
          onChange={(event) => onChange(event.target.checked)}
          aria-invalid={hasErrors || undefined}
          aria-describedby={hasErrors ? `${id}-error` : undefined}
        />
        <label htmlFor={id}>{t(`${R}.consent`)}</label>
      </div>
      {hasErrors && (
        <p className="field-error" id={`${id}-error`}>
          {errors?.join(' ')}
        </p>
      )}
    </div>
  );
}

function pickTextFields(typed: Record<string, string>): Partial<ApplicationValues> {
  const picked: Partial<Record<TextFieldName, string>> = {};
  for (const [name, value] of Object.entries(typed)) if (name in EMPTY_VALUES && name !== 'consent') picked[name as TextFieldName] = value;
  return picked;
}
