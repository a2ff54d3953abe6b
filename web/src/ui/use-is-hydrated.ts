import { useSyncExternalStore } from 'react';

const subscribe = () => () => undefined;

/**
 * False while the server renders and while the client hydrates that HTML, true from then on. A
 * form's submit button waits for it: pressed earlier, the click would reach no handler and be lost.
 */
export function useIsHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
