/**
 * `npm run seed:generate`'s second-year options (issue 28): archived articles, comments in every
 * state, subscribers, enquiries and events through the API, resumable and removable.
 */
import { describe, expect, it } from 'vitest';
import { serviceClient } from '../support/clients.ts';
import { SYNTHETIC_PREFIX, generate, removeSynthetic } from '../../scripts/seed/generate.ts';
import { commentStatus, generateNewsroom, newsroomRows, removeNewsroom } from '../../scripts/seed/newsroom.ts';

describe('a second-year newsroom', () => {
  it('the rows are deterministic and cover every comment state and both forms', () => {
    expect(new Set(Array.from({ length: 10 }, (_, n) => commentStatus(n)))).toEqual(
      new Set(['approved', 'pending', 'hidden', 'deleted']),
    );
    expect(newsroomRows.submission(1, 0)).toEqual(newsroomRows.submission(1, 0));
    expect(newsroomRows.submission(1, 0)).toMatchObject({ form_type: 'advertise', company: 'Company 2' });
    expect(newsroomRows.event(0, 0).link).toBe('https://www.example.org/events/1');
  });

  it('archives, comments, subscribes, enquires and adds events, resumes, then removes them all', async () => {
    const admin = serviceClient();
    await generate(admin, 20, () => {});
    const sizes = { archived: 3, comments: 12, subscribers: 5, submissions: 4, events: 2 };
    await generateNewsroom(admin, sizes, () => {});
    // A second run with the same sizes adds nothing.
    await generateNewsroom(admin, sizes, () => {});
    const archived = await admin
      .from('articles_meta')
      .select('id', { count: 'exact', head: true })
      .like('slug', `${SYNTHETIC_PREFIX}%`)
      .not('archived_at', 'is', null);
    expect(archived.count).toBe(3);
    const comments = await admin.from('comments').select('status').like('content', 'synthetic comment %');
    expect(comments.data).toHaveLength(12);
    expect(new Set(comments.data!.map((c) => c.status))).toEqual(new Set(['approved', 'pending', 'hidden', 'deleted']));
    const subscribers = await admin
      .from('newsletter_subscribers')
      .select('id', { count: 'exact', head: true })
      .like('email', 'synthetic-subscriber-%');
    expect(subscribers.count).toBe(5);
    const enquiries = await admin.from('contact_submissions').select('form_type').like('email', 'synthetic-sender-%');
    expect(enquiries.data).toHaveLength(4);
    const events = await admin
      .from('events')
      .select('id', { count: 'exact', head: true })
      .like('title', 'Synthetic event %');
    expect(events.count).toBe(2);

    expect(await removeNewsroom(admin)).toBe(5 + 4 + 2);
    expect(await removeSynthetic(admin)).toBe(20);
    const left = await admin
      .from('comments')
      .select('id', { count: 'exact', head: true })
      .like('content', 'synthetic comment %');
    expect(left.count).toBe(0);
  });
});
