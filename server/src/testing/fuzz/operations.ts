import { type JsonSchema, resolveSchema } from './json-schema.ts';

/** What the fuzzer needs of one operation of an OpenAPI 3.0 document. */
export interface Operation {
  method: string;
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

interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  schema?: JsonSchema;
}

interface OperationObject {
  parameters?: (Parameter | { $ref: string })[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, OperationObject>>;
}

const METHODS = new Set(['get', 'put', 'post', 'delete', 'patch']);

/** Every operation of the document, its parameters' and bodies' `$ref`s followed. */
export function operationsOf(document: OpenApiDocument): Operation[] {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => METHODS.has(method))
      .map(([method, operation]) => operationOf(document, method, path, operation)),
  );
}

function operationOf(document: OpenApiDocument, method: string, path: string, operation: OperationObject): Operation {
  const parameters = (operation.parameters ?? []).map((parameter) => resolveSchema(document, parameter as JsonSchema) as unknown as Parameter);
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
