import { Ajv } from 'ajv';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from '#server/http/openapi';
import { HOSTILE_STRINGS, mutationOf, RawJson, toJsonText } from './mutations.ts';
import { operationsOf } from './operations.ts';
import type { JsonSchema } from './json-schema.ts';
import { schemaArbitrary } from './schema-arbitrary.ts';

const DOCUMENT_ID = 'https://sahay.test/fuzz/openapi.json';

/**
 * OpenAPI 3.0 writes `exclusiveMinimum: true` beside `minimum` (draft 4); ajv's draft-07 wants the
 * bound itself. Local $refs are pointed at the document registered under DOCUMENT_ID. `nullable`
 * ajv reads as it is.
 */
function toDraft07(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(toDraft07);
  if (!node || typeof node !== 'object') return node;
  const copy = Object.fromEntries(Object.entries(node).map(([key, value]) => [key, toDraft07(value)]));
  if (typeof copy.$ref === 'string' && copy.$ref.startsWith('#')) copy.$ref = `${DOCUMENT_ID}${copy.$ref}`;
  for (const [flag, bound] of [['exclusiveMinimum', 'minimum'], ['exclusiveMaximum', 'maximum']] as const) {
    if (copy[flag] === true) {
      copy[flag] = copy[bound];
      delete copy[bound];
    } else if (copy[flag] === false) delete copy[flag];
  }
  return copy;
}

function validatorFor(document: object) {
  const ajv = new Ajv({ strict: false, allErrors: true });
  ajv.addSchema(toDraft07(document) as object, DOCUMENT_ID);
  return (schema: JsonSchema) => ajv.compile(toDraft07(schema) as object);
}

describe('the JSON Schema generator', () => {
  it('generates only values that the schemas of every operation in the OpenAPI document accept', () => {
    const document = buildOpenApiDocument('https://sahay.example');
    const compile = validatorFor(document);
    const schemas = operationsOf(document).flatMap((operation) => [operation.json, operation.query, operation.multipart?.fields].filter((schema) => schema !== undefined));
    expect(schemas.length).toBeGreaterThan(30);
    for (const schema of schemas) {
      const validate = compile(schema);
      fc.assert(
        fc.property(schemaArbitrary(schema, { root: document }), (value) => {
          expect(validate(value), JSON.stringify({ schema, value, errors: validate.errors })).toBe(true);
        }),
        { numRuns: 40 },
      );
    }
  });

  it('follows $refs into the components of the document, escapes included', () => {
    const document = {
      components: {
        schemas: {
          'Contact/Phone': { type: 'string', pattern: '^[6-9]\\d{9}$' },
          Person: { type: 'object', properties: { phone: { $ref: '#/components/schemas/Contact~1Phone' } }, required: ['phone'], additionalProperties: false },
        },
      },
    };
    const body: JsonSchema = { $ref: '#/components/schemas/Person' };
    fc.assert(
      fc.property(schemaArbitrary(body, { root: document }), (value) => {
        expect(value).toEqual({ phone: expect.stringMatching(/^[6-9]\d{9}$/) });
      }),
    );
    expect(() => schemaArbitrary({ $ref: '#/components/schemas/Missing' }, { root: document })).toThrow(/names nothing/);
  });

  it('uses a hint for an open string, within the limits the schema states', () => {
    const schema: JsonSchema = { type: 'object', properties: { phone: { type: 'string', maxLength: 10 } }, required: ['phone'] };
    const hints = { phone: fc.constantFrom('9876543210', '+919876543210') };
    const phones = fc.sample(schemaArbitrary(schema, { root: {}, hints }), 200).map((value) => (value as { phone: string }).phone);
    expect(phones).toContain('9876543210');
    expect(phones).not.toContain('+919876543210');
  });
});

describe('mutations of a valid value', () => {
  const schema: JsonSchema = {
    type: 'object',
    properties: { name: { type: 'string', minLength: 2, maxLength: 20 }, count: { type: 'integer', minimum: 1, maximum: 500 }, tags: { type: 'array', items: { type: 'string' } } },
    required: ['name', 'count'],
    additionalProperties: false,
  };
  const valid = { name: 'Asha', count: 3, tags: ['a'] };
  const mutations = fc.sample(mutationOf(valid, schema, { root: {} }), { numRuns: 2_000, seed: 12 });

  it('are almost all refused by the schema', () => {
    const validate = validatorFor({})(schema);
    const accepted = mutations.filter((value) => !(value instanceof RawJson) && validate(JSON.parse(toJsonText(value))));
    // Replacing the optional tag with another string, or a number by one in range, stays valid.
    expect(accepted.length / mutations.length).toBeLessThan(0.2);
  });

  it('include missing and extra fields, wrong types, hostile strings, numbers past the limits and bodies that are not JSON', () => {
    const objects = mutations.filter((value): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof RawJson));
    expect(objects.some((value) => !('count' in value))).toBe(true);
    expect(objects.some((value) => Object.prototype.hasOwnProperty.call(value, '__proto__'))).toBe(true);
    expect(objects.some((value) => typeof value.count === 'string')).toBe(true);
    expect(objects.some((value) => typeof value.name === 'string' && value.name.includes('\u0000'))).toBe(true);
    expect(objects.some((value) => value.count === 501)).toBe(true);
    expect(objects.some((value) => value.count === 0)).toBe(true);
    expect(objects.some((value) => value.name === 'x'.repeat(21))).toBe(true);
    expect(mutations.some((value) => value instanceof RawJson && value.text === '{')).toBe(true);
    expect(HOSTILE_STRINGS.some((text) => text.length > 64 * 1024)).toBe(true);
  });

  it('write numbers JavaScript cannot hold as their own JSON text', () => {
    expect(toJsonText({ a: new RawJson('1e400'), b: [new RawJson('123456789012345678901234567890')], c: 'raw-json' })).toBe('{"a":1e400,"b":[123456789012345678901234567890],"c":"raw-json"}');
  });
});
