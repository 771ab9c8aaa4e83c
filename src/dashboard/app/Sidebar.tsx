import { Link, useLocation } from 'wouter';
import { DASHBOARD } from '../../lib/messages/dashboard.ts';
import type { StaffRole } from '../shared/session/get-staff-session.ts';
import './sidebar.css';

/**
 * The spec's nine links plus Newsletters (issue 30; Archive and Subscribers for admins only), the
 * current one marked with aria-current. On a phone the menu also holds Visit Website, which the
 * header then leaves out (shell.css, sidebar.css).
 */
export function Sidebar({ open, role }: { open: boolean; role: StaffRole }) {
  const [location] = useLocation();
  const links = DASHBOARD.nav.filter((link) => !('adminOnly' in link) || role === 'admin');
  return (
    <nav id="dash-sidebar" className={open ? 'dash-sidebar is-open' : 'dash-sidebar'} aria-label={DASHBOARD.navLabel}>
      <ul>
        {links.map((link) => {
          const to = link.path.replace(/^\/dashboard/, '') || '/';
          const current = location === to;
          return (
            <li key={link.path}>
              <Link href={to} aria-current={current ? 'page' : undefined}>
                {link.label}
              </Link>
            </li>
          );
        })}
      </ul>
      <p className="dash-sidebar__site">
        <a href="/">{DASHBOARD.visitWebsite}</a>
      </p>
    </nav>
  );
}
