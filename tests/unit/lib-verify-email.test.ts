import { describe, expect, it } from 'vitest';
import { resendOutcome } from '../../src/lib/rules/verify-email.ts';

const sent = { text: 'A new verification email has been sent. Please check your inbox.', error: false };

describe('resendOutcome (spec §8)', () => {
  it.each([
    ['no error', null, sent],
    ['"Email not confirmed"', { message: 'Email not confirmed' }, sent],
    ['any other error', { message: 'Too many requests' }, { text: 'Too many requests', error: true }],
  ])('%s', (_name, error, outcome) => {
    expect(resendOutcome(error)).toEqual(outcome);
  });
});
