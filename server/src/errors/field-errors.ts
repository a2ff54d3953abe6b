import type { z } from 'zod';

/** Beside a field the schema does not know (strict objects): unknown fields are refused, not dropped. */
export const UNKNOWN_FIELD = 'This field is not accepted.';

/**
 * A zod error as the messages beside each top-level field, for the API's `fieldErrors` (what
 * zod's flattenError gives, but for unknown keys). zod reports the unknown keys of a strict object
 * once, on the object, where no field shows them: each top-level one is put under its own name,
 * and one inside a nested object under that object's name, with the message the web translates.
 */
export function fieldErrorsFromZod(error: z.ZodError): Record<string, string[]> {
  const fieldErrors: Record<string, string[]> = {};
  const add = (field: PropertyKey, message: string) => (fieldErrors[String(field)] ??= []).push(message);
  for (const issue of error.issues) {
    const [field] = issue.path;
    if (issue.code === 'unrecognized_keys') {
      if (field === undefined) for (const key of issue.keys) add(key, UNKNOWN_FIELD);
      else add(field, UNKNOWN_FIELD);
    } else if (field !== undefined) {
      add(field, issue.message);
    }
  }
  return fieldErrors;
}
