import { useEffect, type ReactNode } from 'react';
import { DASHBOARD } from '../../lib/messages/dashboard.ts';
import { Spinner } from '../shared/components/Spinner.tsx';
import { isSigningOut, type StaffSession } from '../shared/session/get-staff-session.ts';
import { useStaffSession } from '../shared/session/use-staff-session.ts';
import { loginUrl } from './login-redirect.ts';
import './guard.css';

/**
 * The dashboard's gate (spec §2): a spinner while the session loads; signed out → /login with the
 * return path, replacing history (so Back does not bounce into the guard again); a signed-in
 * reader gets a plain 'not allowed' screen. RLS still guards every row behind it.
 */
export function Guard({ children }: { children: (session: StaffSession) => ReactNode }) {
  const { data: session, isPending, isError } = useStaffSession();
  const signedOut = !isPending && !isError && session === null;
  useEffect(() => {
    if (signedOut && !isSigningOut()) window.location.replace(loginUrl(window.location));
  }, [signedOut]);

  if (isPending || signedOut) return <Spinner label={DASHBOARD.checkingSignIn} />;
  if (isError || !session) {
    return (
      <main className="dash-blocked">
        <p role="alert">{DASHBOARD.somethingWentWrong}</p>
      </main>
    );
  }
  if (session.role === 'reader') {
    return (
      <main className="dash-blocked">
        <h1>{DASHBOARD.notAllowed}</h1>
        <p>{DASHBOARD.notAllowedHint}</p>
        <a href="/">{DASHBOARD.backHome}</a>
      </main>
    );
  }
  return <>{children(session)}</>;
}
