import fc from 'fast-check';
import { HOSTILE_STRINGS, hostileStringArbitrary, RawJson, toJsonText, validOrMutatedArbitrary } from './mutations.ts';
import type { Method, Operation } from './operations.ts';
import { type SchemaContext, schemaArbitrary } from './schema-arbitrary.ts';

export type FuzzIdentity = 'visitor' | 'member' | 'admin';

export interface FuzzFile {
  bytes: Buffer;
  filename: string;
  contentType: string;
}

export type FuzzBody =
  | { kind: 'none' }
  /** `contentType` is usually application/json, sometimes a type that does not describe the text. */
  | { kind: 'text'; contentType: string; text: string }
  | { kind: 'form'; fields: [string, string][]; files: [string, FuzzFile][] };

export interface FuzzRequest {
  method: Method;
  /** The path with its parameters in place and the query string, percent-encoded. */
  url: string;
  as: FuzzIdentity;
  body: FuzzBody;
  /** Whether anything was knowingly made invalid (a valid-looking request may still be refused on its merits). */
  isMutated: boolean;
}

export interface RequestArbitraryOptions {
  context: SchemaContext;
  /** Well-formed values of path parameters by name: IDs that exist, and ones that look right but do not. */
  pathValues: Readonly<Record<string, fc.Arbitrary<string>>>;
  /** Files to upload: valid ones and garbage. */
  files: fc.Arbitrary<FuzzFile>;
}

/**
 * Segments no encoder writes: broken percent escapes, an encoded NUL, overlong and surrogate UTF-8,
 * dot segments, an encoded slash, and nothing at all.
 */
const RAW_SEGMENTS = ['%', '%zz', '%00', '%ED%A0%80', '%C0%AF', '%FF%FE', '..', '.', '%2e%2e', '%2F', 'a%2Fb', ';x=1', '*', ''];

/**
 * Node's HTTP parser answers 431 itself, before the app, to headers and request line past 16 kB:
 * such requests test Node, not us, so the encoded path and query stay under 12 kB.
 */
const MAX_URL_LENGTH = 12_000;

