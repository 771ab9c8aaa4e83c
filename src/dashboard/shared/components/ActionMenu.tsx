import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import './action-menu.css';

export interface MenuAction {
  label: string;
  /** A page outside the dashboard (the public article, the preview): a plain link. */
  href?: string;
  onSelect?: () => void;
}

interface Props {
  /** The button's visible text. */
  label: string;
  /** The button's accessible name when the visible text alone is ambiguous (one per row). */
  accessibleName?: string;
  actions: MenuAction[];
}

/**
 * A menu button (WAI-ARIA APG "Menu Button"): Enter, Space or ↓ opens it on the first item, ↑ on
 * the last; ↓/↑ move, Home/End jump, Escape closes it and returns to the button, Tab leaves it.
 * A click outside closes it.
 */
export function ActionMenu({ label, accessibleName, actions }: Props) {
  const [open, setOpen] = useState(false);
  const [start, setStart] = useState<'first' | 'last'>('first');
  const id = useId();
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLUListElement>(null);
  const items = () => Array.from(menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);

  useEffect(() => {
    if (!open) return;
    const all = items();
    (start === 'first' ? all[0] : all[all.length - 1])?.focus();
    const outside = (e: PointerEvent) => {
      const target = e.target as Node;
      if (!menu.current?.contains(target) && !button.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [open, start]);

  const openAt = (where: 'first' | 'last') => {
    setStart(where);
    setOpen(true);
  };
  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) button.current?.focus();
  };
  const onButtonKey = (e: KeyboardEvent) => {
    if (e.key === 'ArrowDown' || e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      openAt('first');
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      openAt('last');
    }
  };
  const onMenuKey = (e: KeyboardEvent) => {
    const all = items();
    const at = all.indexOf(document.activeElement as HTMLElement);
    const move = (to: number) => {
      e.preventDefault();
      all[(to + all.length) % all.length]?.focus();
    };
    if (e.key === 'ArrowDown') move(at + 1);
    else if (e.key === 'ArrowUp') move(at - 1);
    else if (e.key === 'Home') move(0);
    else if (e.key === 'End') move(all.length - 1);
    else if (e.key === 'Escape') {
      e.preventDefault();
      close(true);
    } else if (e.key === 'Tab') close(false);
  };

  if (actions.length === 0) return null;
  return (
    <div className="dash-menu">
      <button
        ref={button}
        type="button"
        id={`${id}-button`}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? `${id}-menu` : undefined}
        aria-label={accessibleName}
        onClick={() => (open ? close(false) : openAt('first'))}
        onKeyDown={onButtonKey}
      >
        {label} <span aria-hidden="true">▾</span>
      </button>
      {open && (
        <ul ref={menu} id={`${id}-menu`} role="menu" aria-labelledby={`${id}-button`} onKeyDown={onMenuKey}>
          {actions.map((a) => (
            <li key={a.label} role="none">
              {a.href ? (
                <a role="menuitem" tabIndex={-1} href={a.href} onClick={() => setOpen(false)}>
                  {a.label}
                </a>
              ) : (
                <button
                  type="button"
                  role="menuitem"
                  tabIndex={-1}
                  onClick={() => {
                    close(true);
                    a.onSelect?.();
                  }}
                >
                  {a.label}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
