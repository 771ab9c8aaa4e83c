/**
 * The header's account control (spec §2): Login when signed out, else the 'My Profile' menu
 * (the reader's avatar beside the words) with Edit profile, Bookmarks, Dashboard (authors and admins) and Sign out.
 * Opens on click, on hover and from the keyboard (Enter, Space, ArrowDown/ArrowUp); closes 180 ms
 * after the pointer leaves (§9), on Escape (focus back to the button), on Tab out and on a click
 * elsewhere. Until hydration both controls are in the HTML and `html.signed-in` (set before first
 * paint by BaseLayout) picks one in CSS, so the box is right at once and Login works without JS;
 * the header's session script (src/browser/header-session.ts) writes the cached avatar into it. The island hydrates on the first touch, focus or key inside it (client:interaction);
 * the click that woke it is replayed, so the menu opens on the first try.
 */
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useBrowserStore } from '../../../lib/browser/reader/use-browser-store.ts';
import { $session } from '../../../lib/browser/reader/session.ts';
import { $profile, isStaffRole, refreshProfile } from '../../../lib/browser/reader/profile.ts';
import { TIMINGS } from '../../../lib/rules/reader/keys.ts';
import { headerLoginHref } from '../../../lib/rules/reader/auth-rules.ts';
import { AUTH } from '../../../lib/messages/auth.ts';
import { LABELS } from '../../../lib/messages/reader.ts';
import { FALLBACK_AVATAR } from '../../../lib/site.ts';
import { withErrorBoundary } from '../ErrorBoundary.tsx';
import './user-menu.css';

interface Props {
  /** The page's path at build time (the Login link's way back). */
  path: string;
}

function UserMenu({ path }: Props) {
  const session = useBrowserStore($session, undefined);
  const profile = useBrowserStore($profile, null);
  const [hydrated, setHydrated] = useState(false);
  const [loginPath, setLoginPath] = useState(path);
  const [open, setOpen] = useState(false);
  const [focusItem, setFocusItem] = useState<'first' | 'last' | null>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const closeTimer = useRef<number | undefined>(undefined);
  const openedByHover = useRef(false);
  const refreshed = useRef(false);

  useEffect(() => {
    setHydrated(true);
    setLoginPath(window.location.pathname + window.location.search);
  }, []);
  // Keep the pre-paint class true to the session (sign-out here or in another tab).
  useEffect(() => {
    if (session !== undefined) document.documentElement.classList.toggle('signed-in', !!session);
  }, [session]);
  useEffect(() => () => window.clearTimeout(closeTimer.current), []);

  const items = () => [...(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
  useEffect(() => {
    if (!open || !focusItem) return;
    const list = items();
    (focusItem === 'first' ? list[0] : list.at(-1))?.focus();
    setFocusItem(null);
  }, [open, focusItem]);
  // A click or tap anywhere else closes the menu.
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (e: PointerEvent) => {
      if (!rootRef.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const cancelClose = () => window.clearTimeout(closeTimer.current);
  function show(focus: 'first' | 'last' | null = null) {
    cancelClose();
    setOpen(true);
    setFocusItem(focus);
    // A role changed by an admin shows the next time the menu opens (once per page).
    if (!refreshed.current) {
      refreshed.current = true;
      refreshProfile().catch(() => null);
    }
  }
  function hide(returnFocus = false) {
    cancelClose();
    setOpen(false);
    if (returnFocus) triggerRef.current?.focus();
  }

  function onTriggerKey(e: KeyboardEvent) {
    if (e.key === 'Enter' || e.key === ' ' || e.key === 'ArrowDown') {
      e.preventDefault();
      openedByHover.current = false;
      if (open && e.key !== 'ArrowDown') hide();
      else show('first');
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      openedByHover.current = false;
      show('last');
    } else if (e.key === 'Escape' && open) {
      e.preventDefault();
      hide();
    }
  }

  function onMenuKey(e: KeyboardEvent) {
    const list = items();
    const at = list.indexOf(document.activeElement as HTMLElement);
    const move = (to: number) => {
      e.preventDefault();
      list[(to + list.length) % list.length]?.focus();
    };
    if (e.key === 'ArrowDown') move(at + 1);
    else if (e.key === 'ArrowUp') move(at - 1);
    else if (e.key === 'Home') move(0);
    else if (e.key === 'End') move(list.length - 1);
    else if (e.key === 'Escape') {
      // Handled here: the phone drawer closes on an Escape nobody else took.
      e.preventDefault();
      hide(true);
    }
  }

  async function leave() {
    hide();
    // Loaded on use: the sign-out call is not worth bytes on every page before anyone asks.
    const { signOut } = await import('../../../lib/browser/reader/auth-api.ts');
    await signOut();
    window.location.assign('/login');
  }

  const state = !hydrated || session === undefined ? 'unknown' : session ? 'in' : 'out';

  return (
    <div
      ref={rootRef}
      className="user-menu"
      data-state={state}
      // Tab (or a click) out of the control closes the menu; focus moving inside keeps it.
      onBlur={(e) => {
        if (open && !rootRef.current?.contains(e.relatedTarget as Node | null)) hide();
      }}
      onPointerEnter={(e) => {
        if (e.pointerType !== 'mouse' || state !== 'in') return;
        if (!open) openedByHover.current = true;
        show();
      }}
      onPointerLeave={(e) => {
        if (e.pointerType !== 'mouse' || !open) return;
        cancelClose();
        closeTimer.current = window.setTimeout(() => setOpen(false), TIMINGS.profileMenuClose);
      }}
    >
      {state !== 'in' && (
        <a className="button button--ghost user-menu__login" href={headerLoginHref(hydrated ? loginPath : path)}>
          {LABELS.login}
        </a>
      )}
      {state !== 'out' && (
        <button
          ref={triggerRef}
          type="button"
          className="button button--ghost user-menu__trigger"
          aria-haspopup="menu"
          aria-expanded={open}
          aria-controls={open ? 'user-menu-list' : undefined}
          onClick={() => {
            // A click on a menu the pointer just opened keeps it open rather than closing it.
            if (open && !openedByHover.current) hide();
            else show();
            openedByHover.current = false;
          }}
          onKeyDown={onTriggerKey}
        >
          <img src={profile?.avatarUrl || FALLBACK_AVATAR} alt="" width={28} height={28} loading="lazy" />
          {/* Spec §2: the button reads 'My Profile' whoever is signed in; the avatar beside it is theirs. */}
          <span className="user-menu__name">{LABELS.myProfile}</span>
        </button>
      )}
      {open && state === 'in' && (
        <div
          ref={menuRef}
          id="user-menu-list"
          className="user-menu__list"
          role="menu"
          aria-label={LABELS.myProfile}
          onKeyDown={onMenuKey}
        >
          <a role="menuitem" tabIndex={-1} href="/profile">
            {AUTH.editProfile}
          </a>
          <a role="menuitem" tabIndex={-1} href="/bookmarks">
            {LABELS.bookmarks}
          </a>
          {isStaffRole(profile?.role) && (
            <a role="menuitem" tabIndex={-1} href="/dashboard">
              {LABELS.dashboard}
            </a>
          )}
          <button role="menuitem" tabIndex={-1} type="button" onClick={() => void leave()}>
            {LABELS.signOut}
          </button>
        </div>
      )}
    </div>
  );
}

export default withErrorBoundary(UserMenu);
