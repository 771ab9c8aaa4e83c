/**
 * Draws a report's pages inline on narrow screens (issue 28), loaded only when they are about to
 * be seen (src/browser/report-pages.ts), so pdf.js and its worker never count against a page's
 * JavaScript before interaction. The first page is drawn at once; each further page when it
 * comes within a screen of view. A page is drawn on a canvas at the box's width (up to 2 device
 * pixels per CSS pixel) and kept as an image, so the browser may drop it from memory off screen.
 */
import { GlobalWorkerOptions, getDocument, type PDFDocumentProxy } from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import { REPORT } from '../lib/messages/report.ts';

GlobalWorkerOptions.workerSrc = workerUrl;

const MAX_PIXEL_RATIO = 2;
const AHEAD = '100% 0px';

function toImage(canvas: HTMLCanvasElement): Promise<string> {
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(URL.createObjectURL(blob)) : reject(new Error('no image'))), 'image/png'),
  );
}

async function drawPage(pdf: PDFDocumentProxy, n: number, slot: HTMLElement, width: number): Promise<void> {
  const page = await pdf.getPage(n);
  const base = page.getViewport({ scale: 1 });
  const ratio = Math.min(window.devicePixelRatio || 1, MAX_PIXEL_RATIO);
  const viewport = page.getViewport({ scale: (width / base.width) * ratio });
  const canvas = document.createElement('canvas');
  canvas.width = Math.floor(viewport.width);
  canvas.height = Math.floor(viewport.height);
  await page.render({ canvas, viewport }).promise;
  const img = document.createElement('img');
  img.alt = REPORT.page(n, pdf.numPages);
  img.width = Math.round(base.width);
  img.height = Math.round(base.height);
  img.src = await toImage(canvas);
  slot.style.aspectRatio = `${base.width} / ${base.height}`;
  slot.replaceChildren(img);
  page.cleanup();
}

/** Each page after the first is drawn when it comes within a screen of view. */
function drawRestWhenNear(pdf: PDFDocumentProxy, slots: HTMLElement[], width: number): void {
  const observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        observer.unobserve(entry.target);
        const slot = entry.target as HTMLElement;
        void drawPage(pdf, Number(slot.dataset.page), slot, width).catch(() => {
          slot.textContent = REPORT.failed;
        });
      }
    },
    { rootMargin: AHEAD },
  );
  for (const slot of slots) observer.observe(slot);
}

export async function renderReport(box: HTMLElement): Promise<void> {
  const url = box.dataset.reportPages;
  const status = box.querySelector<HTMLElement>('[data-report-status]');
  const list = box.querySelector<HTMLElement>('[data-report-list]');
  box.querySelector<HTMLButtonElement>('[data-report-show]')?.setAttribute('hidden', '');
  if (!url || !status || !list) return;
  status.textContent = REPORT.loading;
  box.setAttribute('aria-busy', 'true');
  try {
    const pdf = await getDocument({ url }).promise;
    const first = (await pdf.getPage(1)).getViewport({ scale: 1 });
    const slots = Array.from({ length: pdf.numPages }, (_, i) => {
      const slot = document.createElement('li');
      slot.dataset.page = String(i + 1);
      slot.style.aspectRatio = `${first.width} / ${first.height}`;
      return slot;
    });
    list.replaceChildren(...slots);
    const width = list.clientWidth;
    await drawPage(pdf, 1, slots[0]!, width);
    status.textContent = '';
    drawRestWhenNear(pdf, slots.slice(1), width);
  } catch {
    status.textContent = REPORT.failed;
  } finally {
    box.removeAttribute('aria-busy');
  }
}
