import { z, type ZodType } from 'zod';
import { ZMemberListSchema } from '#server/modules/admin/members/members.schema';
import { ZEpinListResponseSchema } from '#server/modules/community/epins/epins.schema';
import { ZTeamMemberSchema } from '#server/modules/community/team/team.schema';
import { ZPasswordMessageResponseSchema } from '#server/modules/identity/passwords/password-reset.schema';
import { ZProfileSchema } from '#server/modules/identity/profile/profile.schema';
import { ZApplicationStatusSchema, ZDecisionResponseSchema } from '#server/modules/kanyadan/kanyadan-routes.schema';
import { sahayModules } from '#server/modules/registry';
import type { RestRoute } from '#server/services';
import { restRoutesOf } from './rest-route.ts';

/**
 * The OpenAPI document, generated from every module's route declarations (http/rest-route.ts,
 * docs/decisions/051): nothing here names a route.
 */

const ZErrorSchema = z.object({
  message: z.string(),
  requestId: z.string(),
  fieldErrors: z.record(z.string(), z.array(z.string())).optional(),
});

const ERROR_TEXT: Record<number, string> = {
  400: 'Invalid input',
  401: 'Not signed in',
  403: 'Not allowed',
  404: 'Not found',
  409: 'Conflict',
  413: 'Body too large',
  429: 'Too many requests',
};

/**
 * OpenAPI 3.0 says a `nullable` enum admits null only when null is among its values (ajv and the
 * generators read it so), and zod writes `nullable: true` beside an enum without it: added here.
 */
function withNullInNullableEnums(node: unknown): void {
  if (Array.isArray(node)) return node.forEach(withNullInNullableEnums);
  if (!node || typeof node !== 'object') return;
  const record = node as Record<string, unknown>;
  if (record.nullable === true && Array.isArray(record.enum) && !record.enum.includes(null)) record.enum.push(null);
  Object.values(record).forEach(withNullInNullableEnums);
}

function schema(type: ZodType, io: 'input' | 'output') {
  const json = z.toJSONSchema(type, { io, unrepresentable: 'any', target: 'openapi-3.0' });
  withNullInNullableEnums(json);
  return json;
}

/**
 * Schemas several operations share, by the name a generated client gives their type; every other
 * JSON body is a component named after its operation (postUsersLogin → PostUsersLoginRequest).
 */
const SHARED_COMPONENTS = new Map<ZodType, string>([
  [ZErrorSchema, 'Error'],
  [ZProfileSchema, 'Profile'],
  [ZEpinListResponseSchema, 'InviteCodeList'],
  [ZPasswordMessageResponseSchema, 'PasswordMessage'],
  [ZMemberListSchema, 'MemberList'],
  [ZTeamMemberSchema, 'TeamMember'],
  [ZApplicationStatusSchema, 'KanyadanApplicationStatus'],
  [ZDecisionResponseSchema, 'KanyadanDecision'],
]);

