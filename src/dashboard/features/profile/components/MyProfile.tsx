import { ProfileEditor } from '../../../../shared/profile/ProfileEditor.tsx';
import { Link } from 'wouter';
import { LABELS } from '../../../../lib/messages/reader.ts';
import { PROFILE } from '../../../../lib/messages/profile.ts';
import { mayUploadAvatar } from '../../../../lib/rules/profile/avatar-rules.ts';
import { Spinner } from '../../../shared/components/Spinner.tsx';
import type { StaffSession } from '../../../shared/session/get-staff-session.ts';
import { useMyProfile, useSaveProfile, useUploadAvatar } from '../api/queries.ts';

/** My Profile (spec §2): the shared profile editor, wired to the dashboard's queries. */
export default function MyProfile({ session }: { session: StaffSession }) {
  const profile = useMyProfile(session.userId);
  const save = useSaveProfile(session.userId);
  const upload = useUploadAvatar(session.userId);
  return (
    <section>
      <h1>{PROFILE.title}</h1>
      <p>
        <Link href="/bookmarks">{LABELS.myBookmarks}</Link>
      </p>
      {profile.isPending ? (
        <Spinner />
      ) : profile.isError ? (
        <p className="dash-error" role="alert">
          {profile.error.message}
        </p>
      ) : (
        <ProfileEditor
          initial={profile.data}
          canUploadAvatar={mayUploadAvatar(profile.data.role)}
          onSave={(values) => save.mutateAsync(values)}
          onUploadAvatar={(file) => upload.mutateAsync(file)}
        />
      )}
    </section>
  );
}
