import fc from 'fast-check';
import { type JsonSchema, numberBounds, resolveSchema } from './json-schema.ts';
import type { SchemaContext } from './schema-arbitrary.ts';

/**
 * JSON text spliced in as it is where a value stands: numbers JavaScript cannot hold (1e400, thirty
 * digits) and literals JSON.stringify would never write.
 */
export class RawJson {
  constructor(readonly text: string) {}
}

/** JSON.stringify, with each RawJson written as its own text. */
export function toJsonText(value: unknown): string {
  const raws: string[] = [];
  // A generated string cannot spell this random marker, so only RawJson values are swapped back.
  const marker = `raw-json-${Math.random().toString(36).slice(2)}-`;
  const text = JSON.stringify(value, (_key, item: unknown) => (item instanceof RawJson ? `${marker}${raws.push(item.text) - 1}` : item)) ?? '';
  return text.replace(new RegExp(`"${marker}(\\d+)"`, 'g'), (_match, index: string) => raws[Number(index)]!);
}

const CONTROL_CHARACTERS = [...Array.from({ length: 32 }, (_, code) => String.fromCharCode(code)), '\u007f', '\u0085'];

/** Text a person does not type: controls, Unicode's edges, injections, numbers as words, and sizes past every limit. */
export const HOSTILE_STRINGS: readonly string[] = [
  '',
  ' ',
  '   ',
  '\t\n\r',
  ...CONTROL_CHARACTERS.map((control) => `a${control}b`),
  '\u0000'.repeat(200),
  '\u2028\u2029',
  '\ufeffBOM',
  '\u200b',
  '\u202eevil',
  `e${'\u0301'.repeat(500)}`,
  '\ud800',
  'a\udfffb',
  '\uffff\ufffe',
  '\u{10ffff}',
  '👨‍👩‍👧‍👦🇮🇳',
  'नमस्ते',
  '१२३४५६७८९०',
  '٣٤٥',
  '０１２３',
  'İıſß',
  '${7*7}{{7*7}}',
  '<script>alert(1)</script>',
  "' OR '1'='1' --",
  '../../../etc/passwd',
  '%00%ff%',
  '\\',
  '"',
  'null',
  'undefined',
  'NaN',
  'Infinity',
  '-0',
  '1e309',
  '0x1f',
  '=HYPERLINK("x")',
  '__proto__',
  'A'.repeat(10_000),
  // Past the 64 kB JSON limit (a 413), and 60 kB of three-byte UTF-8 just under it.
  'A'.repeat(70_000),
  'अ'.repeat(20_000),
];

/** Keys an object should not grow: prototype names, controls, the empty key, a long one. */
const HOSTILE_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', '', ' ', 'a\u0000', '\ud800', 'ключ', 'k'.repeat(2_000), '$where', 'a.b', 'a[b]'];

const GENERIC_NUMBERS = [0, -0, -1, 0.5, 1e-7, 2 ** 31 - 1, 2 ** 31, -(2 ** 31), Number.MAX_SAFE_INTEGER, 2 ** 53 + 2, Number.MIN_SAFE_INTEGER, 1e21, Number.MAX_VALUE, Number.MIN_VALUE];
const RAW_NUMBERS = ['1e400', '-1e400', '123456789012345678901234567890', '1.00000000000000000000001', '-0.0', '0e0', '1E2'].map((text) => new RawJson(text));

/** Another kind of value than the schema wants, nested structures and prototype names included. */
const WRONG_TYPE_VALUE: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(null, true, false, 0, -1, 1.5, '0', 'true', [], {}, [1, '2'], { a: { b: [] } }, [[[[[]]]]]),
  fc.constantFrom(...RAW_NUMBERS),
  fc.jsonValue({ maxDepth: 3 }),
);

/** 5,000 arrays deep: a parser or a walker that recurses without a limit overflows its stack. */
const DEEP_NESTING = new RawJson(`${'['.repeat(5_000)}${']'.repeat(5_000)}`);

/** Whole bodies that are not an object, or not JSON at all. */
const WRONG_BODY: fc.Arbitrary<unknown> = fc.oneof(
  WRONG_TYPE_VALUE,
  fc.constantFrom(...HOSTILE_STRINGS),
  fc.constantFrom(DEEP_NESTING, ...['{', '{"a":}', '[1,]', 'NaN', '{"a":1,"a":2}', "{'a':1}", '\u0000', '{"__proto__":{"isAdmin":true}}', ''].map((text) => new RawJson(text))),
);

/** A hostile string, with the schema's length limits just met and just passed when it has them. */
export function hostileStringArbitrary(schema: JsonSchema = {}): fc.Arbitrary<string> {
  const atLimits = [
    ...(schema.maxLength !== undefined ? ['x'.repeat(schema.maxLength), 'x'.repeat(schema.maxLength + 1), 'अ'.repeat(schema.maxLength + 1)] : []),
    ...(schema.minLength ? ['x'.repeat(schema.minLength - 1)] : []),
  ];
  return fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...HOSTILE_STRINGS, ...atLimits) },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  );
}

