import { use, type ComponentType } from 'react';

export interface LazyPage {
  /** Renders the page; suspends until its chunk is loaded (at once if preloaded). */
  Component: ComponentType;
  /** Loads the chunk. Awaited before hydration so prerendered HTML is hydrated, not replaced. */
  preload(): Promise<void>;
}

/**
 * Like React.lazy, but its module can be loaded ahead of rendering and then renders without
 * suspending — hydrating a prerendered page needs exactly that. A failed load (offline) is
 * forgotten, so the error page's Retry loads it again.
 */
export function lazyPage(load: () => Promise<{ default: ComponentType }>): LazyPage {
  let loaded: ComponentType | undefined;
  let pending: Promise<ComponentType> | undefined;

  function ensureLoaded(): Promise<ComponentType> {
    pending ??= load().then(
      (module) => (loaded = module.default),
      (error: unknown) => {
        pending = undefined;
        throw error;
      },
    );
    return pending;
  }

  function Component() {
    const Page = loaded ?? use(ensureLoaded());
    return <Page />;
  }

  return { Component, preload: () => ensureLoaded().then(() => undefined) };
}
