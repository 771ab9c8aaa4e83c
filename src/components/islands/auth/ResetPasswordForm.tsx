/**
 * /reset-password (spec §4, §5, §8): the reset link's tokens (query string or fragment) open a
 * session, then the reader sets a new password. States: checking the link, invalid link, form,
 * submitting, success (then /login after 3 s). The tokens are removed from the address before
 * supabase-js loads, so its own URL detection never sees them and they stay out of history.
 */
import { useEffect, useState, type SyntheticEvent } from 'react';
import { AUTH } from '../../../lib/messages/auth.ts';
import { MESSAGES } from '../../../lib/messages/reader.ts';
import { readAuthTokens, resetProblem } from '../../../lib/rules/reader/auth-rules.ts';
import { openResetSession, updatePassword } from '../../../lib/browser/reader/auth-api.ts';
import { TIMINGS } from '../../../lib/rules/reader/keys.ts';
import { withErrorBoundary } from '../ErrorBoundary.tsx';
import { AuthField, FormNote, type Note } from './AuthField.tsx';
import './auth-form.css';

type Stage = 'checking' | 'invalid' | 'form' | 'done';

function ResetPasswordForm() {
  const [stage, setStage] = useState<Stage>('checking');
  const [linkError, setLinkError] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<Note>(null);

  useEffect(() => {
    const tokens = readAuthTokens(window.location.search, window.location.hash);
    if (!tokens) {
      setLinkError(MESSAGES.resetLinkInvalid);
      return setStage('invalid');
    }
    window.history.replaceState(null, '', window.location.pathname);
    openResetSession(tokens.accessToken, tokens.refreshToken).then(
      (ok) => {
        if (!ok) setLinkError(MESSAGES.resetLinkExpired);
        setStage(ok ? 'form' : 'invalid');
      },
      () => {
        setLinkError(MESSAGES.resetLinkExpired);
        setStage('invalid');
      },
    );
  }, []);

  async function submit(event: SyntheticEvent) {
    event.preventDefault();
    const problem = resetProblem(password, confirm);
    if (problem) return setNote({ text: problem, error: true });
    setBusy(true);
    setNote(null);
    try {
      await updatePassword(password);
      setStage('done');
      window.setTimeout(() => window.location.assign('/login'), TIMINGS.resetRedirect);
    } catch (e) {
      setNote({ text: e instanceof Error && e.message ? e.message : MESSAGES.unexpectedError, error: true });
      setBusy(false);
    }
  }

  if (stage === 'checking') return <p role="status">{AUTH.checkingLink}</p>;
  if (stage === 'invalid') {
    return (
      <div className="auth-form">
        <p className="auth-note auth-note--error" role="alert">
          {linkError}
        </p>
        <a className="button" href="/forgot-password">
          {AUTH.requestNewLink}
        </a>
      </div>
    );
  }
  if (stage === 'done') return <p role="status">{AUTH.resetDone}</p>;
  return (
    <form className="auth-form" noValidate onSubmit={(e) => void submit(e)}>
      <AuthField
        id="reset-password"
        label={AUTH.newPassword}
        hint={AUTH.passwordHint}
        type="password"
        autoComplete="new-password"
        required
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
      <AuthField
        id="reset-confirm"
        label={AUTH.confirmNewPassword}
        type="password"
        autoComplete="new-password"
        required
        value={confirm}
        onChange={(e) => setConfirm(e.target.value)}
      />
      <FormNote note={note} />
      <button className="button" type="submit" disabled={busy}>
        {busy ? AUTH.resetting : AUTH.resetPassword}
      </button>
    </form>
  );
}

export default withErrorBoundary(ResetPasswordForm);
