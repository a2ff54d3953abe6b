import { useId } from 'react';

/** PRODUCT.md §11; the server checks the same (its messages, so they translate alike). */
const MAX_BYTES = 5 * 1024 * 1024;
const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'];
const TOO_LARGE = 'The image is larger than 5 MB. Please choose a smaller one.';
const WRONG_TYPE = 'Only JPEG, PNG or WebP images can be uploaded.';

/**
 * What is wrong with the chosen file before it is sent, in the person's language, or null: none
 * chosen (`choose`), not a JPEG, PNG or WebP image, or over 5 MB.
 */
export function imageFileProblem(file: File | undefined, choose: string, translateServer: (message: string) => string): string | null {
  if (!file) return choose;
  if (!IMAGE_TYPES.includes(file.type)) return translateServer(WRONG_TYPE);
  return file.size > MAX_BYTES ? translateServer(TOO_LARGE) : null;
}

/** How far an upload has got, in whole per cent (0 until the size is known). */
export function uploadPercent(state: { phase: string; loaded?: number; total?: number }): number {
  return state.phase === 'uploading' && state.total ? Math.min(100, Math.round(((state.loaded ?? 0) / state.total) * 100)) : 0;
}

/**
 * The file input of a profile image (the UPI QR, the I-card photo) with its hint and error tied to
 * it, and the upload's real progress bar under it while it is sent.
 */
export function ImageFileField({
  name,
  label,
  hint,
  error,
  onChange,
  progress,
}: {
  name: string;
  label: string;
  hint: string;
  error: string | null;
  onChange: () => void;
  /** While uploading: the bar's label ("Uploading: 40%"), how far, and its test ID. */
  progress: { label: string; percent: number; testId: string } | null;
}) {
  const inputId = useId();
  const errorId = `${inputId}-error`;
  return (
    <>
      <div className="field">
        <label htmlFor={inputId}>{label}</label>
        <p className="field-hint" id={`${inputId}-hint`}>
          {hint}
        </p>
        <input
          id={inputId}
          name={name}
          type="file"
          accept={IMAGE_TYPES.join(',')}
          aria-describedby={[`${inputId}-hint`, error ? errorId : ''].filter(Boolean).join(' ')}
          aria-invalid={error ? true : undefined}
          onChange={onChange}
        />
        {error && (
          <p className="field-error" id={errorId}>
            {error}
          </p>
        )}
      </div>
      {progress && (
        <div className="upload-progress">
          <label htmlFor={`${inputId}-progress`}>{progress.label}</label>
          <progress id={`${inputId}-progress`} max={100} value={progress.percent} data-testid={progress.testId} />
        </div>
      )}
    </>
  );
}
