import type { z } from 'zod';
import { ProcedureError } from './procedure-fetch.ts';

/**
 * The answer of a REST call the web makes itself (a multipart upload: tRPC takes no files), read
 * as the typed procedure calls read theirs: the answer checked against the route's response schema,
 * a refusal (`{ message, fieldErrors }`) turned into a ProcedureError so that fieldErrorsOf and
 * useErrorText show it as they show a tRPC error.
 */

/** The answer when it is the one asked for; the server's refusal as a ProcedureError; anything else as no answer at all. */
export async function answerOf<T>(response: Response, schema: z.ZodType<T>): Promise<T> {
  const answer: unknown = await response.json().catch(() => null);
  if (response.ok) {
    const parsed = schema.safeParse(answer);
    if (parsed.success) return parsed.data;
  }
  const refusal = refusalOf(answer);
  if (!response.ok && refusal) throw new ProcedureError(refusal.message, { httpStatus: response.status, fieldErrors: refusal.fieldErrors, requestId: refusal.requestId });
  // A proxy's error page is not the server's answer: the page says "check your connection".
  throw new Error(`HTTP ${response.status}`);
}

function refusalOf(answer: unknown): { message: string; fieldErrors: Record<string, string[]> | null; requestId: string | null } | null {
  if (typeof answer !== 'object' || answer === null || !('message' in answer) || typeof answer.message !== 'string') return null;
  const fieldErrors = 'fieldErrors' in answer && typeof answer.fieldErrors === 'object' && answer.fieldErrors !== null ? stringListsOf(answer.fieldErrors) : null;
  const requestId = 'requestId' in answer && typeof answer.requestId === 'string' ? answer.requestId : null;
  return { message: answer.message, fieldErrors, requestId };
}

/** Only the lists of messages: a field error the page cannot show as text is left out. */
function stringListsOf(value: object): Record<string, string[]> {
  const lists: Record<string, string[]> = {};
  for (const [field, messages] of Object.entries(value)) {
    if (Array.isArray(messages)) lists[field] = messages.filter((message): message is string => typeof message === 'string');
  }
  return lists;
}
