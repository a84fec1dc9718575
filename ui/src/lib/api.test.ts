import { describe, expect, it } from 'vitest';
import { inApp, toServiceError } from './api';

describe('toServiceError', () => {
  it('keeps a ServiceError from Rust as it is', () => {
    const e = { code: 'invalid_input', message: 'No card V99' };
    expect(toServiceError(e)).toEqual(e);
  });

  it('wraps anything else as an internal error with a readable message', () => {
    expect(toServiceError('boom')).toEqual({ code: 'internal', message: 'boom' });
    expect(toServiceError(new Error('bad')).message).toContain('bad');
  });

  it('knows it is not inside the app in a unit test', () => {
    expect(inApp()).toBe(false);
  });
});
