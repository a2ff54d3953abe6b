import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument, operationIdOf } from './openapi.ts';

type Operation = { operationId?: string; responses: Record<string, { headers?: Record<string, unknown>; content?: unknown }> };

describe('the OpenAPI document', () => {
  const document = buildOpenApiDocument('https://sahay.example');
  const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ path, method, operation: operation as Operation })),
  );

  it('names every operation, each name once', () => {
    const ids = operations.map(({ operation }) => operation.operationId);
    expect(ids.filter((id) => !id)).toEqual([]);
    expect(ids.filter((id, index) => ids.indexOf(id) !== index)).toEqual([]);
    expect(operationIdOf('get', '/api/users/{id}')).toBe('getUsersById');
    expect(operationIdOf('post', '/api/epintransfer/transfer-history/{id}')).toBe('postEpintransferTransferHistoryById');
  });

  it('documents Retry-After on every 429 and 503 answer', () => {
    const withWait = operations.flatMap(({ path, method, operation }) =>
      ['429', '503'].filter((status) => operation.responses[status]).map((status) => ({ path, method, status, headers: Object.keys(operation.responses[status]!.headers ?? {}) })),
    );
    expect(withWait.length).toBeGreaterThan(5);
    expect(withWait.filter(({ headers }) => !headers.includes('Retry-After'))).toEqual([]);
  });

  /** The schema a `$ref` names (#/components/schemas/X), or the node itself. */
  const resolved = <T,>(node: T | { $ref: string }): T => {
    if (!node || typeof node !== 'object' || !('$ref' in node)) return node as T;
    const name = node.$ref.replace('#/components/schemas/', '');
    return (document.components.schemas as Record<string, T>)[name]!;
  };

  it('documents what the server checks: a null tier, the levels page\'s query, register\'s invite code and phone', () => {
    type Properties = { properties: Record<string, { enum?: unknown[]; description?: string }> };
    const paths = document.paths as Record<string, Record<string, { parameters: { name: string; in: string }[]; responses: Record<string, { content?: Record<string, { schema: Properties }> }>; requestBody?: { content: Record<string, { schema: Properties }> } }>>;
    const tier = resolved(paths['/api/users/team-summary/{id}']!.get!.responses['200']!.content!['application/json']!.schema).properties.tier!;
    expect(tier.enum).toContain(null);
    expect(paths['/api/users/downline-levels/{id}']!.get!.parameters.filter((parameter) => parameter.in === 'query').map((parameter) => parameter.name)).toEqual(['level', 'page']);
    const register = resolved(paths['/api/users/register']!.post!.requestBody!.content['application/json']!.schema).properties;
    expect(register.epin!.description).toMatch(/required while the "invite only" setting is on/);
    expect(register.phone!.description).toMatch(/Indian mobile number/);
  });

  it('names its JSON bodies as components, shares one Error and the schemas operations have in common, and every reference resolves', () => {
    const text = JSON.stringify(document.paths);
    const references = [...JSON.stringify(document).matchAll(/"\$ref":"#\/components\/schemas\/([^"]+)"/g)].map(([, name]) => name!);
    const names = Object.keys(document.components.schemas);
    expect(references.filter((name) => !names.includes(name))).toEqual([]);
    expect(names.filter((name) => !references.includes(name))).toEqual([]);
    // Every JSON body of an operation is a reference: no inline object a generator would name at random.
    const inlineBodies = [...text.matchAll(/"application\/json":\{"schema":\{"(?!\$ref)/g)];
    expect(inlineBodies).toEqual([]);
    const errorAnswers = operations.flatMap(({ operation }) => Object.entries(operation.responses).filter(([status]) => Number(status) >= 400));
    expect(errorAnswers.length).toBeGreaterThan(100);
    expect(new Set(errorAnswers.map(([, answer]) => JSON.stringify(answer.content)))).toEqual(new Set([JSON.stringify({ 'application/json': { schema: { $ref: '#/components/schemas/Error' } } })]));
    expect(references.filter((name) => name === 'KanyadanDecision').length).toBeGreaterThan(3);
    // A shared schema nested in another is a reference there too.
    expect(JSON.stringify(document.components.schemas.GetUsersDownlineLevelsByIdResponse)).toContain('#/components/schemas/TeamMember');
  });

  it('documents the pledge’s `razorpay` answer as optional, with what it holds (issue 33, "Names over the API")', () => {
    type Body = { properties: Record<string, { description?: string; properties?: Record<string, { type?: string }>; required?: string[] }>; required?: string[] };
    const paths = document.paths as Record<string, Record<string, { responses: Record<string, { content: Record<string, { schema: Body | { $ref: string } }> }> }>>;
    const answer = resolved<Body>(paths['/api/donations']!.post!.responses['201']!.content['application/json']!.schema);
    const razorpay = answer.properties.razorpay!;
    expect(answer.required).toContain('reference');
    expect(answer.required).not.toContain('razorpay');
    expect(razorpay.description).toMatch(/Only with the payment gateway configured/);
    expect(razorpay.properties?.orderId?.type).toBe('string');
    expect(razorpay.properties?.keyId?.type).toBe('string');
    expect(razorpay.required).toEqual(['orderId', 'keyId']);
  });

  it('says where a payout account is entered that the number comes twice and the IFSC must be in the published list (issue 16)', () => {
    const payoutRoutes = [
      ['put', '/api/users/profile/{id}'],
      ['post', '/api/help'],
      ['post', '/api/admin/kanyadan/applications/{regNo}/benefit-request'],
    ] as const;
    for (const [method, path] of payoutRoutes) {
      const operation = (document.paths as Record<string, Record<string, { summary: string; requestBody: { content: Record<string, { schema: { properties: Record<string, unknown> } | { $ref: string } }> } }>>)[path]![method]!;
      expect(operation.summary, path).toMatch(/confirmAccountNumber/);
      expect(operation.summary, path).toMatch(/published list/);
      const [body] = Object.values(operation.requestBody.content);
      expect(Object.keys(resolved<{ properties: Record<string, unknown> }>(body!.schema).properties), path).toContain('confirmAccountNumber');
    }
  });

  it('states the API\'s CORS stance and that unknown fields are refused', () => {
    expect(document.info.description).toMatch(/CORS: same origin only/);
    expect(document.info.description).toMatch(/unknown fields .* are refused/);
  });
});
