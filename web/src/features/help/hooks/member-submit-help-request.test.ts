import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fieldErrorsOf, httpStatusOf, serverMessageOf } from '#web/api/errors.ts';
import { EMPTY_VALUES, filePartsOf, textPartsOf, type HelpDocumentSlot } from '../components/member/ask-help-rules.ts';
import { errorOf, HELP_SUBMIT_URL, sendHelpRequest, type HelpSubmitHandlers } from './member-submit-help-request.ts';

/** Just enough of XMLHttpRequest to see what is sent and to answer it. */
class FakeXhr {
  static last: FakeXhr | null = null;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  withCredentials = false;
  body: FormData | null = null;
  status = 0;
  responseText = '';
  upload: { onprogress: ((event: { loaded: number; total: number; lengthComputable: boolean }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: FormData) {
    this.body = body;
  }
  abort() {}
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = typeof body === 'string' ? body : JSON.stringify(body);
    this.onload?.();
  }
}

function handlers() {
  return { onProgress: vi.fn(), onSent: vi.fn(), onFailed: vi.fn() } satisfies HelpSubmitHandlers;
}

const estimate = new File(['%PDF-1.7 estimate'], 'estimate.pdf', { type: 'application/pdf' });
const bill = new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3])], 'bill.jpg', { type: 'image/jpeg' });
const slots: HelpDocumentSlot[] = [
  { key: 0, kind: 'hospital-estimate', date: '2026-03-01', file: estimate },
  { key: 1, kind: 'hospital-bill', date: '2026-03-20', file: bill },
];
const values = {
  ...EMPTY_VALUES,
  category: 'medical',
  titleEn: 'Hip operation for my father',
  titleHi: 'पिता के कूल्हे का ऑपरेशन',
  storyEn: 'x'.repeat(60),
  amountNeeded: '85,000',
  beneficiaryName: 'Ramesh Kumar',
  relation: 'parent',
  accountHolder: 'Ramesh Kumar',
  accountNumber: '123456789012',
  ifsc: 'SBIN0001234',
};

beforeEach(() => {
  FakeXhr.last = null;
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
});
afterEach(() => vi.unstubAllGlobals());

describe('sendHelpRequest', () => {
  it('posts one multipart request to /api/help: the fields by the schema’s names, then document1… with their kind and date', () => {
    const on = handlers();
    sendHelpRequest({ fields: textPartsOf(values, slots), files: filePartsOf(slots), submissionKey: 'key-1' }, on);
    const xhr = FakeXhr.last!;
    expect([xhr.method, xhr.url, HELP_SUBMIT_URL]).toEqual(['POST', '/api/help', '/api/help']);
    expect(xhr.withCredentials).toBe(true);
    expect(xhr.headers).toMatchObject({ 'x-sahay-csrf': '1', 'Idempotency-Key': 'key-1', Accept: 'application/json' });
    const entries = [...xhr.body!.entries()];
    expect(entries.map(([name]) => name)).toEqual([
      'category',
      'titleEn',
      'titleHi',
      'storyEn',
      'amountNeeded',
      'beneficiaryName',
      'relation',
      'accountHolder',
      'accountNumber',
      'ifsc',
      'document1Kind',
      'document1Date',
      'document2Kind',
      'document2Date',
      'document1',
      'document2',
    ]);
    const body = Object.fromEntries(entries.filter(([, value]) => typeof value === 'string'));
    expect(body).toMatchObject({ category: 'medical', amountNeeded: '85000', titleHi: 'पिता के कूल्हे का ऑपरेशन', document1Kind: 'hospital-estimate', document2Date: '2026-03-20' });
    const files = entries.filter(([, value]) => typeof value !== 'string') as Array<[string, File]>;
    expect(files.map(([name, file]) => [name, file.name, file.size])).toEqual([
      ['document1', 'estimate.pdf', estimate.size],
      ['document2', 'bill.jpg', bill.size],
    ]);
  });

  it('hands over the new request’s number on 201', () => {
    const on = handlers();
    sendHelpRequest({ fields: [['category', 'medical']], files: [], submissionKey: 'key-2' }, on);
    FakeXhr.last!.answer(201, { id: 'ABCD2345', status: 'submitted' });
    expect(on.onSent).toHaveBeenCalledWith({ id: 'ABCD2345', status: 'submitted' });
    expect(on.onFailed).not.toHaveBeenCalled();
  });

  it('reports each document’s share of the upload', () => {
    const on = handlers();
    sendHelpRequest({ fields: [['category', 'medical']], files: filePartsOf(slots), submissionKey: 'key-3' }, on);
    FakeXhr.last!.upload.onprogress?.({ loaded: 100_000, total: 100_000, lengthComputable: true });
    expect(on.onProgress).toHaveBeenLastCalledWith({ document1: 1, document2: 1 });
  });

  it('passes the server’s refusal on with its message and field errors, for the fields to show', () => {
    const on = handlers();
    sendHelpRequest({ fields: [['category', 'medical']], files: [], submissionKey: 'key-4' }, on);
    FakeXhr.last!.answer(400, { message: 'Estimates and bills must be at most 6 months old. Attach a newer one.', requestId: 'r1', fieldErrors: { document1Date: ['Estimates and bills must be at most 6 months old. Attach a newer one.'] } });
    const failure = on.onFailed.mock.calls[0]![0];
    expect(failure).toMatchObject({ phase: 'failed', isOffline: false, httpStatus: 400 });
    expect(serverMessageOf(failure.error)).toBe('Estimates and bills must be at most 6 months old. Attach a newer one.');
    expect(fieldErrorsOf(failure.error)).toEqual({ document1Date: ['Estimates and bills must be at most 6 months old. Attach a newer one.'] });
    expect(httpStatusOf(failure.error)).toBe(400);
    expect(on.onSent).not.toHaveBeenCalled();
  });

  it('tells a lost connection from a refusal', () => {
    const on = handlers();
    sendHelpRequest({ fields: [['category', 'medical']], files: [], submissionKey: 'key-5' }, on);
    FakeXhr.last!.onerror?.();
    expect(on.onFailed.mock.calls[0]![0]).toMatchObject({ phase: 'failed', isOffline: true, httpStatus: null });
  });
});

describe('errorOf', () => {
  it('reads the REST error at the top level or inside `error`, and nothing from a proxy’s page', () => {
    expect(serverMessageOf(errorOf(409, JSON.stringify({ error: { message: 'Conflict here', fieldErrors: { upiId: ['x'] } } })))).toBe('Conflict here');
    expect(fieldErrorsOf(errorOf(400, JSON.stringify({ error: { message: 'Bad', fieldErrors: { upiId: ['x'] } } })))).toEqual({ upiId: ['x'] });
    const proxy = errorOf(413, '<html>Request Entity Too Large</html>');
    expect(serverMessageOf(proxy)).toBeUndefined();
    expect((proxy as Error).message).toBe('HTTP 413');
  });
});
