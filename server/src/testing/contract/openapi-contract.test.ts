import { describe, expect, it } from 'vitest';
import { OpenApiContract, type Answer, type OpenApiDocument } from './openapi-contract.ts';

/** A small document in the shape buildOpenApiDocument makes, its error schema a named component. */
function documentOf(version: string, nullableName: object): OpenApiDocument {
  const error = { content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } };
  return {
    openapi: version,
    info: { title: 'test', version: '1' },
    components: {
      schemas: {
        Error: { type: 'object', properties: { message: { type: 'string' }, requestId: { type: 'string' } }, required: ['message', 'requestId'], additionalProperties: false },
      },
    },
    paths: {
      '/api/users/{id}': {
        get: {
          operationId: 'getUsersById',
          security: [{ bearer: [] }, { cookie: [] }],
          responses: {
            200: { content: { 'application/json': { schema: { type: 'object', properties: { userId: { type: 'string', format: 'uuid' }, name: nullableName }, required: ['userId', 'name'] } } } },
            404: error,
            429: { ...error, headers: { 'Retry-After': { schema: { type: 'integer' } } } },
          },
        },
      },
      '/api/users/{id}/photo': { get: { operationId: 'getUsersByIdPhoto', security: [{ bearer: [] }, {}], responses: { 200: { content: { 'image/webp': { schema: { type: 'string', format: 'binary' } } } }, 204: {} } } },
    },
  } as OpenApiDocument;
}

const answer = (status: number, body: unknown, headers: Record<string, string> = { 'content-type': 'application/json; charset=utf-8' }) => ({ status, body, headers }) satisfies Answer;
const USER = '9b2f6c1e-3f0a-4d7e-9a51-2c7d0f1e8b44';

describe.each([
  ['3.0.3', { type: 'string', nullable: true }],
  ['3.1.0', { type: ['string', 'null'] }],
])('OpenApiContract on an OpenAPI %s document', (version, nullableName) => {
  const contract = new OpenApiContract(documentOf(version, nullableName));

  it('lists the operations with their documented statuses and whether they need a signed-in caller', () => {
    expect(contract.operations).toEqual([
      { operationId: 'getUsersById', method: 'get', path: '/api/users/{id}', statuses: [200, 404, 429], successStatuses: [200], isSignInRequired: true },
      { operationId: 'getUsersByIdPhoto', method: 'get', path: '/api/users/{id}/photo', statuses: [200, 204], successStatuses: [200, 204], isSignInRequired: false },
    ]);
  });

  it('passes answers that match, with $refs into the components and the version’s null', () => {
    expect(contract.check('getUsersById', 'ok', answer(200, { userId: USER, name: null }))).toEqual([]);
    expect(contract.check('getUsersById', 'missing', answer(404, { message: 'Not found', requestId: 'r1' }))).toEqual([]);
    expect(contract.check('getUsersById', 'slow down', answer(429, { message: 'Wait', requestId: 'r2' }, { 'content-type': 'application/json', 'retry-after': '60' }))).toEqual([]);
    expect(contract.check('getUsersByIdPhoto', 'image', answer(200, {}, { 'content-type': 'image/webp' }))).toEqual([]);
    expect(contract.check('getUsersByIdPhoto', 'none', answer(204, '', {}))).toEqual([]);
  });

  it('reports an undocumented status, a body off its schema, a format broken, a missing header and a wrong media type', () => {
    const problems = [
      contract.check('getUsersById', 'a', answer(403, { message: 'No', requestId: 'r' })),
      contract.check('getUsersById', 'b', answer(404, { message: 'Not found' })),
      contract.check('getUsersById', 'c', answer(404, { message: 'Not found', requestId: 'r', extra: 1 })),
      contract.check('getUsersById', 'd', answer(200, { userId: 'not-a-uuid', name: 'Asha' })),
      contract.check('getUsersById', 'e', answer(429, { message: 'Wait', requestId: 'r' })),
      contract.check('getUsersByIdPhoto', 'f', answer(200, {}, { 'content-type': 'image/jpeg' })),
    ].map((findings) => findings.map((finding) => finding.problem));
    expect(problems).toEqual([
      [expect.stringMatching(/^status 403 is not documented/)],
      [expect.stringMatching(/must have required property 'requestId'/)],
      [expect.stringMatching(/must NOT have additional properties/)],
      [expect.stringMatching(/\/userId must match format "uuid"/)],
      ['documented header(s) missing: Retry-After'],
      ['answered image/jpeg; documented: image/webp'],
    ]);
  });

  it('refuses a document whose schema has a keyword JSON Schema does not know (strict mode)', () => {
    const misspelt = documentOf(version, { type: 'string', maxLenght: 5 });
    expect(() => new OpenApiContract(misspelt).check('getUsersById', 'x', answer(200, { userId: USER, name: 'Asha' }))).toThrow(/unknown keyword: "maxLenght"/);
  });
});
