/**
 * The profile form's rules (spec §5: display name required, bio optional), shared by the
 * dashboard's My Profile and the public /profile.
 */
import { PROFILE } from '../../messages/profile.ts';

/**
 * The display name's length limit: the input's maxLength, the form's check and the database's
 * profiles_display_name_check (tests/integration/profile-display-name.test.ts compares them).
 */
export const DISPLAY_NAME_MAX_CHARS = 80;

/** Why a display name may not be saved, else null. */
export function profileError(displayName: string): string | null {
  const name = displayName.trim();
  if (!name) return PROFILE.displayNameRequired;
  // Counted in characters as the database counts them, not UTF-16 units.
  if ([...name].length > DISPLAY_NAME_MAX_CHARS) return PROFILE.displayNameTooLong(DISPLAY_NAME_MAX_CHARS);
  return null;
}
