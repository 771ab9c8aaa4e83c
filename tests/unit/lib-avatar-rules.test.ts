import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../src/lib/messages/reader.ts';
import { PROFILE } from '../../src/lib/messages/profile.ts';
import { avatarError, avatarObjectName, mayUploadAvatar } from '../../src/lib/rules/profile/avatar-rules.ts';
import { DISPLAY_NAME_MAX_CHARS, profileError } from '../../src/lib/rules/profile/profile-rules.ts';

const MB = 1024 * 1024;

describe('avatarError (spec §5)', () => {
  it.each([
    ['image/jpeg', MB, null],
    ['image/jpg', MB, null],
    ['image/png', 2 * MB, null],
    ['image/webp', 100, null],
    ['image/gif', 100, 'Invalid file type. Only JPG, PNG, and WEBP are allowed.'],
    ['application/pdf', 100, MESSAGES.avatarInvalidType],
    ['image/png', 2 * MB + 1, 'File is too large. Max size is 2MB.'],
  ])('%s of %d bytes → %s', (type, size, message) => {
    expect(avatarError({ type, size })).toBe(message);
  });
});

describe('avatarObjectName', () => {
  it('is <user id>-avatar-<timestamp>.<ext>', () => {
    expect(avatarObjectName('u1', 'Me.PNG', 1700000000000)).toBe('u1-avatar-1700000000000.png');
    expect(avatarObjectName('u1', 'noext', 5)).toBe('u1-avatar-5.jpg');
  });
});

describe('who may upload, and the required display name', () => {
  it.each([
    ['admin', true],
    ['author', true],
    ['reader', false],
    [null, false],
  ])('%s → %s', (role, may) => {
    expect(mayUploadAvatar(role)).toBe(may);
  });
  it('a blank display name is refused; a bio is optional', () => {
    expect(profileError('  ')).toBe(PROFILE.displayNameRequired);
    expect(profileError('Thandi')).toBeNull();
  });
  it('a display name may have 80 characters, counted as characters (not UTF-16 units), not 81', () => {
    expect(DISPLAY_NAME_MAX_CHARS).toBe(80);
    expect(profileError('a'.repeat(80))).toBeNull();
    expect(profileError('😀'.repeat(80))).toBeNull();
    expect(profileError('a'.repeat(81))).toBe(PROFILE.displayNameTooLong(80));
  });
});
