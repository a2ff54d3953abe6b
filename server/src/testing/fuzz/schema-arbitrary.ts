import fc from 'fast-check';
import { type JsonSchema, numberBounds, resolveSchema } from './json-schema.ts';

export interface SchemaContext {
  /** The document `$ref`s point into. */
  root: unknown;
  /**
   * Plausible values for string properties the schema leaves open (a phone, a date, a UTR): keyed by
   * property name, mixed with the schema's own strings, so generated bodies also pass the checks that
   * zod makes in code (refinements) and reach the command behind them.
   */
  hints?: Readonly<Record<string, fc.Arbitrary<unknown>>>;
}

/** Deeper than any request body we have: past it a schema refers to itself, which this generator does not unroll. */
const MAX_DEPTH = 32;
/** Arrays and open strings stay short: validity, not size, is what these values are for. */
const EXTRA_ITEMS = 4;
const EXTRA_LENGTH = 24;

/** Characters a person types: ASCII letters, digits, some punctuation, and Devanagari (one UTF-16 unit each). */
const TYPED_CHARACTER = fc.oneof(
  { weight: 8, arbitrary: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 .,-\'/') },
  { weight: 2, arbitrary: fc.constantFrom(...'अआइकखगनमसतेराजपुर') },
);

/** A value the schema accepts, as the document describes it (zod's refinements are not in it). */
export function schemaArbitrary(schema: JsonSchema, context: SchemaContext, depth = 0): fc.Arbitrary<unknown> {
  if (depth > MAX_DEPTH) throw new Error('schema nested too deep (a recursive $ref?)');
  const resolved = resolveSchema(context.root, schema);
  const base = nonNullArbitrary(resolved, context, depth);
  return resolved.nullable ? fc.oneof(base, fc.constant(null)) : base;
}

function nonNullArbitrary(schema: JsonSchema, context: SchemaContext, depth: number): fc.Arbitrary<unknown> {
  if (schema.enum) return fc.constantFrom(...schema.enum);
  if (schema.const !== undefined) return fc.constant(schema.const);
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches) return fc.oneof(...branches.map((branch) => schemaArbitrary(branch, context, depth + 1)));
  switch (schema.type) {
    case 'object':
      return objectArbitrary(schema, context, depth);
    case 'array':
      return fc.array(schemaArbitrary(schema.items ?? {}, context, depth + 1), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.min(schema.maxItems ?? Infinity, (schema.minItems ?? 0) + EXTRA_ITEMS),
      });
    case 'string':
      return stringArbitrary(schema);
    case 'integer':
    case 'number':
      return numberArbitrary(schema);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case undefined:
      // zod's "any" (unrepresentable types): any JSON value.
      return fc.jsonValue({ maxDepth: 2 });
    default:
      throw new Error(`unsupported schema type ${String(schema.type)}`);
  }
}

function objectArbitrary(schema: JsonSchema, context: SchemaContext, depth: number): fc.Arbitrary<unknown> {
  const properties = schema.properties ?? {};
  const model = Object.fromEntries(Object.entries(properties).map(([name, property]) => [name, propertyArbitrary(name, property, context, depth)]));
  return fc.record(model, { requiredKeys: (schema.required ?? []).filter((name) => name in properties) });
}

function propertyArbitrary(name: string, property: JsonSchema, context: SchemaContext, depth: number): fc.Arbitrary<unknown> {
  const fromSchema = schemaArbitrary(property, context, depth + 1);
  const hint = context.hints?.[name];
  const resolved = resolveSchema(context.root, property);
  const isFreeString = resolved.type === 'string' && !resolved.enum && !resolved.format;
  const isUnion = Boolean(resolved.anyOf ?? resolved.oneOf);
  if (!hint || !(isFreeString || isUnion)) return fromSchema;
  return fc.oneof({ weight: 3, arbitrary: hint.filter((value) => isWithinStringLimits(resolved, value)) }, { weight: 1, arbitrary: fromSchema });
}

/** A hint never breaks a limit the document states: length and pattern, for a string. */
function isWithinStringLimits(schema: JsonSchema, value: unknown): boolean {
  if (typeof value !== 'string') return true;
  const isLengthOk = value.length >= (schema.minLength ?? 0) && value.length <= (schema.maxLength ?? Infinity);
  return isLengthOk && (schema.pattern === undefined || new RegExp(schema.pattern).test(value));
}

function stringArbitrary(schema: JsonSchema): fc.Arbitrary<string> {
  const minLength = schema.minLength ?? 0;
  const maxLength = schema.maxLength ?? minLength + EXTRA_LENGTH;
  const fitsLength = (text: string) => text.length >= minLength && text.length <= maxLength;
  if (schema.pattern) return fc.stringMatching(new RegExp(schema.pattern)).filter(fitsLength);
  if (schema.format) return formattedString(schema.format).filter(fitsLength);
  return fc.string({ unit: TYPED_CHARACTER, minLength, maxLength: Math.min(maxLength, minLength + EXTRA_LENGTH) });
}

function formattedString(format: string): fc.Arbitrary<string> {
  const date = fc.date({ min: new Date('1990-01-01'), max: new Date('2040-12-31'), noInvalidDate: true });
  switch (format) {
    case 'email':
      return fc.emailAddress();
    case 'date':
      return date.map((value) => value.toISOString().slice(0, 10));
    case 'date-time':
      return date.map((value) => value.toISOString());
    case 'uuid':
      return fc.uuid();
    default:
      throw new Error(`unsupported string format ${format}`);
  }
}

function numberArbitrary(schema: JsonSchema): fc.Arbitrary<number> {
  const { min, max } = numberBounds(schema);
  if (schema.type === 'integer') {
    return fc.integer({ min: Math.ceil(min ?? Number.MIN_SAFE_INTEGER), max: Math.floor(max ?? Number.MAX_SAFE_INTEGER) });
  }
  return fc.double({ min: min ?? -1e12, max: max ?? 1e12, noNaN: true, noDefaultInfinity: true });
}
