import { z } from 'zod';
import { type JsonSchema, resolveSchema } from './json-schema.ts';

/** What the fuzzer needs of one operation of an OpenAPI 3.0 document. */
export interface Operation {
  method: Method;
  /** As documented, with `{name}` placeholders. */
  path: string;
  pathParameters: string[];
  /** The query parameters as one object schema, so they are generated and mutated like a body. */
  query: JsonSchema | undefined;
  /** The JSON body's schema, when the operation takes JSON. */
  json: JsonSchema | undefined;
  /** The multipart form: its text fields as an object schema, and its file fields. */
  multipart: { fields: JsonSchema; files: { name: string; isRequired: boolean }[] } | undefined;
}

/** A schema object of the document, read as the generator reads it (json-schema.ts). */
const ZSchemaObject = z.custom<JsonSchema>((value) => typeof value === 'object' && value !== null && !Array.isArray(value), 'a schema object');

/** What the fuzzer reads of a parameter and of an operation: checked, not assumed. */
const ZParameter = z.object({ name: z.string(), in: z.string(), required: z.boolean().optional(), schema: ZSchemaObject.optional() });
const ZOperationObject = z.object({
  parameters: z.array(ZSchemaObject).optional(),
  requestBody: z.object({ content: z.record(z.string(), z.object({ schema: ZSchemaObject.optional() })).optional() }).optional(),
});

/** An OpenAPI document as built (buildOpenApiDocument) or as served (its JSON). */
export interface OpenApiDocument {
  paths: Record<string, Record<string, unknown>>;
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;
export type Method = (typeof METHODS)[number];
const isMethod = (name: string): name is Method => (METHODS as readonly string[]).includes(name);

/** Every operation of the document, its parameters' and bodies' `$ref`s followed. */
export function operationsOf(document: OpenApiDocument): Operation[] {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .flatMap(([method, operation]) => (isMethod(method) ? [operationOf(document, method, path, ZOperationObject.parse(operation))] : [])),
  );
}

function operationOf(document: OpenApiDocument, method: Method, path: string, operation: z.infer<typeof ZOperationObject>): Operation {
  const parameters = (operation.parameters ?? []).map((parameter) => ZParameter.parse(resolveSchema(document, parameter)));
  const queryParameters = parameters.filter((parameter) => parameter.in === 'query');
  const content = operation.requestBody?.content ?? {};
  const form = content['multipart/form-data']?.schema;
  return {
    method,
    path,
    pathParameters: parameters.filter((parameter) => parameter.in === 'path').map((parameter) => parameter.name),
    query:
      queryParameters.length === 0
        ? undefined
        : {
            type: 'object',
            properties: Object.fromEntries(queryParameters.map((parameter) => [parameter.name, parameter.schema ?? {}])),
            required: queryParameters.filter((parameter) => parameter.required).map((parameter) => parameter.name),
            additionalProperties: false,
          },
    json: content['application/json']?.schema,
    multipart: form ? splitForm(document, form) : undefined,
  };
}

/** A form's binary properties are its files; the rest are text fields. */
function splitForm(document: OpenApiDocument, form: JsonSchema): NonNullable<Operation['multipart']> {
  const resolved = resolveSchema(document, form);
  const entries = Object.entries(resolved.properties ?? {});
  const isFile = (property: JsonSchema) => resolveSchema(document, property).format === 'binary';
  const required = resolved.required ?? [];
  return {
    fields: {
      type: 'object',
      properties: Object.fromEntries(entries.filter(([, property]) => !isFile(property))),
      required: required.filter((name) => entries.some(([field, property]) => field === name && !isFile(property))),
    },
    files: entries.filter(([, property]) => isFile(property)).map(([name]) => ({ name, isRequired: required.includes(name) })),
  };
}
