import { Fragment, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { Link } from 'wouter';
import { HELP_CATEGORY_VALUES, HELP_RELATIONS, MAX_HELP_DOCUMENTS } from '@sahay/server/modules/help/help.schema';
import { IFSC_NOT_IN_LIST, type TProfile } from '@sahay/server/modules/identity/profile/profile.schema';
import { indiaToday } from '@sahay/server/modules/kanyadan/submission/age.schema';
import { fieldErrorsOf, serverMessageOf, type FieldErrors } from '#web/api/errors.ts';
import { IfscBankStatus, PayoutConfirmation, type PayoutReadBack } from '#web/features/identity/components/payout-confirmation.public.tsx';
import { useIfscLookup } from '#web/features/identity/hooks/use-ifsc-lookup.public.ts';
import { SelectField } from '#web/ui/form/select-field.tsx';
import { sniffFile } from '#web/features/kanyadan/file-type.public.ts';
import { newSubmissionKey } from '#web/lib/submission-key.ts';
import { useLang, useT, type MessageKey } from '#web/i18n/i18n.tsx';
import { formatNumber } from '#web/ui/format.ts';
import { FormError, SubmitButton } from '#web/ui/form/form-status.tsx';
import { TextField } from '#web/ui/form/text-field.tsx';
import { useErrorText } from '#web/ui/use-error-text.ts';
import { useIsHydrated } from '#web/ui/use-is-hydrated.ts';
import { lazyModule } from '#web/lib/lazy-module.ts';
import { clearHelpDraft, readHelpDraft, saveHelpDraft } from '../../hooks/member-help-draft.ts';
import { useSubmitHelpRequest, type HelpRequestCreated } from '../../hooks/member-submit-help-request.ts';
import {
  BENEFICIARY_NAME_MAX,
  checkHelpForm,
  documentFieldOf,
  EMPTY_VALUES,
  emptySlot,
  fieldOrder,
  fileProblem,
  filePartsOf,
  formFieldOf,
  PAYOUT_FIELDS,
  payoutReadBackOf,
  stepAfterCheck,
  STORY_LIMITS,
  textPartsOf,
  TITLE_LIMITS,
  withIfscListRule,
  type HelpDocumentSlot as Slot,
  type HelpFormValues,
  type HelpTextField,
  type PayoutField,
} from './ask-help-rules.ts';
import { HelpDocumentSlot } from './help-document-slot.tsx';
import { CATEGORY_LABELS, RELATION_LABELS } from './member-help-labels.ts';

const F = 'myHelp.form';
/** A camera photo is made smaller on the phone before it is checked and sent (issue 29). */
const shrinker = lazyModule(() => import('#web/features/kanyadan/shrink-photo.public.ts'));

/** The profile's payout details, or why there are none to offer. */
export type ProfilePayout = { state: 'loaded'; details: Pick<TProfile['details'], PayoutField> } | { state: 'failed' };

const PAYOUT_SPECS: ReadonlyArray<{ name: PayoutField | 'confirmAccountNumber'; label: MessageKey; hint?: MessageKey; inputMode?: 'email' | 'numeric' }> = [
  { name: 'upiId', label: 'profile.fields.upiId', hint: 'profile.fields.upiIdHint', inputMode: 'email' },
  { name: 'bankName', label: 'profile.fields.bankName' },
  { name: 'accountHolder', label: 'profile.fields.accountHolder' },
  { name: 'accountNumber', label: 'profile.fields.accountNumber', hint: 'profile.fields.accountNumberHint', inputMode: 'numeric' },
  { name: 'confirmAccountNumber', label: 'profile.fields.confirmAccountNumber', hint: 'profile.fields.confirmAccountNumberHint', inputMode: 'numeric' },
  { name: 'ifsc', label: 'profile.fields.ifsc', hint: 'profile.fields.ifscHint' },
];

export function hasPayout(details: Pick<TProfile['details'], PayoutField>): boolean {
  return Boolean(details.upiId) || Boolean(details.accountHolder && details.accountNumber && details.ifsc);
}

/** The form's first values: what the member wrote before (the draft), and the payout from the profile. */
export function initialValues(profile: ProfilePayout, draft: Partial<HelpFormValues>): HelpFormValues {
  // The profile's account number was typed twice when it was saved there, so its copy is filled in too.
  const payout = profile.state === 'loaded' ? { ...Object.fromEntries(PAYOUT_FIELDS.map((field) => [field, profile.details[field] ?? ''])), confirmAccountNumber: profile.details.accountNumber ?? '' } : {};
  return { ...EMPTY_VALUES, ...draft, ...payout };
}

/**
 * "Ask for help" (PRODUCT.md §8): the need, the story in English and/or Hindi, the beneficiary,
 * where the money goes (the profile's payout details, changeable for this request), and up to four
 * documents. Checked with the server's schema and rules before sending; sent as one multipart
 * request with each document's progress; the server's field errors show beside the fields, and
 * nothing typed or chosen is lost on a failure.
 * Payout (issue 16, as on the profile): the IFSC's bank is named from the published list as it is
 * typed (or the list's rule is said), and a payout given here is read back for a Confirm before sending.
 */
export function AskHelpForm({ userId, profile, onSent }: { userId: string; profile: ProfilePayout; onSent: (answer: HelpRequestCreated) => void }) {
  const t = useT();
  const { translateServer } = useLang();
  const errorText = useErrorText();
  const isHydrated = useIsHydrated();
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<HelpFormValues>(() => initialValues(profile, readHelpDraft(userId)));
  const [slots, setSlots] = useState<Slot[]>(() => [emptySlot(0)]);
  const nextKeyRef = useRef(1);
  /** English messages keyed by the server's field names; translated when shown. */
  const [errors, setErrors] = useState<FieldErrors>({});
  const [checkingSlots, setCheckingSlots] = useState<ReadonlySet<number>>(new Set());
  const [hasTriedSending, setHasTriedSending] = useState(false);
  /** The payout read back, waiting for the member's Confirm; any change to a field asks for a new one. */
  const [readBack, setReadBack] = useState<PayoutReadBack | null>(null);
  const ifscLookup = useIfscLookup(values.ifsc);
  /** One key for every attempt of this request: a retry after a lost answer does not make a second one. */
  const submissionKeyRef = useRef<string | null>(null);
  const submit = useSubmitHelpRequest({
    onSent: (answer) => {
      clearHelpDraft(userId);
      onSent(answer);
    },
    onFailed: (error) => {
      setReadBack(null);
      const fromServer = Object.fromEntries(Object.entries(fieldErrorsOf(error)).map(([field, messages]) => [formFieldOf(field), messages]));
      if (Object.keys(fromServer).length === 0) return;
      setErrors(fromServer);
      requestAnimationFrame(() => focusFirst(fromServer));
    },
  });
  const isSending = submit.state.phase === 'sending';
  const isDisabled = !isHydrated || isSending;
  const today = indiaToday(new Date());
  const hasProfilePayout = profile.state === 'loaded' ? hasPayout(profile.details) : null;

  const errorsFor = (field: string) => errors[field]?.map(translateServer);
  const clearErrors = (fields: readonly string[]) =>
    setErrors((current) => (fields.some((field) => current[field]) ? Object.fromEntries(Object.entries(current).filter(([field]) => !fields.includes(field))) : current));

  function setValue(field: HelpTextField, value: string) {
    const next = { ...values, [field]: value };
    setValues(next);
    saveHelpDraft(userId, next);
    setReadBack(null);
    // A title or story in the other language settles the "at least one" message too.
    clearErrors(field.startsWith('title') ? ['titleEn', 'titleHi'] : field.startsWith('story') ? ['storyEn', 'storyHi'] : PAYOUT_FIELDS.includes(field as PayoutField) ? [field, 'upiId'] : [field]);
    if (submit.state.phase === 'failed') submit.reset();
  }
  const onText = (field: HelpTextField) => (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => setValue(field, event.target.value);

  function updateSlot(index: number, slot: Slot) {
    setSlots((current) => current.map((one, at) => (at === index ? slot : one)));
    const field = documentFieldOf(index);
    clearErrors([field, `${field}Kind`, `${field}Date`]);
  }

  async function chooseFile(index: number, key: number, chosen: File) {
    setCheckingSlots((current) => new Set(current).add(key));
    let mediaType: Awaited<ReturnType<typeof sniffFile>> = null;
    try {
      mediaType = await sniffFile(chosen);
    } catch {
      // Unreadable (removed from the phone meanwhile): refused below as not an accepted type.
    }
    let sent: File = chosen;
    if (mediaType && mediaType !== 'application/pdf' && chosen.size > 0) {
      const module = await shrinker.load();
      if (module) sent = await module.shrinkPhoto(chosen, mediaType);
      if (sent !== chosen) mediaType = 'image/jpeg';
    }
    setCheckingSlots((current) => {
      const next = new Set(current);
      next.delete(key);
      return next;
    });
    const field = documentFieldOf(index);
    const problem = fileProblem(sent.size, mediaType);
    if (problem) {
      setErrors((current) => ({ ...current, [field]: [problem] }));
      return;
    }
    if (!mediaType) return;
    // The type read from the content goes with the file, whatever the phone guessed from its name.
    const file = sent.type === mediaType ? sent : new File([sent], sent.name, { type: mediaType, lastModified: sent.lastModified });
    setSlots((current) => current.map((slot) => (slot.key === key ? { ...slot, file } : slot)));
    clearErrors([field, 'document1']);
    if (submit.state.phase === 'failed') submit.reset();
  }

  function removeSlot(index: number) {
    const rest = slots.filter((_, at) => at !== index);
    setSlots(rest.length > 0 ? rest : [emptySlot(nextKeyRef.current++)]);
    // The slots below move up a number: their old errors no longer match them.
    setErrors((current) => Object.fromEntries(Object.entries(current).filter(([field]) => !field.startsWith('document'))));
  }

  function addSlot() {
    if (slots.length >= MAX_HELP_DOCUMENTS) return;
    setSlots([...slots, emptySlot(nextKeyRef.current++)]);
    requestAnimationFrame(() => (formRef.current?.elements.namedItem(`${documentFieldOf(slots.length)}Kind`) as HTMLElement | null)?.focus());
  }

  function focusFirst(found: FieldErrors) {
    const first = fieldOrder(slots.length).find((field) => found[field]?.length);
    if (!first) return;
    if (/^document\d$/.test(first)) formRef.current?.querySelector<HTMLElement>(`[data-testid="choose-${first}"]`)?.focus();
    else (formRef.current?.elements.namedItem(first) as HTMLElement | null)?.focus();
  }

  /** Checks everything; says what to fix, or reads the payout back, or sends. `isConfirmed`: the read-back was confirmed. */
  function checkAndSend(isConfirmed: boolean) {
    if (isSending || checkingSlots.size > 0) return;
    setHasTriedSending(true);
    // The server has the banks' list; what it already answered for this IFSC is said before sending.
    const found = withIfscListRule(checkHelpForm(values, slots, today, hasProfilePayout), ifscLookup.data);
    setErrors(found);
    const step = stepAfterCheck(found, values);
    if (step === 'fix') {
      setReadBack(null);
      submit.reset();
      focusFirst(found);
      return;
    }
    if (step === 'readBack' && !isConfirmed) {
      submit.reset();
      setReadBack(payoutReadBackOf(values, ifscLookup.data?.bankName ?? null));
      return;
    }
    submissionKeyRef.current ??= newSubmissionKey();
    submit.send({ fields: textPartsOf(values, slots), files: filePartsOf(slots), submissionKey: submissionKeyRef.current });
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    checkAndSend(false);
  }

  function onChangeRequested() {
    setReadBack(null);
    (formRef.current?.elements.namedItem('upiId') as HTMLElement | null)?.focus();
  }

  const shownFields = new Set(fieldOrder(slots.length));
  const failure = formFailure();
  function formFailure(): { message: string; hint?: string } | undefined {
    const hasFieldErrors = Object.values(errors).some((messages) => messages?.length);
    const otherErrors = Object.entries(errors).flatMap(([field, messages]) => (shownFields.has(field) ? [] : (messages ?? []).map(translateServer)));
    if (submit.state.phase === 'failed') {
      const { error, isOffline, httpStatus } = submit.state;
      if (isOffline) return { message: t(`${F}.offline`) };
      if (httpStatus === 413) return { message: t(`${F}.tooLarge`) };
      if (httpStatus === 429) {
        const message = serverMessageOf(error);
        return { message: message ? translateServer(message) : t(`${F}.tooMany`) };
      }
      if (Object.keys(fieldErrorsOf(error)).length > 0) {
        if (!hasFieldErrors) return undefined;
        const hint = otherErrors.join(' ') || (serverMessageOf(error) ? translateServer(serverMessageOf(error)!) : '');
        return { message: t(`${F}.fixFields`), hint: hint || undefined };
      }
      return errorText(error, `${F}.failed`);
    }
    if (!hasFieldErrors || !hasTriedSending) return undefined;
    return { message: t(`${F}.fixFields`), hint: otherErrors.join(' ') || undefined };
  }

  const progress = submit.state.phase === 'sending' ? submit.state.progress : undefined;
  const required = (key: MessageKey) => `${t(key)} ${t(`${F}.requiredMark`)}`;
  const optional = (key: MessageKey) => `${t(key)} ${t(`${F}.optionalMark`)}`;
  const counter = (text: string, max: number) => t(`${F}.counter`, { count: formatNumber(text.trim().length), max: formatNumber(max) });

  return (
    <form ref={formRef} className="form" noValidate onSubmit={onSubmit} data-testid="ask-help-form">
      <p className="field-hint">{t(`${F}.draftNote`)}</p>

      <fieldset className="field-group">
        <legend>{t(`${F}.needLegend`)}</legend>
        <SelectField name="category" label={required(`${F}.category`)} required value={values.category} disabled={isDisabled} onChange={onText('category')} errors={errorsFor('category')}>
          <option value="">{t(`${F}.choose`)}</option>
          {HELP_CATEGORY_VALUES.map((category) => (
            <option key={category} value={category}>
              {t(CATEGORY_LABELS[category])}
            </option>
          ))}
        </SelectField>
        <TextField
          name="amountNeeded"
          label={required(`${F}.amount`)}
          hint={t(`${F}.amountHint`)}
          inputMode="decimal"
          autoComplete="off"
          required
          maxLength={20}
          value={values.amountNeeded}
          disabled={isDisabled}
          onChange={onText('amountNeeded')}
          errors={errorsFor('amountNeeded')}
        />
      </fieldset>

      <fieldset className="field-group">
        <legend>{t(`${F}.textLegend`)}</legend>
        <p className="field-hint">{t(`${F}.languageHint`)}</p>
        <TextField
          name="titleEn"
          label={optional(`${F}.titleEn`)}
          hint={`${t(`${F}.titleHint`)} ${counter(values.titleEn, TITLE_LIMITS.max)}`}
          lang="en"
          autoComplete="off"
          maxLength={TITLE_LIMITS.max}
          value={values.titleEn}
          disabled={isDisabled}
          onChange={onText('titleEn')}
          errors={errorsFor('titleEn')}
        />
        <TextField
          name="titleHi"
          label={optional(`${F}.titleHi`)}
          hint={`${t(`${F}.titleHint`)} ${counter(values.titleHi, TITLE_LIMITS.max)}`}
          lang="hi"
          autoComplete="off"
          maxLength={TITLE_LIMITS.max}
          value={values.titleHi}
          disabled={isDisabled}
          onChange={onText('titleHi')}
          errors={errorsFor('titleHi')}
        />
        <TextField
          name="storyEn"
          multiline
          rows={8}
          label={optional(`${F}.storyEn`)}
          hint={`${t(`${F}.storyHint`)} ${counter(values.storyEn, STORY_LIMITS.max)}`}
          lang="en"
          maxLength={STORY_LIMITS.max}
          value={values.storyEn}
          disabled={isDisabled}
          onChange={onText('storyEn')}
          errors={errorsFor('storyEn')}
        />
        <TextField
          name="storyHi"
          multiline
          rows={8}
          label={optional(`${F}.storyHi`)}
          hint={`${t(`${F}.storyHint`)} ${counter(values.storyHi, STORY_LIMITS.max)}`}
          lang="hi"
          maxLength={STORY_LIMITS.max}
          value={values.storyHi}
          disabled={isDisabled}
          onChange={onText('storyHi')}
          errors={errorsFor('storyHi')}
        />
      </fieldset>

      <fieldset className="field-group">
        <legend>{t(`${F}.beneficiaryLegend`)}</legend>
        <TextField
          name="beneficiaryName"
          label={required(`${F}.beneficiaryName`)}
          hint={t(`${F}.beneficiaryNameHint`)}
          autoComplete="off"
          required
          maxLength={BENEFICIARY_NAME_MAX}
          value={values.beneficiaryName}
          disabled={isDisabled}
          onChange={onText('beneficiaryName')}
          errors={errorsFor('beneficiaryName')}
        />
        <SelectField name="relation" label={required(`${F}.relation`)} required value={values.relation} disabled={isDisabled} onChange={onText('relation')} errors={errorsFor('relation')}>
          <option value="">{t(`${F}.choose`)}</option>
          {HELP_RELATIONS.map((relation) => (
            <option key={relation} value={relation}>
              {t(RELATION_LABELS[relation])}
            </option>
          ))}
        </SelectField>
      </fieldset>

      <fieldset className="field-group" data-testid="payout-fields">
        <legend>{t(`${F}.payoutLegend`)}</legend>
        <p className="field-hint">{t(`${F}.payoutIntro`)}</p>
        <p className="field-hint" data-testid="payout-source">
          {t(profile.state === 'failed' ? `${F}.payoutProfileFailed` : hasProfilePayout ? `${F}.payoutFromProfile` : `${F}.payoutEmptyProfile`)}{' '}
          <Link href="/profile">{t(`${F}.profileLink`)}</Link>
        </p>
        {PAYOUT_SPECS.map((spec) => (
          <Fragment key={spec.name}>
            <TextField
              name={spec.name}
              label={t(spec.label)}
              hint={spec.hint && t(spec.hint)}
              inputMode={spec.inputMode}
              autoComplete="off"
              spellCheck={false}
              value={values[spec.name]}
              disabled={isDisabled}
              onChange={onText(spec.name)}
              errors={errorsFor(spec.name)}
            />
            {spec.name === 'ifsc' && <IfscBankStatus lookup={ifscLookup} isListRuleShown={errors.ifsc?.includes(IFSC_NOT_IN_LIST)} />}
          </Fragment>
        ))}
      </fieldset>

      <fieldset className="field-group">
        <legend>{t(`${F}.documentsLegend`)}</legend>
        <p className="field-hint">{t(`${F}.documentsIntro`)}</p>
        <p className="field-hint">{t(`${F}.documentsPrivacy`)}</p>
        {slots.map((slot, index) => (
          <HelpDocumentSlot
            key={slot.key}
            index={index}
            slot={slot}
            today={today}
            errorsFor={errorsFor}
            isChecking={checkingSlots.has(slot.key)}
            progress={progress && slot.file ? (progress[documentFieldOf(index)] ?? 0) : undefined}
            isDisabled={isDisabled}
            canRemove={slots.length > 1 || Boolean(slot.file || slot.kind || slot.date)}
            onChange={(next) => updateSlot(index, next)}
            onChoose={(file) => void chooseFile(index, slot.key, file)}
            onRemove={() => removeSlot(index)}
          />
        ))}
        {slots.length < MAX_HELP_DOCUMENTS && (
          <p className="actions">
            <button type="button" className="btn btn-secondary" disabled={isDisabled} onClick={addSlot} data-testid="add-document">
              {t(`${F}.addDocument`)}
            </button>
          </p>
        )}
        {progress && <p className="field-hint">{t(`${F}.progressNote`)}</p>}
      </fieldset>

      <p className="notice">{t(`${F}.beforeSending`)}</p>
      <FormError message={failure?.message} hint={failure?.hint} />
      {/* A failed send (offline too) goes back to the form, its reason said above. */}
      {readBack && submit.state.phase !== 'failed' ? (
        <PayoutConfirmation
          payout={readBack}
          isBusy={isSending}
          onConfirm={() => checkAndSend(true)}
          onChange={onChangeRequested}
          texts={{ heading: t(`${F}.readBackHeading`), intro: t(`${F}.readBackIntro`), confirm: t(`${F}.readBackConfirm`) }}
        />
      ) : (
        <SubmitButton isBusy={isSending} label={t(`${F}.submit`)} busyLabel={t(`${F}.busy`)} />
      )}
    </form>
  );
}
