import { Component, type ReactNode } from 'react';
import { Link } from 'wouter';
import { useT } from '../i18n/i18n.tsx';
import { forgetFailedPageLoads } from '../lib/lazy-page.tsx';

interface Props {
  /** The page's location: going elsewhere clears the error. */
  resetKey: string;
  children: ReactNode;
}

interface State {
  hasError: boolean;
  resetKey: string;
}

/** Any crash below shows a friendly page with Retry — never a stack trace. */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { hasError: false, resetKey: this.props.resetKey };

  static getDerivedStateFromError(): Partial<State> {
    return { hasError: true };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey === state.resetKey ? null : { hasError: false, resetKey: props.resetKey };
  }

  override componentDidCatch(error: unknown): void {
    // For the developer console only; the person sees ErrorPage.
    console.error(error);
  }

  override render() {
    if (this.state.hasError) {
      const retry = () => {
        forgetFailedPageLoads();
        this.setState({ hasError: false });
      };
      return <ErrorPage onRetry={retry} />;
    }
    return this.props.children;
  }
}

export function ErrorPage({ onRetry }: { onRetry: () => void }) {
  const t = useT();
  return (
    <div className="container page-narrow">
      <h1>{t('errorPage.heading')}</h1>
      <p>{t('errorPage.text')}</p>
      <p className="actions">
        <button type="button" className="btn btn-primary" onClick={onRetry}>
          {t('errorPage.retry')}
        </button>
        <Link href="~/" className="btn btn-secondary">
          {t('common.goHome')}
        </Link>
      </p>
    </div>
  );
}

export function PageLoading() {
  const t = useT();
  return (
    <div className="container page-narrow">
      <p role="status" className="loading">
        {t('common.loading')}
      </p>
    </div>
  );
}
