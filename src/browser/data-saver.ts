/**
 * The footer's 'Data saver' switch (src/components/Footer.astro): keeps the reader's choice in
 * local storage and a cookie, and applies it at once to the faces (the class on <html>); the next page applies
 * it to images too, from the head script (src/lib/rules/data-saver.ts).
 */
import { DATA_SAVER_CLASS, DATA_SAVER_COOKIE, DATA_SAVER_KEY } from '../lib/rules/data-saver.ts';

export function installDataSaverSwitch(button: HTMLButtonElement): void {
  const root = document.documentElement;
  const show = () => button.setAttribute('aria-pressed', String(root.classList.contains(DATA_SAVER_CLASS)));
  show();
  button.addEventListener('click', () => {
    const on = !root.classList.contains(DATA_SAVER_CLASS);
    root.classList.toggle(DATA_SAVER_CLASS, on);
    try {
      localStorage.setItem(DATA_SAVER_KEY, on ? 'on' : 'off');
    } catch {
      // storage blocked: the cookie still carries it
    }
    // For a host that varies on it (src/lib/rules/data-saver.ts, DATA_SAVER_COOKIE).
    document.cookie = `${DATA_SAVER_COOKIE}=${on ? 'on' : 'off'}; path=/; max-age=31536000; SameSite=Lax`;
    show();
  });
}
