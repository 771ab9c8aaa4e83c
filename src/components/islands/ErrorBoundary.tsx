/**
 * The error boundary every island renders inside (§2 catalogue: "Error boundary → 500 page
 * 'Something went wrong' with apology text"). When an island throws while rendering, the reader
 * gets the 500 page's message in the island's place, with the way home and to the contact page,
 * instead of a blank area; the rest of the static page keeps working. The error goes to the
 * console for whoever debugs it.
 */
import { Component, type ComponentType, type ErrorInfo, type ReactNode } from 'react';
import { LABELS, MESSAGES } from '../../lib/messages/reader.ts';

interface Props {
  children: ReactNode;
}

interface State {
  failed: boolean;
}

class ErrorBoundary extends Component<Props, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('An island failed to render:', error, info.componentStack);
  }

  override render(): ReactNode {
    return this.state.failed ? <ErrorNotice /> : this.props.children;
  }
}

/** The 500 page's content, as an island shows it when it fails (same words as /500). */
function ErrorNotice() {
  return (
    <section className="island-error" role="alert" aria-labelledby="island-error-title">
      <h2 id="island-error-title">{MESSAGES.errorPageTitle}</h2>
      <p>{MESSAGES.errorPageApology}</p>
      <p>
        <a className="button" href="/">
          {LABELS.returnToHomepage}
        </a>{' '}
        <a href="/get-in-touch">{LABELS.contactUs}</a>
      </p>
    </section>
  );
}

/** Wraps an island's component in the boundary: `export default withErrorBoundary(Search)`. */
export function withErrorBoundary<P extends object>(Inner: ComponentType<P>): ComponentType<P> {
  function Guarded(props: P) {
    return (
      <ErrorBoundary>
        <Inner {...props} />
      </ErrorBoundary>
    );
  }
  Guarded.displayName = `WithErrorBoundary(${Inner.displayName ?? Inner.name})`;
  return Guarded;
}
