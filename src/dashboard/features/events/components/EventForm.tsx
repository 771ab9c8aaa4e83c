import { useState } from 'react';
import { EVENTS } from '../../../../lib/messages/dashboard.ts';
import { eventRow, validateEvent, type EventDraft } from '../event-rules.ts';
import { uploadEventImage, type EventInput } from '../api/events.ts';

interface Props {
  initial: EventDraft;
  editing: boolean;
  saving: boolean;
  onSave: (input: EventInput) => void;
  onCancel: () => void;
}

/** The create/edit form (spec §3, §5): title, date, location, description, image, link. */
export function EventForm({ initial, editing, saving, onSave, onCancel }: Props) {
  const [draft, setDraft] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const field = (name: keyof EventDraft) => ({
    value: draft[name],
    onChange: (e: { target: { value: string } }) => setDraft({ ...draft, [name]: e.target.value }),
  });

  async function upload(file: File | undefined) {
    if (!file) return;
    setUploading(true);
    setError(null);
    try {
      const url = await uploadEventImage(file);
      setDraft((d) => ({ ...d, imageUrl: url }));
    } catch (e) {
      setError(EVENTS.imageUploadFailed(e instanceof Error ? e.message : String(e)));
    } finally {
      setUploading(false);
    }
  }

  return (
    <form
      className="dash-form"
      noValidate
      aria-label={editing ? EVENTS.editEvent : EVENTS.newEvent}
      onSubmit={(e) => {
        e.preventDefault();
        const invalid = validateEvent(draft);
        setError(invalid);
        if (!invalid) onSave(eventRow(draft));
      }}
    >
      <h2>{editing ? EVENTS.editEvent : EVENTS.newEvent}</h2>
      <label>
        {EVENTS.fields.title}
        <input {...field('title')} required />
      </label>
      <label>
        {EVENTS.fields.date}
        <input type="datetime-local" {...field('eventDate')} required />
      </label>
      <label>
        {EVENTS.fields.location}
        <input {...field('location')} required />
      </label>
      <label>
        {EVENTS.fields.description}
        <textarea rows={4} {...field('description')} />
      </label>
      <label>
        {EVENTS.fields.image}
        <input type="file" accept="image/*" onChange={(e) => void upload(e.target.files?.[0])} />
      </label>
      {uploading && <p>{EVENTS.uploading}</p>}
      {draft.imageUrl && <img src={draft.imageUrl} alt="" width={160} className="dash-event-preview" />}
      <label>
        {EVENTS.fields.link}
        <input type="url" {...field('link')} placeholder="https://" />
      </label>
      {error && (
        <p className="dash-error" role="alert">
          {error}
        </p>
      )}
      <div className="dash-actions">
        <button type="submit" disabled={saving || uploading}>
          {editing ? EVENTS.update : EVENTS.create}
        </button>
        <button type="button" onClick={onCancel}>
          {EVENTS.cancel}
        </button>
      </div>
    </form>
  );
}