function encodeSegment(text: string): string {
  // encodeURIComponent throws on a lone surrogate; the replacement character stands in for it.
  return encodeURIComponent(text.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd'));
}

function pathSegmentArbitrary(wellFormed: fc.Arbitrary<string> | undefined): fc.Arbitrary<{ segment: string; isMutated: boolean }> {
  const garbage = fc
    .oneof(hostileStringArbitrary().map(encodeSegment), fc.constantFrom(...RAW_SEGMENTS))
    .map((segment) => ({ segment, isMutated: true }));
  if (!wellFormed) return garbage;
  return fc.oneof({ weight: 3, arbitrary: wellFormed.map((value) => ({ segment: encodeSegment(value), isMutated: false })) }, { weight: 2, arbitrary: garbage });
}

function urlArbitrary(operation: Operation, pathValues: RequestArbitraryOptions['pathValues']): fc.Arbitrary<{ url: string; isMutated: boolean }> {
  const segments = operation.pathParameters.map((name) => pathSegmentArbitrary(pathValues[name]));
  return fc.tuple(...segments).map((values) => ({
    url: operation.pathParameters.reduce((url, name, index) => url.replace(`{${name}}`, values[index]!.segment), operation.path),
    isMutated: values.some((value) => value.isMutated),
  }));
}

/** A form field or query value as text: lists repeat the name, objects go as JSON, null as nothing. */
function asTextPairs(name: string, value: unknown): [string, string][] {
  if (Array.isArray(value)) return value.flatMap((item) => asTextPairs(name, item));
  if (value === null || value === undefined) return [[name, '']];
  if (value instanceof RawJson) return [[name, value.text]];
  if (typeof value === 'object') return [[name, toJsonText(value)]];
  return [[name, String(value)]];
}

/** An object's entries as pairs; anything else becomes one nameless pair, as a stray `?text` would. */
function toPairs(value: unknown): [string, string][] {
  if (value && typeof value === 'object' && !Array.isArray(value) && !(value instanceof RawJson)) {
    return Object.entries(value).flatMap(([name, item]) => asTextPairs(name, item));
  }
  return asTextPairs('', value).map(([, text]) => [text, '']);
}

function queryArbitrary(operation: Operation, context: SchemaContext): fc.Arbitrary<{ pairs: [string, string][]; isMutated: boolean }> {
  const stray = fc.oneof(
    fc.constant<[string, string][]>([]),
    fc.tuple(fc.constantFrom('page', 'limit', 'x', '__proto__', 'a[b]', ''), hostileStringArbitrary()).map((pair): [string, string][] => [pair]),
  );
  if (!operation.query) {
    return fc.oneof({ weight: 4, arbitrary: fc.constant({ pairs: [] as [string, string][], isMutated: false }) }, { weight: 1, arbitrary: stray.map((pairs) => ({ pairs, isMutated: pairs.length > 0 })) });
  }
  return validOrMutatedArbitrary(schemaArbitrary(operation.query, context), operation.query, context).map(({ value, isMutated }) => ({ pairs: toPairs(value), isMutated }));
}

const WRONG_CONTENT_TYPES = ['text/plain', 'application/x-www-form-urlencoded', 'application/xml', 'application/json; charset=utf-16', 'multipart/form-data', 'multipart/form-data; boundary=x'];

/** Bodies no schema describes: none, or text sent under a type that is not its own. */
const STRAY_BODY: fc.Arbitrary<FuzzBody> = fc.oneof(
  fc.constant<FuzzBody>({ kind: 'none' }),
  fc.record({ kind: fc.constant('text' as const), contentType: fc.constantFrom(...WRONG_CONTENT_TYPES), text: fc.oneof(fc.constant('{"a":1}'), fc.constantFrom(...HOSTILE_STRINGS)) }),
);

function jsonBodyArbitrary(schema: NonNullable<Operation['json']>, context: SchemaContext): fc.Arbitrary<{ body: FuzzBody; isMutated: boolean }> {
  return validOrMutatedArbitrary(schemaArbitrary(schema, context), schema, context).map(({ value, isMutated }) => ({
    body: { kind: 'text', contentType: 'application/json', text: toJsonText(value) },
    isMutated,
  }));
}

function formBodyArbitrary(form: NonNullable<Operation['multipart']>, options: RequestArbitraryOptions): fc.Arbitrary<{ body: FuzzBody; isMutated: boolean }> {
  const fields = validOrMutatedArbitrary(schemaArbitrary(form.fields, options.context), form.fields, options.context);
  // Each documented file is sent or left out (a required one more often sent); now and then a second
  // copy or a file under a name the form does not have.
  const documented = form.files.map(({ name, isRequired }) =>
    fc.option(options.files.map((file): [string, FuzzFile] => [name, file]), { freq: isRequired ? 8 : 2 }),
  );
  const strays = fc.array(fc.tuple(fc.constantFrom(...form.files.map((file) => file.name), 'extra', '__proto__', ''), options.files), { maxLength: 2 });
  const files = fc.tuple(fc.tuple(...documented), fc.oneof({ weight: 5, arbitrary: fc.constant([] as [string, FuzzFile][]) }, { weight: 1, arbitrary: strays }));
  return fc.tuple(fields, files).map(([{ value, isMutated }, [chosen, extra]]) => ({
    body: { kind: 'form', fields: toPairs(value), files: [...chosen.filter((file) => file !== null), ...extra] },
    isMutated: isMutated || extra.length > 0,
  }));
}

function bodyArbitrary(operation: Operation, options: RequestArbitraryOptions): fc.Arbitrary<{ body: FuzzBody; isMutated: boolean }> {
  const stray = STRAY_BODY.map((body) => ({ body, isMutated: true }));
  const documented = [
    ...(operation.json ? [jsonBodyArbitrary(operation.json, options.context)] : []),
    ...(operation.multipart ? [formBodyArbitrary(operation.multipart, options)] : []),
  ];
  if (documented.length === 0) return fc.oneof({ weight: 5, arbitrary: fc.constant({ body: { kind: 'none' } as FuzzBody, isMutated: false }) }, { weight: 1, arbitrary: stray });
  return fc.oneof(...documented.map((arbitrary) => ({ weight: 8, arbitrary })), { weight: 1, arbitrary: stray });
}

/** Requests to one operation: its parameters and body generated from its schemas, or mutated, sent as any of the identities. */
export function requestArbitrary(operation: Operation, options: RequestArbitraryOptions): fc.Arbitrary<FuzzRequest> {
  return fc
    .record({
      url: urlArbitrary(operation, options.pathValues),
      query: queryArbitrary(operation, options.context),
      body: bodyArbitrary(operation, options),
      as: fc.constantFrom<FuzzIdentity>('visitor', 'member', 'admin'),
    })
    .map(({ url, query, body, as }) => ({
      method: operation.method,
      url: query.pairs.length > 0 ? `${url.url}?${new URLSearchParams(query.pairs).toString()}` : url.url,
      as,
      body: body.body,
      isMutated: url.isMutated || query.isMutated || body.isMutated,
    }))
    .filter((fuzz) => fuzz.url.length <= MAX_URL_LENGTH);
}
