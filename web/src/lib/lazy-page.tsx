import { use, type ComponentType } from 'react';
import { getActiveLang, loadNamespaces, type Namespace } from '../i18n/i18n.tsx';

export interface LazyPage {
  /** Renders the page; suspends until its chunk and texts are loaded (at once if preloaded). */
  Component: ComponentType;
  /** Loads the chunk and its texts. Awaited before hydration so the server's HTML is hydrated, not replaced. */
  preload(): Promise<void>;
  /** The dictionary sections the page's texts live in (besides `core`, which the layout loads). */
  namespaces: readonly Namespace[];
}

/** Loads that failed (offline, a deploy replaced the chunk); kept until Retry so the error shows. */
const failedLoads = new Set<() => void>();

/** Called by the error page's Retry: failed page loads will be tried again on the next render. */
export function forgetFailedPageLoads(): void {
  for (const forget of failedLoads) forget();
  failedLoads.clear();
}

/** A promise that says whether it has settled, in the fields React's `use` reads. */
type TrackedPromise<T> = Promise<T> & { status?: 'pending' | 'fulfilled' | 'rejected'; value?: T; reason?: unknown };

function track<T>(promise: Promise<T>): TrackedPromise<T> {
  const tracked: TrackedPromise<T> = promise;
  tracked.status = 'pending';
  tracked.then(
    (value) => {
      tracked.status = 'fulfilled';
      tracked.value = value;
    },
    (reason: unknown) => {
      tracked.status = 'rejected';
      tracked.reason = reason;
    },
  );
  return tracked;
}

/**
 * Like React.lazy, but its module can be loaded ahead of rendering, and a loaded page renders
 * without suspending (`use` returns a settled promise's value at once) — hydrating a prerendered
 * page needs exactly that. A failed load stays failed, so `use` throws it to the error boundary
 * instead of suspending forever on fresh attempts, until forgetFailedPageLoads().
 */
export function lazyPage(load: () => Promise<{ default: ComponentType }>, namespaces: readonly Namespace[] = []): LazyPage {
  let pending: TrackedPromise<ComponentType> | undefined;

  function ensureLoaded(): TrackedPromise<ComponentType> {
    if (!pending) {
      // The page's texts come in the language pages are loaded in; switching language loads the
      // same sections in the other one (I18nProvider.setLang).
      pending = track(Promise.all([load(), loadNamespaces(getActiveLang(), namespaces)]).then(([module]) => module.default));
      pending.catch(() => failedLoads.add(() => (pending = undefined)));
    }
    return pending;
  }

  function Component() {
    // Typed as a plain promise for `use`; React reads the status fields set by track() at run time.
    const Page = use(ensureLoaded() as PromiseLike<ComponentType>);
    return <Page />;
  }

  return { Component, preload: () => ensureLoaded().then(() => undefined), namespaces };
}
