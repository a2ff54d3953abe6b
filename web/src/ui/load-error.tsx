/** A failed load, with what to do next and a Retry button. */
export function LoadError({ error, onRetry, retryLabel }: { error: { message: string; hint?: string }; onRetry: () => void; retryLabel: string }) {
  return (
    <div className="container page-narrow">
      <div role="alert" className="form-error">
        <p>{error.message}</p>
        {error.hint && <p className="form-error-hint">{error.hint}</p>}
      </div>
      <button type="button" className="btn btn-primary" onClick={onRetry}>
        {retryLabel}
      </button>
    </div>
  );
}
