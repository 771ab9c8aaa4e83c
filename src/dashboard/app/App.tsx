/**
 * The dashboard island: one React app mounted client-only at /dashboard. The static host serves
 * the same shell for every /dashboard/* URL, and wouter (base /dashboard) picks the screen.
 */
// Stylesheets load in import order, and the cascade depends on it: the base first, then the shell
// (Guard, Shell and Sidebar import their own), then the classes several features share; the
// screens' own stylesheets, imported by them, come after all of these and build on them.
import './dashboard.css';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Router } from 'wouter';
import { Guard } from './Guard.tsx';
import { Shell } from './Shell.tsx';
import { DashboardRoutes } from './routes.tsx';
import '../shared/styles/lists.css';
import '../shared/styles/status.css';
import '../shared/styles/forms.css';
import '../shared/styles/stats.css';
import '../shared/styles/toast.css';

const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 10_000 },
    // A save sent while the browser is offline fails and says so, keeping the form as typed; by
    // default TanStack Query would hold it as 'Saving...' until the browser reports a connection.
    mutations: { networkMode: 'always' },
  },
});

export default function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <Router base="/dashboard">
        <Guard>
          {(session) => (
            <Shell session={session}>
              <DashboardRoutes session={session} />
            </Shell>
          )}
        </Guard>
      </Router>
    </QueryClientProvider>
  );
}