/** Numbers at, just inside and just past the schema's bounds, and the edges of doubles and integers. */
function edgeNumberArbitrary(schema: JsonSchema): fc.Arbitrary<unknown> {
  const { min, max } = numberBounds(schema);
  const atBounds = [...(min === undefined ? [] : [min, min - 1, min - 0.5]), ...(max === undefined ? [] : [max, max + 1, max + 0.5])];
  return fc.oneof(
    ...(atBounds.length > 0 ? [{ weight: 3, arbitrary: fc.constantFrom<unknown>(...atBounds) }] : []),
    { weight: 2, arbitrary: fc.constantFrom<unknown>(...GENERIC_NUMBERS, ...RAW_NUMBERS) },
    { weight: 1, arbitrary: fc.double() },
  );
}

/** Something other than what stands at a place, chosen with the schema that place has (when known). */
function replacementArbitrary(schema: JsonSchema | undefined): fc.Arbitrary<unknown> {
  const options: fc.Arbitrary<unknown>[] = [WRONG_TYPE_VALUE, hostileStringArbitrary(schema)];
  const isNumber = schema?.type === 'integer' || schema?.type === 'number';
  return isNumber ? fc.oneof({ weight: 2, arbitrary: edgeNumberArbitrary(schema) }, ...options) : fc.oneof(...options);
}

type Path = readonly (string | number)[];
interface Place {
  path: Path;
  value: unknown;
  schema: JsonSchema | undefined;
}

/** Every place in a value (itself included), with its schema where the schema says. */
function placesIn(value: unknown, schema: JsonSchema | undefined, context: SchemaContext, path: Path = []): Place[] {
  const resolved = schema && resolveSchema(context.root, schema);
  const here: Place = { path, value, schema: resolved && schemaOfValue(resolved, value, context) };
  if (Array.isArray(value)) return [here, ...value.flatMap((item, index) => placesIn(item, here.schema?.items, context, [...path, index]))];
  if (isPlainObject(value)) {
    return [here, ...Object.entries(value).flatMap(([key, item]) => placesIn(item, here.schema?.properties?.[key], context, [...path, key]))];
  }
  return [here];
}

/** For a union, the branch whose type the value has: its limits are the ones to test. */
function schemaOfValue(schema: JsonSchema, value: unknown, context: SchemaContext): JsonSchema {
  const branches = schema.anyOf ?? schema.oneOf;
  if (!branches) return schema;
  const resolved = branches.map((branch) => resolveSchema(context.root, branch));
  const kind = Array.isArray(value) ? 'array' : value === null ? 'null' : typeof value === 'object' ? 'object' : typeof value;
  return resolved.find((branch) => branch.type === kind || (kind === 'number' && branch.type === 'integer')) ?? schema;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof RawJson);
}

/** A copy of `value` with `change` applied to the container at `path` (the root when empty). */
function changedAt(value: unknown, path: Path, change: (container: unknown) => unknown): unknown {
  if (path.length === 0) return change(value);
  const [head, ...rest] = path;
  if (Array.isArray(value)) return value.map((item, index) => (index === head ? changedAt(item, rest, change) : item));
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value as Record<string, unknown>)) defineKey(copy, key, key === head ? changedAt(item, rest, change) : item);
  return copy;
}

/** Sets a key as an own property, so "__proto__" is a key of the JSON and not the object's prototype. */
function defineKey(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

function withoutKey(container: unknown, key: string): unknown {
  return Object.fromEntries(Object.entries(container as Record<string, unknown>).filter(([name]) => name !== key));
}

function withKey(container: unknown, key: string, value: unknown): unknown {
  const copy = { ...(container as Record<string, unknown>) };
  defineKey(copy, key, value);
  return copy;
}

/** One mutation of a valid value: a place replaced, a field removed or added, or the whole thing swapped. */
export function mutationOf(value: unknown, schema: JsonSchema, context: SchemaContext): fc.Arbitrary<unknown> {
  const places = placesIn(value, schema, context);
  const objects = places.filter((place) => isPlainObject(place.value));
  const fields = objects.flatMap((place) => Object.keys(place.value as object).map((key) => ({ path: place.path, key })));
  const options: fc.Arbitrary<unknown>[] = [
    fc.constantFrom(...places).chain((place) => replacementArbitrary(place.schema).map((replacement) => changedAt(value, place.path, () => replacement))),
    WRONG_BODY,
  ];
  if (fields.length > 0) options.push(fc.constantFrom(...fields).map(({ path, key }) => changedAt(value, path, (container) => withoutKey(container, key))));
  if (objects.length > 0) {
    options.push(
      fc
        .tuple(fc.constantFrom(...objects), fc.oneof(fc.constantFrom(...HOSTILE_KEYS), fc.string({ maxLength: 12 })), fc.oneof(WRONG_TYPE_VALUE, hostileStringArbitrary()))
        .map(([place, key, extra]) => changedAt(value, place.path, (container) => withKey(container, key, extra))),
    );
  }
  return fc.oneof(...options);
}

/** Valid values of the schema and mutations of them, about half each. */
export function validOrMutatedArbitrary(valid: fc.Arbitrary<unknown>, schema: JsonSchema, context: SchemaContext): fc.Arbitrary<{ value: unknown; isMutated: boolean }> {
  return fc.oneof(
    valid.map((value) => ({ value, isMutated: false })),
    valid.chain((value) => mutationOf(value, schema, context)).map((value) => ({ value, isMutated: true })),
  );
}
