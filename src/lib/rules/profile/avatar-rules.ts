/**
 * Avatar upload rules (spec §5, §7), shared by the dashboard's My Profile and the public
 * /profile: the types and size the avatars bucket also enforces, and the object name.
 */
import { MESSAGES } from '../../messages/reader.ts';

const AVATAR_TYPES = ['image/jpeg', 'image/png', 'image/jpg', 'image/webp'] as const;
const AVATAR_MAX_BYTES = 2 * 1024 * 1024;

/** The spec's message for a file that may not be uploaded, else null. */
export function avatarError(file: { type: string; size: number }): string | null {
  if (!(AVATAR_TYPES as readonly string[]).includes(file.type)) return MESSAGES.avatarInvalidType;
  if (file.size > AVATAR_MAX_BYTES) return MESSAGES.avatarTooLarge;
  return null;
}

/** '<user id>-avatar-<timestamp>.<ext>' (the storage policy lets each user write only these). */
export function avatarObjectName(userId: string, fileName: string, now = Date.now()): string {
  const ext = (/\.([a-z0-9]+)$/i.exec(fileName)?.[1] ?? 'jpg').toLowerCase();
  return `${userId}-avatar-${now}.${ext}`;
}

/** Authors and admins may upload an avatar (spec §2); readers see no avatar control. */
export const mayUploadAvatar = (role: string | null | undefined): boolean => role === 'author' || role === 'admin';
