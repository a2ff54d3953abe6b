import { useEffect, useId, useRef, useState } from 'react';
import { useT, type MessageKey } from '#web/i18n/i18n.tsx';
import { formatNumber } from '#web/ui/format.ts';
import type { DocumentKind } from '../application-rules.public.ts';
import { acceptAttributeOf, formatFileSize } from '../file-type.public.ts';
import { percentOf } from '#web/lib/upload-progress.ts';

const TITLES: Record<DocumentKind, { title: MessageKey; hint: MessageKey }> = {
  girlAadhaar: { title: 'kanyadan.registration.documents.girlAadhaar', hint: 'kanyadan.registration.documents.girlAadhaarHint' },
  fatherAadhaar: { title: 'kanyadan.registration.documents.fatherAadhaar', hint: 'kanyadan.registration.documents.fatherAadhaarHint' },
  birthCertificate: { title: 'kanyadan.registration.documents.birthCertificate', hint: 'kanyadan.registration.documents.birthCertificateHint' },
  photo: { title: 'kanyadan.registration.documents.photo', hint: 'kanyadan.registration.documents.photoHint' },
};

export function documentTitleKey(kind: DocumentKind): MessageKey {
  return TITLES[kind].title;
}

/**
 * One document: a button that opens the phone's file picker (the file input itself is hidden, so
 * the button can say "Choose a file" or "Replace" in the page's language, also for a file brought
 * back from the draft), the chosen file's name and size with a thumbnail for an image, Remove,
 * and while sending, its progress.
 */
export function DocumentField({
  kind,
  file,
  errors,
  isChecking,
  progress,
  isDisabled,
  onChoose,
  onRemove,
}: {
  kind: DocumentKind;
  file: File | undefined;
  /** Already translated. */
  errors?: readonly string[];
  isChecking: boolean;
  /** 0 to 1 while the application is being sent. */
  progress: number | undefined;
  isDisabled: boolean;
  onChoose: (file: File) => void;
  onRemove: () => void;
}) {
  const t = useT();
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const hasErrors = Boolean(errors && errors.length > 0);
  const describedBy = [`${id}-hint`, file ? `${id}-file` : '', hasErrors ? `${id}-error` : ''].filter(Boolean).join(' ');
  const title = t(TITLES[kind].title);
  const percent = progress === undefined ? 0 : percentOf(progress);

  return (
    <div className="field document-field" role="group" aria-labelledby={`${id}-title`} data-testid={`document-${kind}`}>
      <p className="document-title" id={`${id}-title`}>
        <label htmlFor={id}>{title}</label>
      </p>
      <p className="field-hint" id={`${id}-hint`}>
        {t(TITLES[kind].hint)}
      </p>
      <input
        ref={inputRef}
        id={id}
        name={kind}
        type="file"
        className="visually-hidden"
        tabIndex={-1}
        aria-hidden="true"
        accept={acceptAttributeOf(kind)}
        disabled={isDisabled}
        onChange={(event) => {
          const chosen = event.target.files?.[0];
          // Cleared so choosing the same file again (after fixing it) still reports a change.
          event.target.value = '';
          if (chosen) onChoose(chosen);
        }}
      />
      {file && (
        <div className="document-file" id={`${id}-file`}>
          <FilePreview file={file} />
          <p className="document-file-name">
            <span className="visually-hidden">{t('kanyadan.registration.documents.chosen')} </span>
            <span className="document-file-text">{file.name}</span> <span className="document-file-size">({formatFileSize(file.size)})</span>
          </p>
        </div>
      )}
      <div className="actions document-actions">
        <button
          type="button"
          className="btn btn-secondary"
          disabled={isDisabled || isChecking}
          aria-describedby={describedBy}
          aria-invalid={hasErrors || undefined}
          onClick={() => inputRef.current?.click()}
          data-testid={`choose-${kind}`}
        >
          {isChecking ? t('kanyadan.registration.documents.checking') : file ? t('kanyadan.registration.documents.replace') : t('kanyadan.registration.documents.choose')}
          <span className="visually-hidden">: {title}</span>
        </button>
        {file && (
          <button type="button" className="btn btn-secondary" disabled={isDisabled} onClick={onRemove} data-testid={`remove-${kind}`}>
            {t('kanyadan.registration.documents.remove')}
            <span className="visually-hidden">: {title}</span>
          </button>
        )}
      </div>
      {progress !== undefined && (
        <div className="upload-progress">
          <label htmlFor={`${id}-progress`}>
            {percent === 100 ? t('kanyadan.registration.documents.sent') : t('kanyadan.registration.documents.sending', { percent: formatNumber(percent) })}
          </label>
          <progress id={`${id}-progress`} max={100} value={percent} data-testid={`progress-${kind}`} />
        </div>
      )}
      {/* A refused file is said at once: the check runs after the picker closes. */}
      <div aria-live="polite">
        {hasErrors && (
          <p className="field-error" id={`${id}-error`}>
            {errors?.join(' ')}
          </p>
        )}
      </div>
    </div>
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
        {t('kanyadan.registration.documents.pdf')}
      </span>
    );
  }
  return url ? <img className="document-thumb" src={url} alt={t('kanyadan.registration.documents.preview', { name: file.name })} width={64} height={64} /> : <span className="document-thumb" aria-hidden="true" />;
}
