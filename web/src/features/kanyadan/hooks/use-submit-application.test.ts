import { describe, expect, it } from 'vitest';
import en from '#web/i18n/en/kanyadan.json';
import hi from '#web/i18n/hi/kanyadan.json';
import { failureKind } from './use-submit-application.ts';

describe('failureKind', () => {
  it('calls it offline only when the phone says it has no network', () => {
    expect(failureKind({ httpStatus: null, hasServerMessage: false, isOnline: false })).toBe('offline');
    expect(failureKind({ httpStatus: 0, hasServerMessage: false, isOnline: false })).toBe('offline');
  });

  it('calls a dropped connection, a timeout or a 5xx without the server’s message "no answer", not offline', () => {
    expect(failureKind({ httpStatus: null, hasServerMessage: false, isOnline: true })).toBe('no-answer');
    expect(failureKind({ httpStatus: 0, hasServerMessage: false, isOnline: true })).toBe('no-answer');
    expect(failureKind({ httpStatus: 502, hasServerMessage: false, isOnline: true })).toBe('no-answer');
    expect(failureKind({ httpStatus: 504, hasServerMessage: false, isOnline: true })).toBe('no-answer');
  });

  it('leaves an answer the server gave to its own message', () => {
    expect(failureKind({ httpStatus: 500, hasServerMessage: true, isOnline: true })).toBe('answered');
    expect(failureKind({ httpStatus: 413, hasServerMessage: false, isOnline: true })).toBe('answered');
    expect(failureKind({ httpStatus: 400, hasServerMessage: true, isOnline: true })).toBe('answered');
  });
});

describe('the messages of a failed send', () => {
  const registration = { en: en.kanyadan.registration, hi: hi.kanyadan.registration };

  it('say the server did not answer and that the form is kept, in English and Hindi', () => {
    expect(registration.en.submit.noAnswer).toBe('The server did not answer. Your form is kept on this phone; try again in a minute.');
    expect(registration.hi.submit.noAnswer).toMatch(/सर्वर/);
    expect(registration.hi.submit.noAnswer).toMatch(/सुरक्षित/);
    expect(registration.en.submit.noAnswer).not.toMatch(/offline/i);
  });

  it('say how to make a file smaller when it is too large, in English and Hindi', () => {
    for (const text of [registration.en.documents.howToShrink, registration.en.submit.tooLarge]) {
      expect(text).toMatch(/5 MB|resolution/);
      expect(text).toMatch(/150 dpi/);
    }
    for (const text of [registration.hi.documents.howToShrink, registration.hi.submit.tooLarge]) expect(text).toMatch(/150 dpi/);
  });
});
