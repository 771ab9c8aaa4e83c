/**
 * `$session` for an island, safe to render on the server: `useStore($session)` would start the
 * store (its onMount reads localStorage) during the build's server render, where there is no
 * window. Here the first render, on the server and at hydration alike, is `undefined` (the static
 * HTML's signed-out look), and the store is subscribed to only in the browser, after hydration.
 */
import { useEffect, useState } from 'react';
import { $session, type ReaderSession } from '../../lib/reader/session.ts';

export function useReaderSession(): ReaderSession | null | undefined {
  const [session, setSession] = useState<ReaderSession | null | undefined>(undefined);
  useEffect(() => $session.subscribe(setSession), []);
  return session;
}
