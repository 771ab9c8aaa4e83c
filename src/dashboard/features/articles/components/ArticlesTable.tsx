import { Link } from 'wouter';
import { formatArticleDate, formatDateTime } from '../../../../lib/rules/dates.ts';
import { isScheduled } from '../../../shared/rules/schedule.ts';
import { recentSaveSeq } from '../../../shared/publish-state/publish-state.ts';
import { PublishStatus } from '../../../shared/publish-state/PublishStatus.tsx';
import { ARTICLE_FORM, DASHBOARD } from '../../../../lib/messages/dashboard.ts';
import { LABELS } from '../../../../lib/messages/reader.ts';
import type { ArticleRow } from '../api/list-articles.ts';

interface Props {
  rows: ArticleRow[];
  canChangeAuthor: boolean;
  busy: boolean;
  onSetMain: (row: ArticleRow) => void;
  onArchive: (row: ArticleRow) => void;
  onPickAuthor: (row: ArticleRow) => void;
}

/** The table of spec §2: Title, Category, Status, Date, Author, Actions. */
export function ArticlesTable({ rows, canChangeAuthor, busy, onSetMain, onArchive, onPickAuthor }: Props) {
  return (
    <div className="dash-table-wrap">
      <table className="dash-table">
        <thead>
          <tr>
            <th scope="col">Title</th>
            <th scope="col">Category</th>
            <th scope="col">Status</th>
            <th scope="col">Date</th>
            <th scope="col">Author</th>
            <th scope="col">Actions</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const key = row.slug || String(row.id);
            // A scheduled article is not public yet: no main, and Preview rather than View.
            const scheduled = isScheduled(row.status, row.publishedAt);
            const draft = row.status !== 'published' || scheduled;
            const followSeq = recentSaveSeq(row.id);
            return (
              <tr key={row.id} data-article-id={row.id}>
                <td>
                  {row.title}
                  {row.isMain && <span className="dash-badge">Main</span>}
                  {row.editingNames.map((name) => (
                    <span key={name} className="dash-badge dash-badge--editing">
                      {ARTICLE_FORM.editingRow(name)}
                    </span>
                  ))}
                </td>
                <td>{row.categoryNames[0] ?? '—'}</td>
                <td>
                  {row.status === 'published' && followSeq !== undefined ? (
                    <PublishStatus articleId={row.id} seq={followSeq} />
                  ) : scheduled ? (
                    <span className="dash-status dash-publish dash-publish--scheduled">
                      {ARTICLE_FORM.publishState.scheduled(formatDateTime(row.publishedAt))}
                    </span>
                  ) : (
                    <span className={`dash-status dash-status--${row.status}`}>{row.status}</span>
                  )}
                </td>
                <td className="dash-nowrap">{formatArticleDate(row.publishedAt ?? row.createdAt)}</td>
                <td>
                  <button
                    type="button"
                    className="dash-author"
                    disabled={!canChangeAuthor}
                    aria-disabled={!canChangeAuthor}
                    title={canChangeAuthor ? DASHBOARD.selectAuthor : 'Only admins can change the author'}
                    onClick={() => onPickAuthor(row)}
                  >
                    {row.authorName || LABELS.unknownAuthor}
                  </button>
                </td>
                <td>
                  <div className="dash-actions">
                    {!draft && !row.isMain && (
                      <button type="button" disabled={busy} onClick={() => onSetMain(row)}>
                        {DASHBOARD.setAsMain}
                      </button>
                    )}
                    <Link href={`/articles/${row.id}`}>{DASHBOARD.edit}</Link>
                    <button type="button" onClick={() => onArchive(row)}>
                      {DASHBOARD.archive}
                    </button>
                    {draft ? (
                      <a href={`/preview/${key}`}>{DASHBOARD.preview}</a>
                    ) : (
                      <a href={`/article/${key}`}>{DASHBOARD.view}</a>
                    )}
                  </div>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
