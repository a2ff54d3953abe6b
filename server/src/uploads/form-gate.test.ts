import { describe, expect, it } from 'vitest';
import { AppError } from '#server/errors/app-error';
import { BUSY_WITH_UPLOADS, FormGate } from './form-gate.ts';

describe('FormGate', () => {
  it('lets `capacity` forms in, turns the next away with a 503 and Retry-After, and takes another once one is done', () => {
    const gate = new FormGate(2, 30);
    const first = gate.enter();
    const second = gate.enter();
    let refusal: unknown;
    try {
      gate.enter();
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(AppError);
    expect([(refusal as AppError).code, (refusal as AppError).userMessage, (refusal as AppError).retryAfterSeconds]).toEqual(['SERVICE_UNAVAILABLE', BUSY_WITH_UPLOADS, 30]);
    first();
    first(); // given back once only
    expect(gate.inFlight).toBe(1);
    gate.enter();
    expect(gate.inFlight).toBe(2);
    second();
    expect(gate.inFlight).toBe(1);
  });
});
