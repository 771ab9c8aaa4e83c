import { useEffect, useState } from 'react';
import { formatEventDate, formatEventTime } from '../../../../lib/rules/dates.ts';
import { EVENTS } from '../../../../lib/messages/dashboard.ts';
import { EMPTY_EVENT, toLocalInput, type EventDraft } from '../event-rules.ts';
import type { EventRecord } from '../api/events.ts';
import { useArchiveEvent, useEvents, useSaveEvent } from '../api/queries.ts';
import { EventForm } from './EventForm.tsx';

const toDraft = (e: EventRecord): EventDraft => ({
  title: e.title,
  eventDate: toLocalInput(e.event_date),
  location: e.location,
  description: e.description ?? '',
  imageUrl: e.image_url ?? '',
  link: e.link ?? '',
});

/** Manage Events (spec §2, §4): the list by date, the form, archive/unarchive, 2500 ms toasts. */
export default function ManageEvents() {
  const list = useEvents();
  const save = useSaveEvent();
  const archive = useArchiveEvent();
  const [editing, setEditing] = useState<EventRecord | 'new' | null>(null);
  const [toast, setToast] = useState<string | null>(null);
  useEffect(() => {
    if (!toast) return;
    const timer = setTimeout(() => setToast(null), EVENTS.toastMs);
    return () => clearTimeout(timer);
  }, [toast]);

  const isNew = editing === 'new';
  return (
    <section>
      <h1>{EVENTS.title}</h1>
      {editing === null ? (
        <button type="button" onClick={() => setEditing('new')}>
          {EVENTS.newEvent}
        </button>
      ) : (
        <EventForm
          key={isNew ? 'new' : editing.id}
          initial={isNew ? EMPTY_EVENT : toDraft(editing)}
          editing={!isNew}
          saving={save.isPending}
          onCancel={() => setEditing(null)}
          onSave={(input) =>
            save.mutate(
              { id: isNew ? null : editing.id, input },
              {
                onSuccess: () => {
                  setToast(isNew ? EVENTS.created : EVENTS.updated);
                  setEditing(null);
                },
              },
            )
          }
        />
      )}
      {save.isError && (
        <p className="dash-error" role="alert">
          {save.error.message || (isNew ? EVENTS.createFailed : EVENTS.updateFailed)}
        </p>
      )}
      {archive.isError && (
        <p className="dash-error" role="alert">
          {EVENTS.updateFailed}
        </p>
      )}
      {list.isPending ? (
        <p>{EVENTS.loading}</p>
      ) : list.isError ? (
        <p className="dash-error" role="alert">
          {EVENTS.loadFailed}
        </p>
      ) : list.data.length === 0 ? (
        <p className="dash-empty">{EVENTS.empty}</p>
      ) : (
        <ul className="dash-comments">
          {list.data.map((e) => (
            <li key={e.id} className="dash-comment" data-event-id={e.id}>
              <p className="dash-comment__meta">
                <strong>{e.title}</strong> · {formatEventDate(e.event_date)} {formatEventTime(e.event_date)} ·{' '}
                {e.location}{' '}
                {e.archived_at && <span className="dash-status dash-status--deleted">{EVENTS.archived}</span>}
              </p>
              <div className="dash-actions">
                <button type="button" onClick={() => setEditing(e)}>
                  {EVENTS.edit}
                </button>
                <button
                  type="button"
                  disabled={archive.isPending}
                  onClick={() => archive.mutate({ id: e.id, archived: !e.archived_at })}
                >
                  {e.archived_at ? EVENTS.unarchive : EVENTS.archive}
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {toast && (
        <p className="dash-toast" role="status">
          {toast}
        </p>
      )}
    </section>
  );
}
