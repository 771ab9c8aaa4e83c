/**
 * The phone drawer (Header.astro): a panel over the page opened by the Menu button. While open
 * it behaves like a modal dialog: focus moves in and stays in (the rest of the page is inert),
 * Escape, the close button or a tap on the scrim close it and give focus back to the Menu
 * button, and the page behind does not scroll.
 */
const DRAWER = '(max-width: 63.99rem)';
const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])';

export function installDrawer(): void {
  const toggle = document.querySelector<HTMLButtonElement>('.drawer-toggle');
  const drawer = document.querySelector<HTMLElement>('[data-drawer]');
  const scrim = document.querySelector<HTMLElement>('[data-drawer-scrim]');
  const close = drawer?.querySelector<HTMLButtonElement>('[data-drawer-close]');
  if (!toggle || !drawer || !scrim || !close) return;
  const media = window.matchMedia(DRAWER);
  /** Everything a reader could reach besides the drawer: made inert while it is open. */
  const outside = () =>
    [
      ...[...document.body.children].filter((el) => !el.contains(drawer)),
      ...[...drawer.parentElement!.children].filter((el) => el !== drawer && el !== scrim),
    ] as HTMLElement[];

  const isOpen = () => drawer.classList.contains('is-open');
  const setOpen = (open: boolean, returnFocus = true) => {
    if (open === isOpen()) return;
    drawer.classList.toggle('is-open', open);
    toggle.setAttribute('aria-expanded', String(open));
    scrim.hidden = !open;
    document.documentElement.classList.toggle('drawer-open', open);
    for (const el of outside()) el.inert = open;
    if (open) {
      drawer.setAttribute('role', 'dialog');
      drawer.setAttribute('aria-modal', 'true');
      drawer.setAttribute('aria-label', 'Menu');
      close.focus();
    } else {
      for (const name of ['role', 'aria-modal', 'aria-label']) drawer.removeAttribute(name);
      if (returnFocus) toggle.focus();
    }
  };

  toggle.addEventListener('click', () => setOpen(!isOpen()));
  close.addEventListener('click', () => setOpen(false));
  scrim.addEventListener('click', () => setOpen(false));
  media.addEventListener('change', () => setOpen(false, false));
  // A link in the drawer (a category, #newsletter) leaves it: close first so the page can scroll.
  drawer.addEventListener('click', (e) => {
    if (isOpen() && (e.target as Element).closest('a[href]')) setOpen(false, false);
  });
  document.addEventListener('keydown', (e) => {
    if (!isOpen()) return;
    if (e.key === 'Escape' && !e.defaultPrevented) {
      e.preventDefault();
      setOpen(false);
    } else if (e.key === 'Tab') {
      const items = [...drawer.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.offsetParent !== null);
      const first = items[0];
      const last = items.at(-1);
      if (e.shiftKey && document.activeElement === first) {
        e.preventDefault();
        last?.focus();
      } else if (!e.shiftKey && document.activeElement === last) {
        e.preventDefault();
        first?.focus();
      }
    }
  });
}
