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

  it('states the API\'s CORS stance and that unknown fields are refused', () => {
    expect(document.info.description).toMatch(/CORS: same origin only/);
    expect(document.info.description).toMatch(/unknown fields .* are refused/);
  });
});
