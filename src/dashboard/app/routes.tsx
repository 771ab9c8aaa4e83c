/**
 * Every dashboard route in one place (spec §2): the paths of `paths.ts`, each given its screen.
 * Screens are lazy-loaded, so each screen's code, the article editor's TinyMCE above all,
 * downloads only when that screen opens. (Insights' chart is a hand-drawn SVG in its own screen:
 * no charting library to hold back.)
 */
import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { Redirect, Route, Switch } from 'wouter';
import { Spinner } from '../shared/components/Spinner.tsx';
import type { StaffSession } from '../shared/session/get-staff-session.ts';
import { DASHBOARD_PATHS, type DashboardPath } from './paths.ts';

const MyArticles = lazy(() => import('../features/articles/components/MyArticles.tsx'));
const ArticleFormScreen = lazy(() => import('../features/article-form/components/ArticleFormScreen.tsx'));
const ArchivedArticles = lazy(() => import('../features/archive/components/ArchivedArticles.tsx'));
const Bookmarks = lazy(() => import('../features/bookmarks/components/Bookmarks.tsx'));
const CommentsModeration = lazy(() => import('../features/comments/components/CommentsModeration.tsx'));
const ContactSubmissions = lazy(() => import('../features/contact-submissions/components/ContactSubmissions.tsx'));
const Insights = lazy(() => import('../features/insights/components/Insights.tsx'));
const ManageEvents = lazy(() => import('../features/events/components/ManageEvents.tsx'));
const MyProfile = lazy(() => import('../features/profile/components/MyProfile.tsx'));
const Subscribers = lazy(() => import('../features/subscribers/components/Subscribers.tsx'));
const Newsletters = lazy(() => import('../features/newsletters/components/Newsletters.tsx'));
const IssueEditor = lazy(() => import('../features/newsletters/components/IssueEditor.tsx'));

type Screen = { name: string; render: (session: StaffSession) => ReactNode };

/**
 * Each path's screen (spec §2); `paths.ts` lists them in matching order. Paths showing the same
 * screen share its name, the route's key: moving between them keeps the screen mounted, as a new
 * issue's first save moves it to /newsletters/<id> with its confirmation open.
 */
const SCREENS: Record<DashboardPath, Screen> = {
  '/': { name: 'insights', render: (session) => <Insights session={session} /> },
  '/insights': { name: 'insights', render: (session) => <Insights session={session} /> },
  '/articles': { name: 'articles', render: (session) => <MyArticles session={session} /> },
  '/articles/new': { name: 'article-form', render: () => <ArticleFormScreen /> },
  '/articles/:id': { name: 'article-form', render: () => <ArticleFormScreen /> },
  // Admin only (spec §2): everyone else goes to the home page.
  '/archive': {
    name: 'archive',
    render: (session) => (session.role === 'admin' ? <ArchivedArticles /> : <ExternalRedirect to="/" />),
  },
  '/comments': { name: 'comments', render: () => <CommentsModeration /> },
  '/events': { name: 'events', render: () => <ManageEvents /> },
  '/contact-submissions': { name: 'contact-submissions', render: () => <ContactSubmissions /> },
  '/subscribers': { name: 'subscribers', render: (session) => <Subscribers session={session} /> },
  // Issue 30: staff draft, admins send (the database's rule).
  '/newsletters': { name: 'newsletters', render: () => <Newsletters /> },
  '/newsletters/new': { name: 'issue', render: (session) => <IssueEditor session={session} /> },
  '/newsletters/:id': { name: 'issue', render: (session) => <IssueEditor session={session} /> },
  // Beyond the sidebar's nine links (spec §2): reached from My Profile.
  '/bookmarks': { name: 'bookmarks', render: (session) => <Bookmarks session={session} /> },
  '/profile': { name: 'profile', render: (session) => <MyProfile session={session} /> },
};

export function DashboardRoutes({ session }: { session: StaffSession }) {
  return (
    <Suspense fallback={<Spinner />}>
      <Switch>
        {DASHBOARD_PATHS.map((path) => (
          // Two routes may share a key: Switch renders only the one that matches.
          <Route key={SCREENS[path].name} path={path}>
            {() => SCREENS[path].render(session)}
          </Route>
        ))}
        <Route>
          <Redirect to="/" replace />
        </Route>
      </Switch>
    </Suspense>
  );
}

/** Leaves the dashboard (a full page load, replacing history). */
function ExternalRedirect({ to }: { to: string }) {
  useEffect(() => window.location.replace(to), [to]);
  return <Spinner />;
}
