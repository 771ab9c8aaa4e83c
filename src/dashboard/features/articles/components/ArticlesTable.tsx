import { Link } from 'wouter';
import { formatArticleDate, formatDateTime } from '../../../../lib/rules/dates.ts';
import { isScheduled } from '../../../shared/rules/schedule.ts';
import { recentSaveSeq } from '../../../shared/publish-state/publish-state.ts';
import { PublishStatus } from '../../../shared/publish-state/PublishStatus.tsx';
import { ActionMenu, type MenuAction } from '../../../shared/components/ActionMenu.tsx';
import { DASHBOARD, WORKLIST } from '../../../../lib/messages/dashboard.ts';
import { ARTICLE_FORM } from '../../../../lib/messages/dashboard-article-form.ts';
import { LABELS } from '../../../../lib/messages/reader.ts';
import type { ArticleRow, SortColumn } from '../api/list-articles.ts';

interface Props {
  rows: ArticleRow[];
  canChangeAuthor: boolean;
  busy: boolean;
  /** The rows shown are the last query's while the new one loads (a search being typed). */
  stale: boolean;
  sort: SortColumn;
  desc: boolean;
  onSort: (column: SortColumn) => void;
  onSetMain: (row: ArticleRow) => void;
  onArchive: (row: ArticleRow) => void;
  onPickAuthor: (row: ArticleRow) => void;
}

const COLUMNS: SortColumn[] = ['title', 'category', 'status', 'date', 'author'];

/**
 * The table of spec §2 (Title, Category, Status, Date, Author, Actions) as a worklist: every
 * column header sorts (aria-sort says how), and each row has one line of actions, the frequent
 * one as a button and the rest in a menu. Rows the caller may not edit (a colleague's article)
 * offer View alone, which opens it read-only: the database would refuse the rest.
 */
export function ArticlesTable({
  rows,
  canChangeAuthor,
  busy,
  stale,
  sort,
  desc,
  onSort,
  onSetMain,
  onArchive,
  onPickAuthor,
}: Props) {
  return (
    <div className="dash-table-wrap">
      <table className="dash-table dash-worklist" aria-busy={stale}>
        <thead>
          <tr>
            {COLUMNS.map((column) => {
              const current = sort === column;
              return (
                <th key={column} scope="col" aria-sort={current ? (desc ? 'descending' : 'ascending') : undefined}>
                  <button
                    type="button"
                    className="dash-sort"
                    title={WORKLIST.sortBy(WORKLIST.columns[column])}
                    onClick={() => onSort(column)}
                  >
                    {WORKLIST.columns[column]}
                    <span aria-hidden="true">{current ? (desc ? ' ↓' : ' ↑') : ' ↕'}</span>
                  </button>
                </th>
              );
            })}
            <th scope="col">{WORKLIST.actions}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const key = row.slug || String(row.id);
            // A scheduled article is not public yet: no main, and Preview rather than View.
            const scheduled = isScheduled(row.status, row.publishedAt);
            const draft = row.status !== 'published' || scheduled;
            const followSeq = recentSaveSeq(row.id);
            const more: MenuAction[] = [];
            if (row.canEdit && !draft && !row.isMain && !busy) {
              more.push({ label: DASHBOARD.setAsMain, onSelect: () => onSetMain(row) });
            }
            if (row.canEdit) {
              more.push(
                draft
                  ? { label: DASHBOARD.preview, href: `/preview/${key}` }
                  : { label: DASHBOARD.view, href: `/article/${key}` },
              );
              more.push({ label: DASHBOARD.archive, onSelect: () => onArchive(row) });
            }
            return (
              <tr key={row.id} data-article-id={row.id}>
                <td>
                  {row.title}
                  {row.isMain && <span className="dash-badge">{WORKLIST.mainBadge}</span>}
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
                    title={canChangeAuthor ? DASHBOARD.selectAuthor : WORKLIST.onlyAdminsChangeAuthor}
                    onClick={() => onPickAuthor(row)}
                  >
                    {row.authorName || LABELS.unknownAuthor}
                  </button>
                </td>
                <td>
                  <div className="dash-row-actions">
                    <Link href={`/articles/${row.id}`} className="dash-row-primary">
                      {row.canEdit ? DASHBOARD.edit : DASHBOARD.view}
                    </Link>
                    <ActionMenu label={WORKLIST.more} accessibleName={WORKLIST.moreActions(row.title)} actions={more} />
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
