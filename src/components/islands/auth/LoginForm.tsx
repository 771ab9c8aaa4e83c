/**
 * /login (spec §2, §4, §5): e-mail and password; 'Registration successful! You can now log in.'
 * after ?registered=1; an unconfirmed address goes to /email-not-verified; any other refusal
 * shows the auth server's message. On success the reader returns to ?redirect (same-site paths
 * only, else '/'). A sign-up confirmation link lands here too (its fragment is read and dropped:
 * the reader signs in with the password they chose; see docs/readers.md).
 */
import { useEffect, useState, type SyntheticEvent } from 'react';
import { AUTH } from '../../../lib/messages/auth.ts';
import { MESSAGES } from '../../../lib/messages/reader.ts';
import {
  emailNotVerifiedHref,
  isEmailNotConfirmed,
  loginProblem,
  readLinkFragment,
} from '../../../lib/rules/reader/auth-rules.ts';
import { safeRedirect } from '../../../lib/rules/reader/safe-redirect.ts';
import { signInWithPassword } from '../../../lib/browser/reader/auth-api.ts';
import { withErrorBoundary } from '../ErrorBoundary.tsx';
import { AuthField, FormNote, type Note } from './AuthField.tsx';
import './auth-form.css';

function LoginForm() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<Note>(null);

  // Read after hydration: the page is pre-rendered without a query string or fragment.
  useEffect(() => {
    const params = new URLSearchParams(window.location.search);
    if (params.get('registered') === '1') setNote({ text: MESSAGES.registered, error: false });
    const link = readLinkFragment(window.location.hash);
    if (!link) return;
    // The tokens must not stay in the address bar or history, nor be picked up by supabase-js.
    window.history.replaceState(null, '', window.location.pathname + window.location.search);
    if (link.error) setNote({ text: link.error, error: true });
    else if (link.type === 'signup') setNote({ text: AUTH.emailConfirmed, error: false });
    if (link.email) setEmail(link.email);
  }, []);

  async function submit(event: SyntheticEvent) {
    event.preventDefault();
    const problem = loginProblem(email, password);
    if (problem) return setNote({ text: problem, error: true });
    setBusy(true);
    setNote(null);
    const redirect = new URLSearchParams(window.location.search).get('redirect');
    try {
      await signInWithPassword(email, password);
      window.location.assign(safeRedirect(redirect, '/'));
    } catch (e) {
      const message = e instanceof Error ? e.message : MESSAGES.unexpectedError;
      if (isEmailNotConfirmed(message)) return window.location.assign(emailNotVerifiedHref(email, redirect));
      setNote({ text: message, error: true });
      setBusy(false);
    }
  }

  return (
    <form className="auth-form" noValidate onSubmit={(e) => void submit(e)}>
      <AuthField
        id="login-email"
        label={AUTH.email}
        type="email"
        autoComplete="email"
        required
        value={email}
        onChange={(e) => setEmail(e.target.value)}
      />
      <AuthField
        id="login-password"
        label={AUTH.password}
        type="password"
        autoComplete="current-password"
        required
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
      <FormNote note={note} />
      <button className="button" type="submit" disabled={busy}>
        {busy ? AUTH.loggingIn : AUTH.logIn}
      </button>
    </form>
  );
}

export default withErrorBoundary(LoginForm);
