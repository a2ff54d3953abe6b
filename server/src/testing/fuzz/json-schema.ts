/**
 * The subset of JSON Schema (OpenAPI 3.0 flavour) that zod writes into our OpenAPI document, and
 * reading it: `$ref`s are resolved against the document itself, so schemas moved into
 * `components.schemas` are followed wherever they are named.
 */
export interface JsonSchema {
  $ref?: string;
  type?: 'object' | 'array' | 'string' | 'integer' | 'number' | 'boolean' | 'null';
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  enum?: unknown[];
  const?: unknown;
  nullable?: boolean;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  minimum?: number;
  maximum?: number;
  /** OpenAPI 3.0 writes a boolean beside minimum; JSON Schema 2019+ a number of its own. */
  exclusiveMinimum?: boolean | number;
  exclusiveMaximum?: boolean | number;
}

/** Follows a local `$ref` ("#/components/schemas/Name", JSON Pointer escapes included) in `root`. */
export function resolveRef(root: unknown, ref: string): JsonSchema {
  if (!ref.startsWith('#/')) throw new Error(`only local $refs are supported, not ${ref}`);
  let node: unknown = root;
  for (const token of ref.slice(2).split('/')) {
    const key = decodeURIComponent(token).replace(/~1/g, '/').replace(/~0/g, '~');
    node = node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined;
    if (node === undefined) throw new Error(`$ref ${ref} names nothing in the document`);
  }
  return node as JsonSchema;
}

/** The schema itself once every `$ref` in front of it is followed; a cycle of bare refs is an error. */
export function resolveSchema(root: unknown, schema: JsonSchema): JsonSchema {
  const seen = new Set<string>();
  let current = schema;
  while (current.$ref !== undefined) {
    if (seen.has(current.$ref)) throw new Error(`$ref cycle through ${current.$ref}`);
    seen.add(current.$ref);
    current = resolveRef(root, current.$ref);
  }
  return current;
}

/** The bounds of a number schema with both spellings of exclusiveness applied (integers step by 1). */
export function numberBounds(schema: JsonSchema): { min: number | undefined; max: number | undefined } {
  const step = schema.type === 'integer' ? 1 : Number.EPSILON;
  const lower = typeof schema.exclusiveMinimum === 'number' ? schema.exclusiveMinimum : schema.minimum;
  const upper = typeof schema.exclusiveMaximum === 'number' ? schema.exclusiveMaximum : schema.maximum;
  const isLowerOpen = schema.exclusiveMinimum === true || typeof schema.exclusiveMinimum === 'number';
  const isUpperOpen = schema.exclusiveMaximum === true || typeof schema.exclusiveMaximum === 'number';
  return {
    min: lower === undefined ? undefined : isLowerOpen ? lower + Math.max(step, Math.abs(lower) * Number.EPSILON) : lower,
    max: upper === undefined ? undefined : isUpperOpen ? upper - Math.max(step, Math.abs(upper) * Number.EPSILON) : upper,
  };
}
