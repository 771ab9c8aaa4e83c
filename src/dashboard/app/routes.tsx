/**
 * Every dashboard route in one place (spec §2). Screens are lazy-loaded, so each screen's code,
 * the article editor's TinyMCE above all, downloads only when that screen opens. (Insights' chart
 * is a hand-drawn SVG in its own screen: no charting library to hold back.)
 */
import { lazy, Suspense, useEffect } from 'react';
import { Redirect, Route, Switch } from 'wouter';
import { Spinner } from '../shared/components/Spinner.tsx';
import type { StaffSession } from '../shared/session/get-staff-session.ts';

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

export function DashboardRoutes({ session }: { session: StaffSession }) {
  return (
    <Suspense fallback={<Spinner />}>
      <Switch>
        <Route path="/">
          <Insights session={session} />
        </Route>
        <Route path="/insights">
          <Insights session={session} />
        </Route>
        <Route path="/articles">
          <MyArticles session={session} />
        </Route>
        <Route path="/articles/new">
          <ArticleFormScreen />
        </Route>
        <Route path="/articles/:id">
          <ArticleFormScreen />
        </Route>
        <Route path="/archive">
          {/* Admin only (spec §2): everyone else goes to the home page. */}
          {session.role === 'admin' ? <ArchivedArticles /> : <ExternalRedirect to="/" />}
        </Route>
        <Route path="/comments">
          <CommentsModeration />
        </Route>
        <Route path="/events">
          <ManageEvents />
        </Route>
        <Route path="/contact-submissions">
          <ContactSubmissions />
        </Route>
        <Route path="/subscribers">
          <Subscribers session={session} />
        </Route>
        {/* Issue 30: staff draft, admins send (the database's rule). */}
        <Route path="/newsletters">
          <Newsletters />
        </Route>
        <Route path="/newsletters/new">
          <IssueEditor session={session} />
        </Route>
        <Route path="/newsletters/:id">
          <IssueEditor session={session} />
        </Route>
        {/* Beyond the sidebar's nine links (spec §2): reached from My Profile. */}
        <Route path="/bookmarks">
          <Bookmarks session={session} />
        </Route>
        <Route path="/profile">
          <MyProfile session={session} />
        </Route>
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
