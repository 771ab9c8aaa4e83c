/**
 * The desktop category menu (CategoryMenu.astro): keeps it to one row by moving the categories
 * that do not fit into 'More', and runs the submenus: hover with the spec's 120 ms close delay
 * (a pointer crossing a gap does not snap a menu shut) and the keyboard — Enter or Space on a
 * category's toggle opens it, arrows move, Escape closes and returns focus to the toggle.
 */
import { TIMINGS } from '../lib/rules/reader/keys.ts';

/** Below this width the menu lives in the drawer and lists everything (CSS uses the same value). */
const DESKTOP = '(min-width: 64rem)';

function measure(menu: HTMLElement, desktop: boolean): void {
  const more = menu.querySelector<HTMLElement>('[data-more]')!;
  const moreList = more.querySelector<HTMLElement>('[data-more-list]')!;
  const items = [...menu.querySelectorAll<HTMLElement>(':scope > [data-top]')];
  for (const item of items) item.hidden = false;
  moreList.replaceChildren();
  more.classList.remove('is-needed');
  if (!desktop || items.length === 0) return;

  const rowTop = items[0]!.offsetTop;
  const wrapped = (el: HTMLElement) => el.offsetTop > rowTop;
  if (!items.some(wrapped)) return;

  more.classList.add('is-needed');
  const moved: HTMLElement[] = [];
  for (let i = items.length - 1; i > 0 && (wrapped(more) || items.some((it) => !it.hidden && wrapped(it))); i--) {
    items[i]!.hidden = true;
    moved.unshift(items[i]!);
  }
  for (const item of moved) {
    const link = item.querySelector<HTMLAnchorElement>('.top-link')!;
    const entry = document.createElement('li');
    entry.append(link.cloneNode(true));
    moreList.append(entry);
    for (const child of item.querySelectorAll<HTMLAnchorElement>('.submenu a')) {
      const sub = document.createElement('li');
      const copy = child.cloneNode(true) as HTMLAnchorElement;
      copy.classList.add('more-child');
      sub.append(copy);
      moreList.append(sub);
    }
  }
}

function installSubmenu(item: HTMLElement, desktop: MediaQueryList): void {
  const toggle = item.querySelector<HTMLButtonElement>(':scope > .sub-toggle');
  if (!toggle) return;
  const links = () => [...item.querySelectorAll<HTMLAnchorElement>(':scope > .submenu a')];
  let timer: ReturnType<typeof setTimeout> | undefined;

  const setOpen = (open: boolean) => {
    clearTimeout(timer);
    item.classList.toggle('is-open', open && desktop.matches);
    toggle.setAttribute('aria-expanded', String(open && desktop.matches));
  };
  const open = () => {
    for (const other of document.querySelectorAll<HTMLElement>('[data-menu-item].is-open')) {
      if (other !== item) other.dispatchEvent(new CustomEvent('menu:close'));
    }
    setOpen(true);
  };
  const closeLater = () => {
    clearTimeout(timer);
    timer = setTimeout(() => setOpen(false), TIMINGS.menuHoverClose);
  };

  desktop.addEventListener('change', () => setOpen(false));
  item.addEventListener('menu:close', () => setOpen(false));
  // A mouse reaching the toggle has opened the menu already: its click must not close it again.
  let openedByHover = false;
  item.addEventListener('pointerenter', (e) => {
    if (e.pointerType === 'touch') return;
    openedByHover = !item.classList.contains('is-open');
    open();
  });
  item.addEventListener('pointerleave', (e) => e.pointerType !== 'touch' && closeLater());
  toggle.addEventListener('click', (e) => {
    const keepOpen = openedByHover && e.detail > 0;
    openedByHover = false;
    if (keepOpen) open();
    else if (item.classList.contains('is-open')) setOpen(false);
    else open();
  });
  item.addEventListener('focusin', () => clearTimeout(timer));
  item.addEventListener('focusout', (e) => {
    if (item.classList.contains('is-open') && !item.contains(e.relatedTarget as Node | null)) closeLater();
  });
  item.addEventListener('keydown', (e) => {
    const list = links();
    const at = list.indexOf(document.activeElement as HTMLAnchorElement);
    if (e.key === 'Escape' && item.classList.contains('is-open')) {
      e.preventDefault();
      setOpen(false);
      toggle.focus();
    } else if (e.key === 'ArrowDown') {
      e.preventDefault();
      open();
      list[Math.min(at + 1, list.length - 1)]?.focus();
    } else if (e.key === 'ArrowUp' && at >= 0) {
      e.preventDefault();
      (at === 0 ? toggle : list[at - 1])?.focus();
    } else if ((e.key === 'Home' || e.key === 'End') && at >= 0) {
      e.preventDefault();
      (e.key === 'Home' ? list[0] : list.at(-1))?.focus();
    }
  });
}

/** Left and right arrows move between the row's categories (links and toggles, in order). */
function installRowArrows(menu: HTMLElement): void {
  menu.addEventListener('keydown', (e) => {
    if (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight') return;
    const row = [
      ...menu.querySelectorAll<HTMLElement>(':scope > li:not([hidden]) > :is(.top-link, .sub-toggle)'),
    ].filter((el) => el.offsetParent !== null && getComputedStyle(el.parentElement!).visibility !== 'hidden');
    const at = row.indexOf(document.activeElement as HTMLElement);
    if (at < 0) return;
    e.preventDefault();
    row[(at + (e.key === 'ArrowRight' ? 1 : -1) + row.length) % row.length]?.focus();
  });
}

export function installCategoryMenu(): void {
  const menu = document.querySelector<HTMLElement>('[data-category-menu]');
  if (!menu) return;
  const desktop = window.matchMedia(DESKTOP);
  const update = () => {
    measure(menu, desktop.matches);
    menu.classList.add('is-measured');
  };
  update();
  for (const item of menu.querySelectorAll<HTMLElement>('[data-menu-item]')) installSubmenu(item, desktop);
  installRowArrows(menu);
  // The web fonts change the items' widths; a resize changes the room.
  void document.fonts?.ready.then(update);
  let width = menu.clientWidth;
  new ResizeObserver(() => {
    if (menu.clientWidth === width) return;
    width = menu.clientWidth;
    update();
  }).observe(menu);
}
