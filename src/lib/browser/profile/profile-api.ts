/**
 * The signed-in user's profile: read, save (display name, bio) and avatar upload (spec §7). Used
 * by the dashboard's My Profile (through TanStack Query) and by the public /profile island.
 */
import { getBrowserClient } from '../supabase.ts';
import { MESSAGES } from '../../messages/reader.ts';
import { refusalMessage } from '../../rules/database-errors.ts';
import { avatarObjectName } from '../../rules/profile/avatar-rules.ts';

export interface EditableProfile {
  id: string;
  displayName: string;
  bio: string;
  avatarUrl: string | null;
  role: string;
}

export async function getMyProfile(userId: string): Promise<EditableProfile> {
  const { data, error } = await getBrowserClient()
    .from('profiles')
    .select('id, display_name, bio, avatar_url, role')
    .eq('id', userId)
    .single();
  if (error) throw new Error(error.message);
  return {
    id: data.id,
    displayName: data.display_name ?? '',
    bio: data.bio ?? '',
    avatarUrl: data.avatar_url,
    role: data.role,
  };
}

export async function saveMyProfile(userId: string, values: { displayName: string; bio: string }): Promise<void> {
  const { error } = await getBrowserClient()
    .from('profiles')
    .update({ display_name: values.displayName.trim(), bio: values.bio.trim() || null })
    .eq('id', userId);
  if (error) throw new Error(refusalMessage(error, MESSAGES.unexpectedError));
}

/** Uploads to avatars (overwrite allowed), stores the public URL as avatar_url alone, returns it. */
export async function uploadMyAvatar(userId: string, file: File): Promise<string> {
  const storage = getBrowserClient().storage.from('avatars');
  const path = avatarObjectName(userId, file.name);
  const { error } = await storage.upload(path, file, { upsert: true, contentType: file.type });
  // Storage's own reasons (too large, wrong type) read well; a policy refusal is worded here.
  if (error) throw new Error(MESSAGES.uploadFailed(refusalMessage(error, error.message)));
  const url = storage.getPublicUrl(path).data.publicUrl;
  if (!url) throw new Error(MESSAGES.avatarNoPublicUrl);
  const saved = await getBrowserClient().from('profiles').update({ avatar_url: url }).eq('id', userId);
  if (saved.error) throw new Error(MESSAGES.uploadFailed(refusalMessage(saved.error, MESSAGES.genericRetry)));
  return url;
}
