import { useState } from 'react';
import { relativeTime } from '../../../../lib/rules/dates.ts';
import { htmlToText } from '../../../../lib/rules/text.ts';
import { diffWords } from '../text-diff.ts';
import { useStaff } from '../../../shared/staff/queries.ts';
import { useRestoreRevision, useRevisions } from '../api/queries.ts';
import type { Revision, RevisionFields } from '../api/revisions.ts';
import { TextDiff } from './TextDiff.tsx';

interface Props {
  articleId: number;
  categoryName: (id: number) => string;
  /** Restore changes the stored article; the form reloads from it. */
  onRestored: () => void;
}

/**
 * Revision history (beyond the spec): every save is a revision written by the database. Each one
 * shows who and when, and what it changed compared with the revision before it.
 */
export function HistoryPanel({ articleId, categoryName, onRestored }: Props) {
  const revisions = useRevisions(articleId);
  // Names for "who" in the history (a failure gives no names, not an error).
  const staff = useStaff();
  const restore = useRestoreRevision(articleId);
  const [open, setOpen] = useState<number | null>(null);
  const name = (id: string | null) =>
    staff.data?.find((p) => p.id === id)?.displayName ?? (id ? id.slice(0, 8) : 'System');
  return (
    <section className="dash-history" aria-labelledby="dash-history-title">
      <h2 id="dash-history-title">History</h2>
      {revisions.isPending && <p>Loading history...</p>}
      {revisions.isError && (
        <p className="dash-error" role="alert">
          {revisions.error.message}
        </p>
      )}
      {restore.isError && (
        <p className="dash-error" role="alert">
          {restore.error.message}
        </p>
      )}
      {revisions.data?.length === 0 && <p className="dash-muted">No saved versions yet.</p>}
      <ol>
        {revisions.data?.map((rev, i, all) => (
          <li key={rev.id} data-revision-id={rev.id}>
            <button
              type="button"
              aria-expanded={open === rev.id}
              onClick={() => setOpen(open === rev.id ? null : rev.id)}
            >
              {i === 0 ? 'Current version' : rev.title}
              {rev.setAside && ' (set aside in a collision)'} — {name(rev.editorId)},{' '}
              <time dateTime={rev.createdAt}>{relativeTime(rev.createdAt)}</time>
            </button>
            {open === rev.id && (
              <div className="dash-history__detail">
                <RevisionChanges before={all[i + 1]} after={rev} categoryName={categoryName} />
                {i > 0 && (
                  <button
                    type="button"
                    disabled={restore.isPending}
                    onClick={() => restore.mutate(rev.id, { onSuccess: onRestored })}
                  >
                    Restore this version
                  </button>
                )}
              </div>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}

function RevisionChanges({
  before,
  after,
  categoryName,
}: {
  before: Revision | undefined;
  after: Revision;
  categoryName: (id: number) => string;
}) {
  const fields: [string, string, string][] = [
    ['Title', before?.title ?? '', after.title],
    ['Excerpt', before?.excerpt ?? '', after.excerpt],
    ['Body', htmlToText(before?.body ?? ''), htmlToText(after.body)],
    [
      'Categories',
      (before?.categoryIds ?? []).map(categoryName).join(', '),
      after.categoryIds.map(categoryName).join(', '),
    ],
  ];
  // Revisions written before every field was kept have no `fields`: only the above compare.
  if (before?.fields && after.fields) {
    const a = before.fields;
    const b = after.fields;
    const pdf = (f: RevisionFields) => (f.isReport ? f.pdfUrl || '(no PDF)' : '(not a report)');
    fields.push(
      ['Featured image', a.heroImageUrl, b.heroImageUrl],
      ['Image reference', a.imageReference, b.imageReference],
      ['Image alt text', a.heroImageAlt, b.heroImageAlt],
      ['Image caption', a.heroImageCaption, b.heroImageCaption],
      ['Report PDF', pdf(a), pdf(b)],
      ['Edited tag', a.showEditedTag ? 'Shown' : 'Hidden', b.showEditedTag ? 'Shown' : 'Hidden'],
      ['SEO title', a.seo.seoTitle, b.seo.seoTitle],
      ['Meta description', a.seo.metaDescription, b.seo.metaDescription],
      ['Keywords', a.seo.keywords.join(', '), b.seo.keywords.join(', ')],
      ['Focus keyword', a.seo.focusKeyword, b.seo.focusKeyword],
    );
  }
  const changed = fields.filter(([, a, b]) => a !== b);
  if (!changed.length) return <p className="dash-muted">No changes to the text or categories.</p>;
  return (
    <dl className="dash-diff">
      {changed.map(([label, a, b]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>
            <TextDiff parts={diffWords(a, b)} />
          </dd>
        </div>
      ))}
    </dl>
  );
}
