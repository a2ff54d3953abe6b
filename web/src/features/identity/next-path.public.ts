const PROBE_ORIGIN = 'https://sahay.invalid';
// Sending someone back to a sign-in page after signing in would loop.
const AUTH_PAGES = new Set(['/login', '/register', '/admin-login', '/forgot-password']);

/**
 * The `?next=` target after login, only when it is a path on this site; otherwise null (the caller
 * picks the default). Rejects other origins in every spelling browsers accept: `//evil`, `/\evil`,
 * `https://evil`, control characters (browsers strip tabs and newlines inside URLs).
 */
export function sanitizeNextPath(next: string | null | undefined): string | null {
  if (!next || next[0] !== '/' || next[1] === '/' || next[1] === '\\') return null;
  if (next.includes('\\') || [...next].some((char) => char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f)) return null;
  let url: URL;
  try {
    url = new URL(next, PROBE_ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== PROBE_ORIGIN || AUTH_PAGES.has(url.pathname.replace(/\/+$/, '') || '/')) return null;
  return url.pathname + url.search + url.hash;
}

/** Where a signed-out visitor of `path` is sent: the login page, with the way back. */
export function loginPathFor(pathWithSearch: string): string {
  return `/login?next=${encodeURIComponent(pathWithSearch)}`;
}