const pascalCase = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * The document's named schemas (components.schemas): a body's schema is referenced by name, and a
 * shared schema nested in another is referenced there too, so a client generator makes one type of
 * each. Answers are described as the server writes them (zod's output), requests as it reads them.
 */
function createComponents() {
  const registries = { output: z.registry<{ id: string }>(), input: z.registry<{ id: string }>() };
  for (const [type, id] of SHARED_COMPONENTS) registries.output.add(type, { id });
  return {
    ref(type: ZodType, io: 'input' | 'output', name: string) {
      const registry = registries[io];
      if (!registry.has(type)) registry.add(type, { id: name });
      return { $ref: `#/components/schemas/${registry.get(type)!.id}` };
    },
    schemas(): Record<string, unknown> {
      const documents = (['output', 'input'] as const).map(
        (io) => z.toJSONSchema(registries[io], { io, unrepresentable: 'any', target: 'openapi-3.0', uri: (id) => `#/components/schemas/${id}` }).schemas,
      );
      const all: Record<string, Record<string, unknown>> = {};
      for (const [id, json] of documents.flatMap((document) => Object.entries(document))) {
        if (all[id]) throw new Error(`OpenAPI: two schemas named ${id}`);
        // OpenAPI 3.0 has no $id: a component is named by its key.
        const { $id: _id, ...rest } = json as Record<string, unknown>;
        withNullInNullableEnums(rest);
        all[id] = rest;
      }
      return all;
    },
  };
}

/** Each property of an object schema as an optional or required query parameter. */
function queryParameters(query: ZodType | undefined) {
  if (!query) return [];
  const json = schema(query, 'input') as { properties?: Record<string, unknown>; required?: string[] };
  return Object.entries(json.properties ?? {}).map(([name, property]) => ({ name, in: 'query', required: json.required?.includes(name) ?? false, schema: property }));
}

/** A multipart form: the file field, plus the text fields of `fields` (which may also come as `asJson`, a JSON body). */
function multipartContent(fileField: string, isFileOptional: boolean, fields: ZodType | undefined, asJson: unknown) {
  const json = fields ? (schema(fields, 'input') as { properties?: Record<string, unknown>; required?: string[] }) : {};
  const form = {
    type: 'object',
    required: [...(isFileOptional ? [] : [fileField]), ...(json.required ?? [])],
    properties: { ...json.properties, [fileField]: { type: 'string', format: 'binary' } },
  };
  return { 'multipart/form-data': { schema: form }, ...(fields ? { 'application/json': { schema: asJson } } : {}) };
}

/** A multipart form of several files and the text fields of `fields`. */
function multipartFormContent(files: readonly { name: string; required: boolean }[], fields: ZodType | undefined) {
  const json = fields ? (schema(fields, 'input') as { properties?: Record<string, unknown>; required?: string[] }) : {};
  const form = {
    type: 'object',
    required: [...files.filter((file) => file.required).map((file) => file.name), ...(json.required ?? [])],
    properties: { ...json.properties, ...Object.fromEntries(files.map((file) => [file.name, { type: 'string', format: 'binary' }])) },
  };
  return { 'multipart/form-data': { schema: form } };
}

/**
 * A stable name for an operation, for generated clients: the method and the path's words in camel
 * case, parameters as "By" + name (GET /api/users/{id} → getUsersById).
 */
export function operationIdOf(method: string, path: string): string {
  const words = path
    .replace(/^\/api\//, '')
    .split('/')
    // A parameter may carry a suffix ("{bundleId}.pdf"): the suffix stays as written.
    .flatMap((segment) => {
      const parameter = /^\{(\w+)\}(.*)$/.exec(segment);
      return parameter ? ['by', `${parameter[1]}${parameter[2]}`] : segment.split(/[-_]/);
    });
  return method + words.map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join('');
}

const isStateChanging = (endpoint: RestRoute) => endpoint.method !== 'get';
const CSRF_REFUSAL = 'or a request riding on the session cookie without the header X-Sahay-CSRF: 1 or an Origin of this site (CSRF)';

/**
 * The error answers an operation can give: its own, and for every POST and PUT the two the whole API
 * gives — 413 above the body limit, and 403 for a cookie without the CSRF header (see session-middleware).
 */
function errorsOf(endpoint: RestRoute): number[] {
  const errors = new Set(endpoint.errors);
  if (isStateChanging(endpoint)) {
    errors.add(413);
    if (!endpoint.isSessionless) errors.add(403);
  }
  return [...errors].sort((a, b) => a - b);
}

const RETRY_AFTER_HEADER = { 'Retry-After': { description: 'Seconds to wait before trying again', schema: { type: 'integer', minimum: 1 } } };

/** The document of `routes`: by default every route of every module, in the modules' order. */
export function buildOpenApiDocument(publicUrl: string, routes: readonly RestRoute[] = restRoutesOf(sahayModules)) {
  const paths: Record<string, Record<string, unknown>> = {};
  const components = createComponents();
  const error = { 'application/json': { schema: components.ref(ZErrorSchema, 'output', 'Error') } };
  for (const endpoint of routes) {
    const operationId = operationIdOf(endpoint.method, endpoint.path);
    const success = endpoint.produces
      ? Object.fromEntries([endpoint.produces].flat().map((type) => [type, { schema: { type: 'string', format: 'binary' } }]))
      : endpoint.response
        ? { 'application/json': { schema: components.ref(endpoint.response, 'output', `${pascalCase(operationId)}Response`) } }
        : undefined;
    const responses: Record<string, unknown> = {
      [endpoint.status]: success ? { description: 'OK', content: success } : { description: 'No content' },
      500: { description: 'Something went wrong', content: error },
    };
    for (const status of errorsOf(endpoint)) {
      responses[status] = {
        description: status === 403 && isStateChanging(endpoint) && !endpoint.isSessionless ? `${ERROR_TEXT[403]}; ${CSRF_REFUSAL}` : ERROR_TEXT[status],
        ...(status === 429 || status === 503 ? { headers: RETRY_AFTER_HEADER } : {}),
        content: error,
      };
    }
    paths[endpoint.path] = {
      ...paths[endpoint.path],
      [endpoint.method]: {
        operationId,
        summary: endpoint.summary,
        security: endpoint.auth === 'public' ? [] : [{ bearer: [] }, { cookie: [] }],
        parameters: [
          ...[...endpoint.path.matchAll(/\{(\w+)\}/g)].map(([, name]) => ({ name, in: 'path', required: true, schema: { type: 'string' } })),
          ...queryParameters(endpoint.query),
        ],
        requestBody: endpoint.formFiles
          ? { required: true, content: multipartFormContent(endpoint.formFiles, endpoint.request) }
          : endpoint.fileField
          ? {
              required: true,
              content: multipartContent(endpoint.fileField, endpoint.isFileOptional === true, endpoint.request, endpoint.request && components.ref(endpoint.request, 'input', `${pascalCase(operationId)}Request`)),
            }
          : endpoint.request
            ? { required: true, content: { 'application/json': { schema: components.ref(endpoint.request, 'input', `${pascalCase(operationId)}Request`) } } }
            : undefined,
        responses,
      },
    };
  }
  return {
    openapi: '3.0.3',
    info: {
      title: 'Sahay REST API',
      version: '1.0.0',
      description:
        'REST adapters for other clients. Errors: {message, requestId, fieldErrors?}; unknown fields in a body or query are refused (400, named in fieldErrors). ' +
        'A 429 (and a 503 when busy) says in Retry-After how many seconds to wait. CORS: same origin only — the API sends no Access-Control-Allow-* headers, ' +
        'so a page on another site cannot call it from a browser; other clients (apps, servers, scripts) call it directly with a bearer token.',
    },
    servers: [{ url: publicUrl }],
    components: {
      schemas: components.schemas(),
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', description: 'The token from POST /api/users/login' },
        cookie: { type: 'apiKey', in: 'cookie', name: 'sahay_session' },
      },
    },
    paths,
  };
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A readable page for people; machines take /api/docs/openapi.json. No scripts, so the CSP stays strict. */
export function renderDocsPage(document: ReturnType<typeof buildOpenApiDocument>): string {
  const rows = Object.entries(document.paths)
    .flatMap(([path, methods]) =>
      Object.entries(methods).map(
        ([method, operation]) =>
          `<tr><td><code>${method.toUpperCase()}</code></td><td><code>${escapeHtml(path)}</code></td><td>${escapeHtml((operation as { summary: string }).summary)}</td></tr>`,
      ),
    )
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Sahay REST API</title>
<style>body{font:16px/1.5 system-ui,sans-serif;margin:1rem auto;max-width:60rem;padding:0 1rem}table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #ddd;padding:.4rem;text-align:left;vertical-align:top}</style></head>
<body><main><h1>Sahay REST API</h1><p>OpenAPI 3 document: <a href="/api/docs/openapi.json">/api/docs/openapi.json</a>. Authenticate with <code>Authorization: Bearer &lt;token&gt;</code> from <code>POST /api/users/login</code>.</p>
<table><thead><tr><th>Method</th><th>Path</th><th>What it does</th></tr></thead><tbody>${rows}</tbody></table></main></body></html>`;
}
