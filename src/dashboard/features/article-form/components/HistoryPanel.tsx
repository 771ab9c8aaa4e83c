import { useState } from 'react';
import { relativeTime } from '../../../../lib/rules/dates.ts';
import { htmlToText } from '../../../../lib/rules/text.ts';
import { diffWords } from '../text-diff.ts';
import { useStaff } from '../../../shared/staff/queries.ts';
import { useRestoreRevision, useRevisions } from '../api/queries.ts';
import type { Revision, RevisionFields } from '../api/revisions.ts';
import { TextDiff } from './TextDiff.tsx';
import { HISTORY } from '../../../../lib/messages/dashboard-article-form.ts';

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
    staff.data?.find((p) => p.id === id)?.displayName ?? (id ? id.slice(0, 8) : HISTORY.system);
  return (
    <section className="dash-history" aria-labelledby="dash-history-title">
      <h2 id="dash-history-title">{HISTORY.title}</h2>
      {revisions.isPending && <p>{HISTORY.loading}</p>}
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
      {revisions.data?.length === 0 && <p className="dash-muted">{HISTORY.empty}</p>}
      <ol>
        {revisions.data?.map((rev, i, all) => (
          <li key={rev.id} data-revision-id={rev.id}>
            <button
              type="button"
              aria-expanded={open === rev.id}
              onClick={() => setOpen(open === rev.id ? null : rev.id)}
            >
              {i === 0 ? HISTORY.current : rev.title}
              {rev.setAside && HISTORY.setAside} — {name(rev.editorId)},{' '}
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
                    {HISTORY.restore}
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
    [HISTORY.fields.title, before?.title ?? '', after.title],
    [HISTORY.fields.excerpt, before?.excerpt ?? '', after.excerpt],
    [HISTORY.fields.body, htmlToText(before?.body ?? ''), htmlToText(after.body)],
    [
      HISTORY.fields.categories,
      (before?.categoryIds ?? []).map(categoryName).join(', '),
      after.categoryIds.map(categoryName).join(', '),
    ],
  ];
  // Revisions written before every field was kept have no `fields`: only the above compare.
  if (before?.fields && after.fields) {
    const a = before.fields;
    const b = after.fields;
    const pdf = (f: RevisionFields) => (f.isReport ? f.pdfUrl || HISTORY.noPdf : HISTORY.notReport);
    fields.push(
      [HISTORY.fields.featuredImage, a.heroImageUrl, b.heroImageUrl],
      [HISTORY.fields.imageReference, a.imageReference, b.imageReference],
      [HISTORY.fields.imageAlt, a.heroImageAlt, b.heroImageAlt],
      [HISTORY.fields.imageCaption, a.heroImageCaption, b.heroImageCaption],
      [HISTORY.fields.reportPdf, pdf(a), pdf(b)],
      [
        HISTORY.fields.editedTag,
        a.showEditedTag ? HISTORY.shown : HISTORY.hidden,
        b.showEditedTag ? HISTORY.shown : HISTORY.hidden,
      ],
      [HISTORY.fields.seoTitle, a.seo.seoTitle, b.seo.seoTitle],
      [HISTORY.fields.metaDescription, a.seo.metaDescription, b.seo.metaDescription],
      [HISTORY.fields.keywords, a.seo.keywords.join(', '), b.seo.keywords.join(', ')],
      [HISTORY.fields.focusKeyword, a.seo.focusKeyword, b.seo.focusKeyword],
    );
  }
  const changed = fields.filter(([, a, b]) => a !== b);
  if (!changed.length) return <p className="dash-muted">{HISTORY.noChanges}</p>;
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
