/**
 * /profile (spec §2 'My Profile'): the shared profile editor (components/profile), wired to the
 * shared profile functions. Signed out → /login?redirect=/profile. A save or a new avatar is
 * patched into `$profile` at once, so the header's name and avatar change without a reload.
 * Below it, the readers' rights (issue 30): download my data, delete my account.
 */
import { useEffect, useState } from 'react';
import { ProfileEditor } from '../../../shared/profile/ProfileEditor.tsx';
import { AUTH } from '../../../lib/messages/auth.ts';
import { ACCOUNT } from '../../../lib/messages/profile.ts';
import { LABELS } from '../../../lib/messages/reader.ts';
import { mayUploadAvatar } from '../../../lib/rules/profile/avatar-rules.ts';
import {
  getMyProfile,
  saveMyProfile,
  uploadMyAvatar,
  type EditableProfile,
} from '../../../lib/browser/profile/profile-api.ts';
import { $profile, patchProfile, refreshProfile, type ReaderProfile } from '../../../lib/browser/reader/profile.ts';
import { requireSession } from '../../../lib/browser/reader/session.ts';
import { loginHref } from '../../../lib/rules/reader/safe-redirect.ts';
import { withErrorBoundary } from '../ErrorBoundary.tsx';
import { AccountRights } from './AccountRights.tsx';

/** The header shows the change at once: patched when its profile is known, else read afresh. */
function updateHeader(patch: Partial<Omit<ReaderProfile, 'userId'>>): void {
  if ($profile.get()) patchProfile(patch);
  else refreshProfile().catch(() => null);
}

type State =
  | { kind: 'loading' }
  | { kind: 'failed' }
  | { kind: 'deleted' }
  | { kind: 'ready'; profile: EditableProfile; email: string | null };

function ProfilePage() {
  const [state, setState] = useState<State>({ kind: 'loading' });

  useEffect(() => {
    let live = true;
    (async () => {
      const session = await requireSession();
      if (!session) return window.location.replace(loginHref('/profile'));
      const profile = await getMyProfile(session.userId);
      if (live) setState({ kind: 'ready', profile, email: session.email });
    })().catch(() => live && setState({ kind: 'failed' }));
    return () => {
      live = false;
    };
  }, []);

  if (state.kind === 'loading') return <p role="status">{LABELS.loading}</p>;
  if (state.kind === 'failed') return <p role="alert">{AUTH.profileLoadFailed}</p>;
  if (state.kind === 'deleted') {
    return (
      <div>
        <p role="status">{ACCOUNT.deleted}</p>
        <p>
          <a href="/">{ACCOUNT.home}</a>
        </p>
      </div>
    );
  }
  const { profile, email } = state;
  return (
    <>
      <ProfileEditor
        initial={profile}
        canUploadAvatar={mayUploadAvatar(profile.role)}
        onSave={async (values) => {
          await saveMyProfile(profile.id, values);
          updateHeader({ displayName: values.displayName.trim() });
        }}
        onUploadAvatar={async (file) => {
          const url = await uploadMyAvatar(profile.id, file);
          updateHeader({ avatarUrl: url });
          return url;
        }}
      />
      <AccountRights
        userId={profile.id}
        email={email}
        mayHaveAvatar={mayUploadAvatar(profile.role)}
        onDeleted={() => setState({ kind: 'deleted' })}
      />
    </>
  );
}

export default withErrorBoundary(ProfilePage);
