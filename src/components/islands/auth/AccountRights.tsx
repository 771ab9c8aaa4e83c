/**
 * /profile's readers' rights (issue 30, POPIA): 'Download my data' saves a JSON file of everything
 * held about the signed-in person; 'Delete my account' removes it after they type the account's
 * e-mail address. Both run in the database (my_data, delete_my_account); /privacy explains them.
 */
import { useState, type SyntheticEvent } from 'react';
import { ACCOUNT } from '../../../lib/messages/profile.ts';
import { confirmsAccountEmail, myDataFileName } from '../../../lib/rules/profile/account-rules.ts';
import { deleteMyAccount, fetchMyData } from '../../../lib/browser/profile/account-api.ts';
import { AuthField, FormNote, type Note } from './AuthField.tsx';
import './account-rights.css';

/** Hands the text to the browser as a download (an object URL on a temporary link). */
function saveFile(text: string, fileName: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Released once the click has handed the file over (the next task), not under it.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

function DownloadMyData() {
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<Note>(null);

  async function download() {
    setBusy(true);
    setNote(null);
    try {
      saveFile(await fetchMyData(), myDataFileName(new Date()));
      setNote({ text: ACCOUNT.downloaded, error: false });
    } catch (e) {
      setNote({ text: e instanceof Error ? e.message : ACCOUNT.downloadFailed, error: true });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="account-rights__part" aria-labelledby="account-data-heading">
      <h2 id="account-data-heading">{ACCOUNT.dataHeading}</h2>
      <p>{ACCOUNT.dataIntro}</p>
      <button type="button" className="button button--ghost" disabled={busy} onClick={() => void download()}>
        {busy ? ACCOUNT.downloading : ACCOUNT.download}
      </button>
      <FormNote note={note} />
    </section>
  );
}

interface DeleteProps {
  userId: string;
  email: string | null;
  mayHaveAvatar: boolean;
  onDeleted: () => void;
}

function DeleteMyAccount({ userId, email, mayHaveAvatar, onDeleted }: DeleteProps) {
  const [typed, setTyped] = useState('');
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<Note>(null);

  async function submit(event: SyntheticEvent) {
    event.preventDefault();
    if (!confirmsAccountEmail(typed, email)) return setNote({ text: ACCOUNT.emailMismatch, error: true });
    setBusy(true);
    setNote(null);
    try {
      await deleteMyAccount(userId, typed, mayHaveAvatar);
      onDeleted();
    } catch (e) {
      setNote({ text: e instanceof Error ? e.message : ACCOUNT.deleteFailed, error: true });
      setBusy(false);
    }
  }

  return (
    <section className="account-rights__part account-rights__danger" aria-labelledby="account-delete-heading">
      <h2 id="account-delete-heading">{ACCOUNT.deleteHeading}</h2>
      <p>{ACCOUNT.deleteIntro}</p>
      <form className="form" noValidate onSubmit={(e) => void submit(e)}>
        <AuthField
          id="account-delete-email"
          label={ACCOUNT.confirmLabel}
          type="email"
          autoComplete="off"
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
        />
        <FormNote note={note} />
        <button type="submit" className="button account-rights__delete" disabled={busy}>
          {busy ? ACCOUNT.deleting : ACCOUNT.delete}
        </button>
      </form>
    </section>
  );
}

export function AccountRights(props: DeleteProps) {
  return (
    <div className="account-rights">
      <DownloadMyData />
      <DeleteMyAccount {...props} />
    </div>
  );
}
