import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fieldErrorsFromZod, NUL_CHARACTER, nulFieldErrors, UNKNOWN_FIELD } from './field-errors.ts';

describe('fieldErrorsFromZod', () => {
  const schema = z.strictObject({ name: z.string().min(2, 'Too short'), address: z.strictObject({ city: z.string() }).optional() });
  const errorsOf = (input: unknown) => {
    const result = schema.safeParse(input);
    if (result.success) throw new Error('expected a refusal');
    return fieldErrorsFromZod(result.error);
  };

  it('puts each unknown field under its own name, beside the other fields’ messages', () => {
    expect(errorsOf({ name: 'A', isAdmin: true, role: 'admin' })).toEqual({ name: ['Too short'], isAdmin: [UNKNOWN_FIELD], role: [UNKNOWN_FIELD] });
  });

  it('names the top-level field for an unknown key inside a nested object, as for any nested message', () => {
    expect(errorsOf({ name: 'Asha', address: { city: 'Patna', pin: '800001' } })).toEqual({ address: [UNKNOWN_FIELD] });
  });

  it('names fields called like Object.prototype\'s members as any other (they answered 500)', () => {
    const input = JSON.parse('{"name":"Asha","__proto__":1,"toString":2,"constructor":3}') as unknown;
    expect(errorsOf(input)).toEqual(JSON.parse(`{"__proto__":["${UNKNOWN_FIELD}"],"toString":["${UNKNOWN_FIELD}"],"constructor":["${UNKNOWN_FIELD}"]}`));
  });
});

describe('nulFieldErrors', () => {
  it('names a field called __proto__ that holds a NUL character, as any other', () => {
    const errors = nulFieldErrors(JSON.parse('{"__proto__":"a\\u0000b","name":"ok"}'));
    expect(errors && Object.entries(errors)).toEqual([['__proto__', [NUL_CHARACTER]]]);
  });
});
