/**
 * Starts loading supabase-js ahead of a likely write (pointer over, or focus on, a control that
 * writes), so the click does not wait for the download. Its own module: importing it costs an
 * island nothing but this function.
 */
import { getReaderClient } from '../reader/session.ts';

export function warmWriteClient(): void {
  void getReaderClient().catch(() => {});
}
