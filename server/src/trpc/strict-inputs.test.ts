import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fieldErrorsFromZod, UNKNOWN_FIELD } from '#server/errors/field-errors';
import { ZUpdateProfileRequestSchema } from '#server/modules/identity/profile/profile.schema';
import { ZUpdateSettingsRequestSchema } from '#server/modules/site/settings/settings.schema';
import { appRouter } from './router.ts';

/**
 * Every object of every procedure's input refuses unknown keys (a 400 naming them, see
 * fieldErrorsFromZod), never drops them silently as `z.object` does: a misspelt key must not
 * answer 200 having saved nothing. Use `z.strictObject` (or `.strict()`) in the input schemas.
 */

const { core } = z;

/**
 * The objects inside a schema that do not refuse unknown keys, by their JSON path from `$` (the
 * input itself): `.key` a property, `[]` an array's or set's item, `[0]` a tuple's item, `{}` a
 * record's or map's value, `|1` a union's option, `&1` an intersection's side.
 */
function looseObjectPaths(schema: unknown, path = '$', ancestors: ReadonlySet<unknown> = new Set()): string[] {
  if (!(schema instanceof core.$ZodType) || ancestors.has(schema)) return [];
  const inside = new Set(ancestors).add(schema);
  const walk = (inner: unknown, innerPath = path) => looseObjectPaths(inner, innerPath, inside);

  if (schema instanceof core.$ZodObject) {
    const { shape, catchall } = schema._zod.def;
    const own = catchall instanceof core.$ZodNever ? [] : [path];
    return [...own, ...Object.entries(shape).flatMap(([key, value]) => walk(value, `${path}.${key}`)), ...walk(catchall, `${path}{}`)];
  }
  if (
    schema instanceof core.$ZodOptional ||
    schema instanceof core.$ZodNullable ||
    schema instanceof core.$ZodDefault ||
    schema instanceof core.$ZodPrefault ||
    schema instanceof core.$ZodNonOptional ||
    schema instanceof core.$ZodCatch ||
    schema instanceof core.$ZodReadonly ||
    schema instanceof core.$ZodSuccess ||
    schema instanceof core.$ZodPromise
  ) {
    return walk(schema._zod.def.innerType);
  }
  if (schema instanceof core.$ZodPipe) return [...walk(schema._zod.def.in), ...walk(schema._zod.def.out)];
  if (schema instanceof core.$ZodLazy) return walk(schema._zod.def.getter());
  if (schema instanceof core.$ZodUnion) return schema._zod.def.options.flatMap((option, index) => walk(option, `${path}|${index}`));
  if (schema instanceof core.$ZodIntersection) return [...walk(schema._zod.def.left, `${path}&0`), ...walk(schema._zod.def.right, `${path}&1`)];
  if (schema instanceof core.$ZodArray) return walk(schema._zod.def.element, `${path}[]`);
  if (schema instanceof core.$ZodSet) return walk(schema._zod.def.valueType, `${path}[]`);
  if (schema instanceof core.$ZodTuple) {
    const { items, rest } = schema._zod.def;
    return [...items.flatMap((item, index) => walk(item, `${path}[${index}]`)), ...walk(rest, `${path}[${items.length}…]`)];
  }
  if (schema instanceof core.$ZodRecord || schema instanceof core.$ZodMap) {
    return [...walk(schema._zod.def.keyType, `${path}<key>`), ...walk(schema._zod.def.valueType, `${path}{}`)];
  }
  // Leaves (string, number, enum, literal, transform, custom…) hold no object.
  return [];
}

/** A procedure's input parsers (tRPC keeps every `.input()` of its builder chain). */
function inputsOf(procedure: unknown): unknown[] {
  if (typeof procedure !== 'function' || !('_def' in procedure)) return [];
  const def: unknown = procedure._def;
  if (typeof def !== 'object' || def === null || !('inputs' in def) || !Array.isArray(def.inputs)) return [];
  return def.inputs;
}

describe('procedure inputs', () => {
  // tRPC v11 keeps every procedure in one flat record, path → procedure.
  const procedures: Record<string, unknown> = appRouter._def.procedures;

  it('are all found (the walk below is not vacuous)', () => {
    expect(Object.keys(appRouter._def.lazy)).toEqual([]);
    expect(Object.keys(procedures)).toContain('identity.updateProfile');
    const schemas = Object.values(procedures).flatMap(inputsOf);
    expect(schemas.length).toBeGreaterThan(40);
    expect(schemas.every((schema) => schema instanceof core.$ZodType)).toBe(true);
  });

  it('refuse unknown keys in every object, however deep', () => {
    const offenders = Object.entries(procedures).flatMap(([procedurePath, procedure]) =>
      inputsOf(procedure).flatMap((schema) => looseObjectPaths(schema).map((path) => `${procedurePath}: ${path}`)),
    );
    expect(offenders).toEqual([]);
  });

  it('name the unknown key in fieldErrors rather than dropping it', () => {
    const misspelt = ZUpdateProfileRequestSchema.safeParse({ ciity: 'Varanasi' });
    expect(misspelt.success).toBe(false);
    if (!misspelt.success) expect(fieldErrorsFromZod(misspelt.error)).toEqual({ ciity: [UNKNOWN_FIELD] });
    const nested = ZUpdateSettingsRequestSchema.safeParse({ expectedVersion: 1, data: { foundationName: { en: 'Sahay', hi: 'सहाय', fr: 'Sahay' } } });
    expect(nested.success).toBe(false);
    if (!nested.success) expect(fieldErrorsFromZod(nested.error)).toEqual({ data: [UNKNOWN_FIELD] });
  });
});

describe('looseObjectPaths', () => {
  it('finds a non-strict object through the wrappers, and passes strict ones', () => {
    const loose = z.object({ a: z.string() });
    const strict = z.strictObject({ a: z.string() });
    const schema = z.strictObject({
      plain: loose,
      optional: loose.optional(),
      piped: z.preprocess((value) => value, loose),
      listed: z.array(loose.nullable()).default([]),
      either: z.union([strict, loose.readonly()]),
      tuple: z.tuple([z.string(), loose.catch({ a: '' })]),
      byKey: z.record(z.string(), z.lazy(() => loose)),
      both: z.intersection(strict, loose.prefault({ a: '' })),
      passthrough: strict.loose(),
      stripped: strict.strip(),
      ok: strict.optional(),
      okPiped: strict.pipe(z.transform((value) => value)),
      okExtended: strict.extend({ b: z.number() }).pick({ a: true }),
      okRefined: strict.refine(() => true),
    });
    expect(looseObjectPaths(schema)).toEqual([
      '$.plain',
      '$.optional',
      '$.piped',
      '$.listed[]',
      '$.either|1',
      '$.tuple[1]',
      '$.byKey{}',
      '$.both&1',
      '$.passthrough',
      '$.stripped',
    ]);
    expect(looseObjectPaths(loose.optional())).toEqual(['$']);
    expect(looseObjectPaths(strict.optional())).toEqual([]);
  });

  it('ends on a recursive schema', () => {
    type Tree = { children: Tree[] };
    const tree: z.ZodType<Tree> = z.object({ children: z.array(z.lazy(() => tree)) });
    expect(looseObjectPaths(tree)).toEqual(['$']);
  });
});
