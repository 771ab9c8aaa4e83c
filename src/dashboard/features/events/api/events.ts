/** Manage Events' data functions (spec §7): list, create, update, archive/unarchive, image upload. */
import { getBrowserClient } from '../../../../lib/browser/supabase.ts';
import { EVENTS } from '../../../../lib/messages/dashboard.ts';
import { refusalMessage } from '../../../../lib/rules/database-errors.ts';
import { uploadName } from '../../../shared/rules/article-rules.ts';
import type { Database } from '../../../../lib/database.types.ts';
import type { eventRow } from '../event-rules.ts';

export type EventRecord = Database['public']['Tables']['events']['Row'];
export type EventInput = ReturnType<typeof eventRow>;

/** Every event, archived ones included (staff see all), ordered by date. */
export async function listEvents(): Promise<EventRecord[]> {
  const { data, error } = await getBrowserClient().from('events').select('*').order('event_date');
  if (error) throw new Error(error.message);
  return data;
}

export async function createEvent(input: EventInput): Promise<void> {
  const { error } = await getBrowserClient().from('events').insert(input);
  // A refusal the editor can act on says what to fix; anything else is 'Failed to create event.'.
  if (error) throw new Error(refusalMessage(error, EVENTS.createFailed));
}

export async function updateEvent(id: number, input: Partial<EventInput> & { archived_at?: string | null }) {
  const { data, error } = await getBrowserClient().from('events').update(input).eq('id', id).select('id');
  if (error) throw new Error(refusalMessage(error, EVENTS.updateFailed));
  if (!data.length) throw new Error(EVENTS.updateFailed);
}

/** Archive sets archived_at to now; Unarchive clears it (spec §4). */
export const setEventArchived = (id: number, archived: boolean) =>
  updateEvent(id, { archived_at: archived ? new Date().toISOString() : null });

/** Stores an event image in event-images (never overwriting) and returns its public URL. */
export async function uploadEventImage(file: File): Promise<string> {
  const storage = getBrowserClient().storage.from('event-images');
  const path = uploadName(file.name);
  const { error } = await storage.upload(path, file, { upsert: false, contentType: file.type });
  if (error) throw new Error(error.message);
  return storage.getPublicUrl(path).data.publicUrl;
}
