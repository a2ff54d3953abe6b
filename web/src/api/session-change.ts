/** Who is signed in, as the navigation needs it: a member, an admin, or nobody. */
export type Viewer = 'member' | 'admin' | null;

/**
 * Someone signed in or out: whatever was cached for the previous person must go, and the
 * navigation shows the links of the new one. The React Query cache (loaded only by member and admin
 * pages) and the site data store register here, so the sign-in pages can tell them without loading them.
 */
const listeners = new Set<(viewer: Viewer) => void>();

export function onSessionChange(listener: (viewer: Viewer) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function sessionChanged(viewer: Viewer): void {
  for (const listener of listeners) listener(viewer);
}
