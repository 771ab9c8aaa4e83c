/**
 * `useStore` for stores that read the browser when first listened to ($session, $consent): their
 * onMount touches localStorage and window, which do not exist while Astro renders the island's
 * static HTML. This hook renders `initial` there and on the first client render (so hydration
 * matches), and subscribes after mount.
 */
import { useEffect, useState } from 'react';
import type { ReadableAtom } from 'nanostores';

export function useBrowserStore<T>(store: ReadableAtom<T>, initial: T): T {
  const [value, setValue] = useState<T>(initial);
  useEffect(() => store.subscribe((next) => setValue(() => next)), [store]);
  return value;
}
