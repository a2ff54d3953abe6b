import { Ajv, type ErrorObject, type Options, type ValidateFunction } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type request from 'supertest';

/** What the contract reads of an answer (a supertest Response is one). */
export type Answer = Pick<request.Response, 'status' | 'body' | 'headers'>;

/** The parts of an OpenAPI 3.0 or 3.1 document this check reads. */
export interface OpenApiDocument {
  openapi: string;
  security?: Record<string, string[]>[];
  paths: Record<string, Record<string, OpenApiOperation>>;
}

interface OpenApiOperation {
  operationId: string;
  security?: Record<string, string[]>[];
  responses: Record<string, { content?: Record<string, unknown>; headers?: Record<string, unknown> }>;
}

export interface DocumentedOperation {
  operationId: string;
  method: string;
  path: string;
  /** The documented 2xx statuses. */
  successStatuses: number[];
  /** Whether the document says a caller must be signed in (some security requirement, none of them empty). */
  isSignInRequired: boolean;
  statuses: number[];
}

/** One way an answer differs from the document: what the lead engineer fixes in openapi.ts or the route. */
export interface ContractFinding {
  operationId: string;
  call: string;
  status: number;
  problem: string;
}

/** Where the document is registered in ajv: response schemas are referenced into it, so its $refs resolve. */
const DOCUMENT_ID = 'https://sahay.test/api/docs/openapi.json';

/**
 * Schema Object fields OpenAPI adds to JSON Schema that are annotations, not checks (ajv already
 * knows `deprecated`, `readOnly`, `writeOnly` and `examples`). ajv stays in strict mode, so an
 * unknown or misspelt keyword in the document is an error instead of a check silently skipped; only
 * these are declared as known.
 */
const OPENAPI_ANNOTATIONS = ['example', 'xml', 'externalDocs', 'discriminator'];

/**
 * The document's own top-level fields. ajv compiles the document's root when it resolves a $ref
 * into it; declared as known, the root compiles to "anything" and strict mode still applies to each
 * response schema compiled through a $ref.
 */
const OPENAPI_DOCUMENT_FIELDS = ['openapi', 'info', 'jsonSchemaDialect', 'servers', 'paths', 'webhooks', 'components', 'security', 'tags'];

/** A JSON Pointer segment inside a URI fragment (RFC 6901 §6): `/` and `~` escaped, then `{` `}` percent-encoded. */
function pointerSegment(segment: string): string {
  return encodeURIComponent(segment.replace(/~/g, '~0').replace(/\//g, '~1'));
}

function createAjv(openapiVersion: string): Ajv {
  // 3.0 Schema Objects are an extended subset of draft 4/7 with `nullable`, which ajv's draft-07
  // class understands (`nullable: true` admits null); 3.1 schemas are JSON Schema 2020-12.
  const options: Options = { strict: true, allErrors: true, validateFormats: true };
  const is31 = openapiVersion.startsWith('3.1');
  const ajv = is31 ? new Ajv2020(options) : new Ajv(options);
  addFormats(ajv);
  // OpenAPI's file format: a string in JSON; there is nothing in it to check.
  ajv.addFormat('binary', true);
  ajv.addVocabulary([...OPENAPI_ANNOTATIONS, ...OPENAPI_DOCUMENT_FIELDS]);
  return ajv;
}

export class OpenApiContract {
  readonly operations: DocumentedOperation[];
  private readonly ajv: Ajv;
  private readonly validators = new Map<string, ValidateFunction>();
  private readonly document: OpenApiDocument;

  constructor(document: OpenApiDocument) {
    this.document = document;
    this.ajv = createAjv(document.openapi);
    this.ajv.addSchema(document as object, DOCUMENT_ID);
    this.operations = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => {
        const statuses = Object.keys(operation.responses).map(Number);
        // An empty requirement ({}) in the list means "or anonymously" (OpenAPI 3, Security Requirement Object).
        const security = operation.security ?? document.security ?? [];
        const isSignInRequired = security.length > 0 && security.every((requirement) => Object.keys(requirement).length > 0);
        return { operationId: operation.operationId, method, path, statuses, successStatuses: statuses.filter((status) => status >= 200 && status < 300), isSignInRequired };
      }),
    );
  }

  operation(operationId: string): DocumentedOperation {
    const found = this.operations.find((operation) => operation.operationId === operationId);
    if (!found) throw new Error(`No operation ${operationId} in the document`);
    return found;
  }

  /** The ways an answer departs from what the document says this operation answers. */
  check(operationId: string, call: string, res: Answer): ContractFinding[] {
    const { method, path } = this.operation(operationId);
    const finding = (problem: string): ContractFinding[] => [{ operationId, call, status: res.status, problem }];
    const response = this.document.paths[path]![method]!.responses[String(res.status)];
    if (!response) return finding(`status ${res.status} is not documented (documented: ${Object.keys(this.document.paths[path]![method]!.responses).join(', ')}); body ${JSON.stringify(res.body).slice(0, 300)}`);
    const mediaType = String(res.headers['content-type'] ?? '').split(';')[0]!.trim();
    const content = response.content;
    if (!content) return res.status === 204 || !mediaType ? [] : finding(`documented without a body, answered ${mediaType}`);
    if (!Object.hasOwn(content, mediaType)) return finding(`answered ${mediaType || 'no Content-Type'}; documented: ${Object.keys(content).join(', ')}`);
    const missingHeaders = Object.keys(response.headers ?? {}).filter((header) => res.headers[header.toLowerCase()] === undefined);
    if (missingHeaders.length > 0) return finding(`documented header(s) missing: ${missingHeaders.join(', ')}`);
    if (mediaType !== 'application/json') return [];
    const validate = this.validator(method, path, res.status);
    return validate(res.body) ? [] : finding(`body does not match the schema: ${describeErrors(validate.errors)}; body ${JSON.stringify(res.body).slice(0, 300)}`);
  }

  /** A validator of one response schema, by reference into the whole document. */
  private validator(method: string, path: string, status: number): ValidateFunction {
    const pointer = ['paths', path, method, 'responses', String(status), 'content', 'application/json', 'schema'].map(pointerSegment).join('/');
    const ref = `${DOCUMENT_ID}#/${pointer}`;
    let validate = this.validators.get(ref);
    if (!validate) {
      validate = this.ajv.compile({ $ref: ref });
      this.validators.set(ref, validate);
    }
    return validate;
  }
}

function describeErrors(errors: ErrorObject[] | null | undefined): string {
  return (errors ?? []).map((error) => `${error.instancePath || '(root)'} ${error.message}${error.params ? ` ${JSON.stringify(error.params)}` : ''}`).join('; ');
}
