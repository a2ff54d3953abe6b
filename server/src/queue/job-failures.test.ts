import { describe, expect, it } from 'vitest';
import { errorSummary, MAX_ERROR_LENGTH } from './job-failures.ts';

describe('errorSummary: what admins see of a job’s error', () => {
  it('keeps the message, never the stack', () => {
    const error = new Error('Connection refused by smtp.example.net');
    expect(error.stack).toContain('job-failures.test.ts');
    expect(errorSummary(error)).toBe('Connection refused by smtp.example.net');
  });

  it('puts the message on one line', () => {
    expect(errorSummary(new Error('first line\n\tsecond\r\nthird\u0000end'))).toBe('first line second third end');
  });

  it('masks e-mail addresses and long digit runs, and leaves short numbers and dates alone', () => {
    expect(errorSummary(new Error('Rejected <asha.devi+receipts@example.org>, cc ravi@mail.co.in'))).toBe('Rejected <[e-mail]>, cc [e-mail]');
    expect(errorSummary(new Error('No member with phone 9876543210 or +91 98765-43210'))).toBe('No member with phone [number] or +[number]');
    expect(errorSummary(new Error('Aadhaar 2341 2341 2346 and account 00123456789 refused'))).toBe('Aadhaar [number] and account [number] refused');
    expect(errorSummary(new Error('timeout after 30000 ms on 2031-05-01 at 10:20, code 550, SH1234567'))).toBe(
      'timeout after 30000 ms on 2031-05-01 at 10:20, code 550, SH1234567',
    );
  });

  it(`cuts a long message to ${MAX_ERROR_LENGTH} characters`, () => {
    const summary = errorSummary(new Error('x'.repeat(5000)));
    expect(summary).toHaveLength(MAX_ERROR_LENGTH);
    expect(summary.endsWith('…')).toBe(true);
  });

  it('says so when there is no message, and never prints a thrown value that is not an Error', () => {
    expect(errorSummary(new Error(''))).toBe('The job failed without an error message.');
    expect(errorSummary('asha.devi@example.org')).toBe('The job failed without an error message.');
    expect(errorSummary({ email: 'asha.devi@example.org' })).toBe('The job failed without an error message.');
    expect(errorSummary(undefined)).toBe('The job failed without an error message.');
  });
});
