import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument, operationIdOf } from './openapi.ts';

type Operation = { operationId?: string; responses: Record<string, { headers?: Record<string, unknown> }> };

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

  it('documents what the server checks: a null tier, the levels page\'s query, register\'s invite code and phone', () => {
    const paths = document.paths as Record<string, Record<string, { parameters: { name: string; in: string }[]; responses: Record<string, { content?: Record<string, { schema: { properties: Record<string, { enum?: unknown[]; description?: string }> } }> }>; requestBody?: { content: Record<string, { schema: { properties: Record<string, { description?: string }> } }> } }>>;
    const tier = paths['/api/users/team-summary/{id}']!.get!.responses['200']!.content!['application/json']!.schema.properties.tier!;
    expect(tier.enum).toContain(null);
    expect(paths['/api/users/downline-levels/{id}']!.get!.parameters.filter((parameter) => parameter.in === 'query').map((parameter) => parameter.name)).toEqual(['level', 'page']);
    const register = paths['/api/users/register']!.post!.requestBody!.content['application/json']!.schema.properties;
    expect(register.epin!.description).toMatch(/required while the "invite only" setting is on/);
    expect(register.phone!.description).toMatch(/Indian mobile number/);
  });

  it('states the API\'s CORS stance and that unknown fields are refused', () => {
    expect(document.info.description).toMatch(/CORS: same origin only/);
    expect(document.info.description).toMatch(/unknown fields .* are refused/);
  });
});
