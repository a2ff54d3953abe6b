import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fieldErrorsOf, httpStatusOf, serverMessageOf } from '#web/api/errors.ts';
import { directGiftUrl, sendDirectGift, type DirectGiftHandlers } from './use-send-direct-gift.ts';

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
  return { onProgress: vi.fn(), onSent: vi.fn(), onFailed: vi.fn() } satisfies DirectGiftHandlers;
}

const screenshot = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3, 4])], 'gpay-payment.png', { type: 'image/png' });
const input = { requestId: 'ABCD2345', amount: '1500.50', utr: '412345678901', screenshot };

beforeEach(() => {
  FakeXhr.last = null;
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
});
afterEach(() => vi.unstubAllGlobals());

describe('sendDirectGift', () => {
  it('posts multipart to /api/help/{id}/gifts: amount in rupees, the UTR, then the screenshot under its own name', () => {
    sendDirectGift(input, handlers());
    const xhr = FakeXhr.last!;
    expect([xhr.method, xhr.url]).toEqual(['POST', '/api/help/ABCD2345/gifts']);
    expect(directGiftUrl('AB/CD')).toBe('/api/help/AB%2FCD/gifts');
    expect(xhr.withCredentials).toBe(true);
    expect(xhr.headers).toMatchObject({ 'x-sahay-csrf': '1', Accept: 'application/json' });
    const entries = [...xhr.body!.entries()];
    expect(entries.map(([name]) => name)).toEqual(['amount', 'utr', 'screenshot']);
    expect(entries[0]![1]).toBe('1500.50');
    expect(entries[1]![1]).toBe('412345678901');
    const file = entries[2]![1] as File;
    expect([file.name, file.type, file.size]).toEqual(['gpay-payment.png', 'image/png', screenshot.size]);
  });

  it('hands over the gift’s ID on 201, and reports the upload’s progress', () => {
    const on = handlers();
    sendDirectGift(input, on);
    FakeXhr.last!.upload.onprogress?.({ loaded: 4, total: 8, lengthComputable: true });
    expect(on.onProgress).toHaveBeenLastCalledWith(4, 8);
    FakeXhr.last!.answer(201, { giftId: 'd0000000-0000-4000-8000-000000000001' });
    expect(on.onSent).toHaveBeenCalledWith('d0000000-0000-4000-8000-000000000001');
    expect(on.onFailed).not.toHaveBeenCalled();
  });

  it('passes on a 409 while the giver’s earlier gift is pending, with the server’s words', () => {
    const on = handlers();
    sendDirectGift(input, on);
    FakeXhr.last!.answer(409, { message: 'You have already submitted a gift for this request.', requestId: 'r1' });
    const failure = on.onFailed.mock.calls[0]![0];
    expect(failure).toMatchObject({ phase: 'failed', httpStatus: 409 });
    expect(serverMessageOf(failure.error)).toBe('You have already submitted a gift for this request.');
    expect(httpStatusOf(failure.error)).toBe(409);
    expect(on.onSent).not.toHaveBeenCalled();
  });

  it('passes on field errors for the fields to show, and tells a lost connection from a refusal', () => {
    const on = handlers();
    sendDirectGift(input, on);
    FakeXhr.last!.answer(400, { message: 'This UTR is already recorded for another gift.', fieldErrors: { utr: ['This UTR is already recorded for another gift.'] } });
    expect(fieldErrorsOf(on.onFailed.mock.calls[0]![0].error)).toEqual({ utr: ['This UTR is already recorded for another gift.'] });
    const lost = handlers();
    sendDirectGift(input, lost);
    FakeXhr.last!.onerror?.();
    expect(lost.onFailed.mock.calls[0]![0]).toMatchObject({ phase: 'failed', httpStatus: null });
  });

  it('does not take a 2xx without a gift ID as sent', () => {
    const on = handlers();
    sendDirectGift(input, on);
    FakeXhr.last!.answer(200, '<html>a proxy</html>');
    expect(on.onSent).not.toHaveBeenCalled();
    expect(on.onFailed).toHaveBeenCalled();
  });
});
