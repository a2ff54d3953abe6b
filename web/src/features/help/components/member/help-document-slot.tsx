import { useEffect, useId, useRef, useState } from 'react';
import { HELP_DOCUMENT_KIND_VALUES } from '@sahay/server/modules/help/help.schema';
import { SelectField } from '#web/ui/form/select-field.tsx';
import { formatFileSize } from '#web/features/kanyadan/file-type.public.ts';
import { percentOf } from '#web/lib/upload-progress.ts';
import { useT } from '#web/i18n/i18n.tsx';
import { formatNumber } from '#web/ui/format.ts';
import { TextField } from '#web/ui/form/text-field.tsx';
import { DATED_KINDS, documentFieldOf, isDocumentKind, type HelpDocumentSlot } from './ask-help-rules.ts';
import { DOCUMENT_KIND_LABELS } from './member-help-labels.ts';

/** A slot inside the documents' group: a rule above it rather than a second box, so a 360 px phone keeps its width. */
const SLOT_STYLE = { margin: 0, minInlineSize: 0, borderLeft: 0, borderRight: 0, borderBottom: 0 } as const;
const LEGEND_STYLE = { padding: 0, fontWeight: 700 } as const;

/** Images or a PDF: a hint to the phone's file picker only; the first bytes decide. */
const ACCEPT = 'image/jpeg,image/png,image/webp,application/pdf';

/**
 * One document: what it is, the date written on it, and the file — a button opens the phone's
 * file picker (the input itself is hidden, so the button speaks the page's language), then the
 * file's name and size with a thumbnail for an image, Remove, and while sending, its progress.
 * Field names are the multipart body's: `document2Kind`, `document2Date`, `document2`.
 */
export function HelpDocumentSlot({
  index,
  slot,
  today,
  errorsFor,
  isChecking,
  progress,
  isDisabled,
  canRemove,
  onChange,
  onChoose,
  onRemove,
}: {
  index: number;
  slot: HelpDocumentSlot;
  today: string;
  /** Already translated. */
  errorsFor: (field: string) => readonly string[] | undefined;
  isChecking: boolean;
  /** 0 to 1 while the request is being sent. */
  progress: number | undefined;
  isDisabled: boolean;
  /** An empty slot that is the only one has nothing to remove. */
  canRemove: boolean;
  onChange: (slot: HelpDocumentSlot) => void;
  onChoose: (file: File) => void;
  onRemove: () => void;
}) {
  const t = useT();
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const field = documentFieldOf(index);
  const fileErrors = errorsFor(field);
  const hasFileErrors = Boolean(fileErrors?.length);
  const title = t('myHelp.form.document', { number: formatNumber(index + 1) });
  const percent = progress === undefined ? 0 : percentOf(progress);
  const isDateNeeded = slot.kind !== '' && DATED_KINDS.has(slot.kind);

  return (
    <fieldset className="document-field" style={SLOT_STYLE} data-testid={`help-${field}`}>
      <legend style={LEGEND_STYLE}>{title}</legend>
      <SelectField
        name={`${field}Kind`}
        label={t('myHelp.form.documentKind')}
        value={slot.kind}
        disabled={isDisabled}
        onChange={(event) => onChange({ ...slot, kind: isDocumentKind(event.target.value) ? event.target.value : '' })}
        errors={errorsFor(`${field}Kind`)}
      >
        <option value="">{t('myHelp.form.choose')}</option>
        {HELP_DOCUMENT_KIND_VALUES.map((kind) => (
          <option key={kind} value={kind}>
            {t(DOCUMENT_KIND_LABELS[kind])}
          </option>
        ))}
      </SelectField>
      <TextField
        name={`${field}Date`}
        type="date"
        label={`${t('myHelp.form.documentDate')} ${t(isDateNeeded ? 'myHelp.form.requiredMark' : 'myHelp.form.optionalMark')}`}
        hint={t('myHelp.form.documentDateHint')}
        max={today}
        disabled={isDisabled}
        value={slot.date}
        onChange={(event) => onChange({ ...slot, date: event.target.value })}
        errors={errorsFor(`${field}Date`)}
      />
      <div className="field">
        <p className="document-title" id={`${id}-title`}>
          <label htmlFor={id}>{t('myHelp.form.file')}</label>
        </p>
        <p className="field-hint" id={`${id}-hint`}>
          {t('myHelp.form.fileHint')}
        </p>
        <input
          ref={inputRef}
          id={id}
          name={field}
          type="file"
          className="visually-hidden"
          tabIndex={-1}
          aria-hidden="true"
          accept={ACCEPT}
          disabled={isDisabled}
          onChange={(event) => {
            const chosen = event.target.files?.[0];
            // Cleared so choosing the same file again (after fixing it) still reports a change.
            event.target.value = '';
            if (chosen) onChoose(chosen);
          }}
        />
        {slot.file && (
          <div className="document-file" id={`${id}-file`}>
            <FilePreview file={slot.file} />
            <p className="document-file-name">
              <span className="visually-hidden">{t('myHelp.form.chosen')} </span>
              <span className="document-file-text">{slot.file.name}</span> <span className="document-file-size">({formatFileSize(slot.file.size)})</span>
            </p>
          </div>
        )}
        <div className="actions document-actions">
          <button
            type="button"
            className="btn btn-secondary"
            disabled={isDisabled || isChecking}
            aria-describedby={[`${id}-hint`, slot.file ? `${id}-file` : '', hasFileErrors ? `${id}-error` : ''].filter(Boolean).join(' ')}
            aria-invalid={hasFileErrors || undefined}
            onClick={() => inputRef.current?.click()}
            data-testid={`choose-${field}`}
          >
            {isChecking ? t('myHelp.form.checking') : slot.file ? t('myHelp.form.replace') : t('myHelp.form.chooseFile')}
            <span className="visually-hidden">: {title}</span>
          </button>
          {canRemove && (
            <button type="button" className="btn btn-secondary" disabled={isDisabled} onClick={onRemove} data-testid={`remove-${field}`}>
              {t('myHelp.form.removeDocument')}
              <span className="visually-hidden">: {title}</span>
            </button>
          )}
        </div>
        {progress !== undefined && (
          <div className="upload-progress">
            <label htmlFor={`${id}-progress`}>{percent === 100 ? t('myHelp.form.fileSent') : t('myHelp.form.fileSending', { percent: formatNumber(percent) })}</label>
            <progress id={`${id}-progress`} max={100} value={percent} />
          </div>
        )}
        {/* A refused file is said at once: the check runs after the picker closes. */}
        <div aria-live="polite">
          {hasFileErrors && (
            <p className="field-error" id={`${id}-error`}>
              {fileErrors?.join(' ')}
            </p>
          )}
        </div>
      </div>
    </fieldset>
  );
}

/** A thumbnail for an image (an object URL, released when the file changes); a PDF gets a label. */
function FilePreview({ file }: { file: File }) {
  const t = useT();
  const [url, setUrl] = useState<string | null>(null);
  const isImage = file.type.startsWith('image/');
  useEffect(() => {
    if (!isImage) return;
    const objectUrl = URL.createObjectURL(file);
    setUrl(objectUrl);
    return () => {
      URL.revokeObjectURL(objectUrl);
      setUrl(null);
    };
  }, [file, isImage]);
  if (!isImage) {
    return (
      <span className="document-thumb document-thumb-pdf" aria-hidden="true">
        {t('myHelp.form.pdf')}
      </span>
    );
  }
  return url ? <img className="document-thumb" src={url} alt={t('myHelp.form.preview', { name: file.name })} width={64} height={64} /> : <span className="document-thumb" aria-hidden="true" />;
}
