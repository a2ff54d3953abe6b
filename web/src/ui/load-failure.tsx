import { requestIdOf, serverMessageOf } from '../api/errors.ts';
import { useLang, useT } from '../i18n/i18n.tsx';

/**
 * A part of a page that could not load: the page's own message (PRODUCT.md words it), then
 * what the server said or what to do next, and Retry.
 */
export function LoadFailure({ message, error, onRetry }: { message: string; error: unknown; onRetry: () => void }) {
  const t = useT();
  const { translateServer } = useLang();
  const said = serverMessageOf(error);
  const requestId = requestIdOf(error);
  const hint = !said ? t('common.checkConnection') : said === 'Something went wrong' && requestId ? `ID: ${requestId}` : translateServer(said);
  return (
    <div role="alert" className="form-error">
      <p>{message}</p>
      {hint !== message && <p className="form-error-hint">{hint}</p>}
      <button type="button" className="btn btn-secondary btn-small load-retry" onClick={onRetry}>
        {t('common.retry')}
      </button>
    </div>
  );
}
