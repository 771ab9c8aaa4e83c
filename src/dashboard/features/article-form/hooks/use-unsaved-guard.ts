import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * Warns before leaving a touched form (spec §2): the browser's own prompt on unload, and the
 * 'Unsaved Changes' dialog on Back and on clicks on internal links. Back is caught by a guard
 * history entry pushed when the form becomes dirty: Back lands on it (same URL), and Leave Page
 * then goes back once more.
 */
export function useUnsavedGuard(dirty: boolean, navigate: (href: string) => void) {
  const [pending, setPending] = useState<null | { kind: 'link'; href: string } | { kind: 'back' }>(null);
  const armed = useRef(false);
  const dirtyRef = useRef(dirty);
  dirtyRef.current = dirty;

  useEffect(() => {
    if (!dirty) return;
    const onUnload = (e: BeforeUnloadEvent) => {
      e.preventDefault();
    };
    const onClick = (e: MouseEvent) => {
      if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
      const a = (e.target as Element | null)?.closest?.('a[href]') as HTMLAnchorElement | null;
      if (!a || a.target === '_blank' || a.hasAttribute('download')) return;
      const url = new URL(a.href, window.location.href);
      if (url.origin !== window.location.origin) return;
      e.preventDefault();
      e.stopPropagation();
      setPending({ kind: 'link', href: url.pathname + url.search + url.hash });
    };
    const onPop = () => {
      if (!dirtyRef.current || !armed.current) return;
      armed.current = false;
      setPending({ kind: 'back' });
    };
    if (!armed.current) {
      window.history.pushState({ unsavedGuard: true }, '', window.location.href);
      armed.current = true;
    }
    window.addEventListener('beforeunload', onUnload);
    document.addEventListener('click', onClick, true);
    window.addEventListener('popstate', onPop);
    return () => {
      window.removeEventListener('beforeunload', onUnload);
      document.removeEventListener('click', onClick, true);
      window.removeEventListener('popstate', onPop);
    };
  }, [dirty]);

  const cancel = useCallback(() => {
    if (pending?.kind === 'back') {
      window.history.pushState({ unsavedGuard: true }, '', window.location.href);
      armed.current = true;
    }
    setPending(null);
  }, [pending]);

  const leave = useCallback(() => {
    const target = pending;
    setPending(null);
    dirtyRef.current = false;
    if (target?.kind === 'back') window.history.back();
    else if (target?.kind === 'link') navigate(target.href);
  }, [pending, navigate]);

  /** Call before navigating away on purpose (after a save): drops the guard entry quietly. */
  const release = useCallback(() => {
    armed.current = false;
  }, []);

  return { pending: pending !== null, cancel, leave, release };
}
