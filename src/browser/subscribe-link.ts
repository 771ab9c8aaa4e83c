/**
 * 'Subscribe for Free' (spec §2) scrolls to the newsletter block: smoothly (unless the reader
 * asked for reduced motion), with focus moved into the block (it has tabindex=-1) so keyboard and
 * screen-reader users land where they were sent. Without JavaScript the plain #newsletter jump.
 */
export function installSubscribeLink(): void {
  document.addEventListener('click', (e) => {
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    const link = (e.target as Element | null)?.closest?.('a[href="#newsletter"]');
    const block = document.getElementById('newsletter');
    if (!link || !block) return;
    e.preventDefault();
    const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    block.scrollIntoView({ behavior: reduce ? 'auto' : 'smooth', block: 'start' });
    block.focus({ preventScroll: true });
    if (window.location.hash !== '#newsletter') window.history.pushState(null, '', '#newsletter');
  });
}
