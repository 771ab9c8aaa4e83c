/**
 * When the report's pages are drawn (src/components/ReportViewer.astro, issue 28). The pages only
 * exist below ~740 px (phones show no PDF in a frame; wider screens keep the 800 px viewer), and
 * pdf.js is large, so nothing of it loads before the reader acts: after the first scroll, touch
 * or key, an IntersectionObserver waits until the pages' box comes near the screen, then imports
 * the renderer (src/browser/report-render.ts, with pdf.js and its worker) for it. An element that
 * is not displayed never intersects, so on wide screens it never loads. With the data saver on,
 * the pages wait for the reader's tap on 'Show the report's pages here' instead.
 */
import { DATA_SAVER_CLASS } from '../lib/rules/data-saver.ts';

const FIRST_ACTS = ['scroll', 'wheel', 'pointerdown', 'touchstart', 'keydown'] as const;
/** Start a little before the pages scroll in, so the first one is drawn as it arrives. */
const AHEAD = '600px 0px';

function draw(box: HTMLElement): void {
  void import('./report-render.ts').then(({ renderReport }) => renderReport(box));
}

function whenNear(boxes: HTMLElement[]): void {
  const observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        observer.unobserve(entry.target);
        draw(entry.target as HTMLElement);
      }
    },
    { rootMargin: AHEAD },
  );
  for (const box of boxes) observer.observe(box);
}

const boxes = [...document.querySelectorAll<HTMLElement>('[data-report-pages]')];
if (boxes.length > 0 && 'IntersectionObserver' in window) {
  if (document.documentElement.classList.contains(DATA_SAVER_CLASS)) {
    for (const box of boxes) {
      const button = box.querySelector<HTMLButtonElement>('[data-report-show]');
      if (!button) continue;
      button.hidden = false;
      button.addEventListener('click', () => draw(box), { once: true });
    }
  } else {
    const start = () => {
      for (const type of FIRST_ACTS) window.removeEventListener(type, start);
      whenNear(boxes);
    };
    for (const type of FIRST_ACTS) window.addEventListener(type, start, { passive: true });
  }
}
