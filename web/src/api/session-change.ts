/**
 * Someone signed in or out: whatever was cached for the previous person must go. The React Query
 * cache (loaded only by member and admin pages) registers here, so the sign-in pages can clear it
 * without loading it.
 */
const listeners = new Set<() => void>();

export function onSessionChange(listener: () => void): void {
  listeners.add(listener);
}

export function sessionChanged(): void {
  for (const listener of listeners) listener();
}
