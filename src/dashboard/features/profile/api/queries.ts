/**
 * My Profile's hooks over the shared profile functions (src/lib/profile). Saving writes the new
 * name and avatar into the session query too, so the header changes at once, without a refetch.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  getMyProfile,
  saveMyProfile,
  uploadMyAvatar,
  type EditableProfile,
} from '../../../../lib/browser/profile/profile-api.ts';
import type { StaffSession } from '../../../shared/session/get-staff-session.ts';
import { sessionKey } from '../../../shared/session/use-staff-session.ts';

const profileKey = (userId: string) => ['profile', userId] as const;

export function useMyProfile(userId: string) {
  return useQuery({ queryKey: profileKey(userId), queryFn: () => getMyProfile(userId) });
}

function usePatchSession() {
  const client = useQueryClient();
  return (userId: string, patch: Partial<StaffSession> & Partial<EditableProfile>) => {
    client.setQueryData<StaffSession | null>(sessionKey, (s) =>
      s
        ? {
            ...s,
            ...(patch.displayName !== undefined && { displayName: patch.displayName }),
            ...(patch.avatarUrl !== undefined && { avatarUrl: patch.avatarUrl }),
          }
        : s,
    );
    client.setQueryData<EditableProfile>(profileKey(userId), (p) => (p ? { ...p, ...patch } : p));
  };
}

export function useSaveProfile(userId: string) {
  const patch = usePatchSession();
  return useMutation({
    mutationFn: (values: { displayName: string; bio: string }) => saveMyProfile(userId, values),
    onSuccess: (_r, values) => patch(userId, { displayName: values.displayName.trim(), bio: values.bio.trim() }),
  });
}

export function useUploadAvatar(userId: string) {
  const patch = usePatchSession();
  return useMutation({
    mutationFn: (file: File) => uploadMyAvatar(userId, file),
    onSuccess: (avatarUrl) => patch(userId, { avatarUrl }),
  });
}
