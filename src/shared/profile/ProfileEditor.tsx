/**
 * The one profile editor (habit 16): the dashboard's My Profile and the public /profile render
 * this component and pass in how to save and upload, so the form, its rules and its messages
 * exist once. Display name (required), bio (4 rows), and for authors and admins an avatar
 * upload with preview (spec §2, §5, §8).
 */
import { useState } from 'react';
import { MESSAGES } from '../../lib/messages/reader.ts';
import { PROFILE } from '../../lib/messages/profile.ts';
import { FALLBACK_AVATAR } from '../../lib/site.ts';
import { avatarError } from '../../lib/rules/profile/avatar-rules.ts';
import { DISPLAY_NAME_MAX_CHARS, profileError } from '../../lib/rules/profile/profile-rules.ts';
import './profile-editor.css';

export interface ProfileValues {
  displayName: string;
  bio: string;
}

interface Props {
  initial: ProfileValues & { avatarUrl: string | null };
  canUploadAvatar: boolean;
  /** An error from the auth context (spec §8), shown in red. */
  error?: string | null;
  onSave: (values: ProfileValues) => Promise<void>;
  /** Stores the file and returns the new public URL; throws with the message to show. */
  onUploadAvatar: (file: File) => Promise<string>;
}

type Note = { text: string; error: boolean } | null;

export function ProfileEditor({ initial, canUploadAvatar, error, onSave, onUploadAvatar }: Props) {
  const [values, setValues] = useState<ProfileValues>({ displayName: initial.displayName, bio: initial.bio });
  const [avatar, setAvatar] = useState(initial.avatarUrl);
  const [saving, setSaving] = useState(false);
  const [uploading, setUploading] = useState(false);
  const [note, setNote] = useState<Note>(null);
  const [avatarNote, setAvatarNote] = useState<Note>(null);

  async function save() {
    const invalid = profileError(values.displayName);
    if (invalid) return setNote({ text: invalid, error: true });
    setSaving(true);
    setNote(null);
    try {
      await onSave(values);
      setNote({ text: MESSAGES.profileUpdated, error: false });
    } catch (e) {
      setNote({ text: e instanceof Error ? e.message : String(e), error: true });
    } finally {
      setSaving(false);
    }
  }

  async function upload(file: File | undefined) {
    if (!file) return;
    const invalid = avatarError(file);
    if (invalid) return setAvatarNote({ text: invalid, error: true });
    setUploading(true);
    setAvatarNote(null);
    try {
      setAvatar(await onUploadAvatar(file));
      setAvatarNote({ text: MESSAGES.avatarUpdated, error: false });
    } catch (e) {
      setAvatarNote({ text: e instanceof Error ? e.message : String(e), error: true });
    } finally {
      setUploading(false);
    }
  }

  return (
    <form
      className="profile-editor"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      {error && (
        <p className="profile-editor__error" role="alert">
          {error}
        </p>
      )}
      {canUploadAvatar && (
        <fieldset className="profile-editor__avatar">
          <legend>{PROFILE.avatar}</legend>
          <img src={avatar || FALLBACK_AVATAR} alt="" width={96} height={96} />
          <label>
            <span className="profile-editor__label">{PROFILE.avatar}</span>
            <input
              type="file"
              accept="image/jpeg,image/png,image/webp"
              disabled={uploading}
              aria-describedby="profile-avatar-hint"
              onChange={(e) => void upload(e.target.files?.[0])}
            />
          </label>
          <p id="profile-avatar-hint" className="profile-editor__hint">
            {PROFILE.avatarHint}
          </p>
          {uploading && <p role="status">{PROFILE.uploading}</p>}
          {avatarNote && (
            <p
              className={avatarNote.error ? 'profile-editor__error' : 'profile-editor__ok'}
              role={avatarNote.error ? 'alert' : 'status'}
            >
              {avatarNote.text}
            </p>
          )}
        </fieldset>
      )}
      <label>
        <span className="profile-editor__label">{PROFILE.displayName}</span>
        <input
          value={values.displayName}
          required
          maxLength={DISPLAY_NAME_MAX_CHARS}
          onChange={(e) => setValues({ ...values, displayName: e.target.value })}
        />
      </label>
      <label>
        <span className="profile-editor__label">{PROFILE.bio}</span>
        <textarea rows={4} value={values.bio} onChange={(e) => setValues({ ...values, bio: e.target.value })} />
      </label>
      {note && (
        <p
          className={note.error ? 'profile-editor__error' : 'profile-editor__ok'}
          role={note.error ? 'alert' : 'status'}
        >
          {note.text}
        </p>
      )}
      <button type="submit" disabled={saving || uploading}>
        {saving ? PROFILE.saving : PROFILE.save}
      </button>
    </form>
  );
}
