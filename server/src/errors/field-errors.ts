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
  // A Map, not an object: a field may be named `__proto__`, `toString` or `constructor`.
  const fieldErrors = new Map<string, string[]>();
  const add = (field: PropertyKey, message: string) => fieldErrors.set(String(field), [...(fieldErrors.get(String(field)) ?? []), message]);
  for (const issue of error.issues) {
    const [field] = issue.path;
    if (issue.code === 'unrecognized_keys') {
      if (field === undefined) for (const key of issue.keys) add(key, UNKNOWN_FIELD);
      else add(field, UNKNOWN_FIELD);
    } else if (field !== undefined) {
      add(field, issue.message);
    }
  }
  return Object.fromEntries(fieldErrors);
}

/** Beside a field holding U+0000 anywhere in it. */
export const NUL_CHARACTER = 'Remove the NUL character (U+0000) from this field.';

/** The message of a 400 whose fieldErrors say what to correct (zod's, and the NUL check's). */
export const CORRECT_THE_FIELDS = 'Please correct the highlighted fields.';

const MAX_DEPTH = 64;

function holdsNul(value: unknown, depth: number): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH) return false;
  if (Array.isArray(value)) return value.some((item) => holdsNul(item, depth + 1));
  return Object.entries(value).some(([key, item]) => key.includes('\u0000') || holdsNul(item, depth + 1));
}

/**
 * The top-level fields of an input that hold a NUL character (U+0000) anywhere inside, in a value
 * or a key; null when none does. No person types one, and PostgreSQL cannot store it in text (it
 * answered a 500): every input is checked for it before its schema (tRPC's procedures, REST's
 * parseInput), so it is a 400 beside the field, whatever the field.
 */
export function nulFieldErrors(input: unknown): Record<string, string[]> | null {
  if (input === null || typeof input !== 'object' || Array.isArray(input)) return holdsNul(input, 0) ? { input: [NUL_CHARACTER] } : null;
  // Built from entries, not by assignment: a key `__proto__` would set the prototype instead.
  const fields = Object.entries(input).filter(([key, value]) => key.includes('\u0000') || holdsNul(value, 1));
  return fields.length > 0 ? Object.fromEntries(fields.map(([key]) => [key.replaceAll('\u0000', '\uFFFD'), [NUL_CHARACTER]])) : null;
}
