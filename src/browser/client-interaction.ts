/**
 * `client:interaction`, the islands' "load React when a person needs it" directive (registered in
 * astro.config.mjs; docs/readers.md, "How islands load"). The island's HTML is already on the page
 * (Astro renders it at build time); its JavaScript loads on the first pointerdown, touchstart,
 * focusin or keydown inside it, so a first visit that never touches the cookie banner, the
 * newsletter form or the user menu never downloads React.
 *
 * Nothing the visitor does is lost while it loads: a click on a button (or on an element marked
 * `data-replay`, such as a link whose handler must run first) and a form's submit are held, and
 * sent again once React has attached its handlers to the element. Links without the mark navigate
 * at once, as without JavaScript. Controls marked `data-needs-js` (disabled in the HTML, so a
 * visitor without JavaScript cannot send a form that needs it) are enabled here, since the held
 * click will reach them.
 *
 * Options (`client:interaction={{ … }}`): `idleWhen`, a class on <html> (set before first paint,
 * BaseLayout.astro) that means the island has work to do at once, for instance `signed-in`:
 * then it hydrates when the browser is idle, as `client:idle` would; `event`, a window event that
 * hydrates it (the toasts' region, when the first toast is raised).
 */
import type { ClientDirective } from 'astro';

interface Options {
  idleWhen?: string;
  event?: string;
}

const TRIGGERS = ['pointerdown', 'touchstart', 'focusin', 'keydown'] as const;
/** How long a held click waits for React's handlers before it is sent anyway. */
const REPLAY_WAIT_MS = 5000;

/** React marks each element it has hydrated with a `__reactProps$…` key. */
const hydrated = (element: Element) => Object.keys(element).some((key) => key.startsWith('__reactProps$'));

function whenHydrated(element: Element): Promise<void> {
  const started = performance.now();
  return new Promise((resolve) => {
    const check = () => {
      if (hydrated(element) || !element.isConnected || performance.now() - started > REPLAY_WAIT_MS) {
        // One more task, so the commit's effects (a `ready` state, a store's value) have run.
        setTimeout(resolve, 0);
      } else requestAnimationFrame(check);
    };
    check();
  });
}

const interactionDirective: ClientDirective = (load, options, el) => {
  const value = (typeof options.value === 'object' ? options.value : {}) as Options;
  const held: { element: Element; replay: () => void }[] = [];
  let started = false;

  const hold = (event: Event) => {
    void start();
    if (event.type === 'submit') {
      const form = event.target as HTMLFormElement;
      const submitter = (event as SubmitEvent).submitter;
      event.preventDefault();
      event.stopImmediatePropagation();
      held.push({
        element: form,
        replay: () => {
          if (!form.isConnected) return;
          if (submitter?.isConnected && submitter.closest('form') === form) form.requestSubmit(submitter);
          else form.requestSubmit();
        },
      });
      return;
    }
    const control = (event.target as Element | null)?.closest?.('button, [data-replay]');
    if (!(control instanceof HTMLElement) || !el.contains(control)) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    held.push({ element: control, replay: () => control.isConnected && control.click() });
  };

  const start = async () => {
    if (started) return;
    started = true;
    for (const type of TRIGGERS) el.removeEventListener(type, start, true);
    const hydrate = await load();
    await hydrate();
    if (held[0]) await whenHydrated(held[0].element);
    el.removeEventListener('click', hold, true);
    el.removeEventListener('submit', hold, true);
    for (const { replay } of held.splice(0)) replay();
  };

  el.addEventListener('click', hold, true);
  el.addEventListener('submit', hold, true);
  for (const control of el.querySelectorAll<HTMLButtonElement>('[data-needs-js]')) control.disabled = false;
  for (const type of TRIGGERS) el.addEventListener(type, start, { capture: true, passive: true });
  if (value.event) window.addEventListener(value.event, () => void start(), { once: true });
  if (value.idleWhen && document.documentElement.classList.contains(value.idleWhen)) {
    if ('requestIdleCallback' in window) window.requestIdleCallback(() => void start());
    else setTimeout(() => void start(), 200);
  }
};

export default interactionDirective;
