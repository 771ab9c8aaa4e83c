import { useEffect, useState, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import { DASHBOARD } from '../../lib/messages/dashboard.ts';
import { FALLBACK_AVATAR } from '../../lib/site.ts';
import type { StaffSession } from '../shared/session/get-staff-session.ts';
import { signOut } from '../shared/session/get-staff-session.ts';
import { Sidebar } from './Sidebar.tsx';
import './shell.css';

/**
 * Header (Dashboard, Visit Website, Logout) and sidebar around the current screen. Below 800 px
 * the sidebar folds away behind a Menu button and closes again after navigation.
 */
export function Shell({ session, children }: { session: StaffSession; children: ReactNode }) {
  const [menuOpen, setMenuOpen] = useState(false);
  // For `npm run bench:dashboard`: when the shell first rendered (time to My Articles after it).
  useEffect(() => {
    (window as unknown as { __dashShellAt?: number }).__dashShellAt ??= performance.now();
  }, []);
  const [location] = useLocation();
  const [seenLocation, setSeenLocation] = useState(location);
  if (seenLocation !== location) {
    setSeenLocation(location);
    setMenuOpen(false);
  }
  return (
    <div className="dash">
      <a className="dash-skip" href="#dash-main">
        {DASHBOARD.skipToContent}
      </a>
      <header className="dash-header">
        <button
          type="button"
          className="dash-menu-button"
          aria-expanded={menuOpen}
          aria-controls="dash-sidebar"
          onClick={() => setMenuOpen((open) => !open)}
        >
          {DASHBOARD.menu}
        </button>
        <span className="dash-header__title">{DASHBOARD.title}</span>
        <span className="dash-header__user" data-testid="header-user">
          <img src={session.avatarUrl || FALLBACK_AVATAR} alt="" width={28} height={28} />
          <span>{session.displayName || session.email}</span>
        </span>
        <nav className="dash-header__links" aria-label={DASHBOARD.accountNav}>
          <a href="/">{DASHBOARD.visitWebsite}</a>
          <button
            type="button"
            onClick={async () => {
              await signOut();
              window.location.assign('/login');
            }}
          >
            {DASHBOARD.logout}
          </button>
        </nav>
      </header>
      <div className="dash-body">
        <Sidebar open={menuOpen} role={session.role} />
        <main id="dash-main" className="dash-main" tabIndex={-1}>
          {children}
        </main>
      </div>
    </div>
  );
}
