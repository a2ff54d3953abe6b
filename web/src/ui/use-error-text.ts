import { requestIdOf, serverMessageOf } from '../api/errors.ts';
import { useLang, useT, type MessageKey } from '../i18n/i18n.tsx';

export interface ErrorText {
  message: string;
  hint?: string;
}

/**
 * What to tell the person about a failed request: the server's message in their language, or —
 * when the server never answered — the page's fallback plus what to do next.
 */
export function useErrorText(): (error: unknown, fallback: MessageKey) => ErrorText {
  const t = useT();
  const { translateServer } = useLang();
  return (error, fallback) => {
    const message = serverMessageOf(error);
    if (!message) return { message: t(fallback), hint: t('common.checkConnection') };
    const requestId = requestIdOf(error);
    return { message: translateServer(message), hint: requestId && message === 'Something went wrong' ? `ID: ${requestId}` : undefined };
  };
}

/** Zod issues (client-side safeParse) as field errors keyed by the top-level field name. */
export function issuesToFieldErrors(issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>): Record<string, string[]> {
  const fieldErrors: Record<string, string[]> = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? '');
    (fieldErrors[field] ??= []).push(issue.message);
  }
  return fieldErrors;
}
