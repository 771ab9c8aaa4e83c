import { useEffect, useRef, useState, type KeyboardEvent as ReactKeyboardEvent } from 'react';
import { MODERATION, MODERATION_DESK } from '../../../../lib/messages/dashboard-moderation.ts';
import { Modal } from '../../../shared/components/Modal.tsx';
import { ListPager } from '../../../shared/paging/ListPager.tsx';
import {
  COMMENT_PAGE_SIZE,
  COMMENT_STATES,
  type CommentStatus,
  type ModerationComment,
} from '../api/list-moderation-comments.ts';
import { useModerateComments, useModerationCounts, useModerationPage } from '../api/queries.ts';
import { ACTIONS, CommentItem } from './CommentItem.tsx';
import './comments.css';

type Decision = { ids: number[]; status: CommentStatus };
const BULK_LABEL: Record<CommentStatus, string> = {
  approved: MODERATION_DESK.approveSelected,
  hidden: MODERATION_DESK.denySelected,
  deleted: MODERATION_DESK.deleteSelected,
  pending: MODERATION_DESK.restoreSelected,
};

/** True when a key press belongs to a text field (or a dialog or menu), not to the shortcuts. */
function typing(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (
    target.closest('textarea, select, [contenteditable=""], [contenteditable="true"], [role="dialog"], [role="menu"]')
  )
    return true;
  return target instanceof HTMLInputElement && !['checkbox', 'radio', 'button', 'submit'].includes(target.type);
}

/**
 * Comments Moderation (spec §2, §4) at newsroom volume (issue 29): a tab per state with its count,
 * each paged in the database; select many and decide them in one call; a filter by article; and
 * WordPress's shortcuts for the focused comment (j/k move, a approves, d denies). Delete and
 * Restore ask first (§4), one comment or many. Denied comments leave the Pending list.
 */
export default function CommentsModeration() {
  const [tab, setTab] = useState<CommentStatus>('pending');
  const [article, setArticle] = useState<{ id: number; title: string } | null>(null);
  const [page, setPage] = useState(0);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [current, setCurrent] = useState(0);
  const [confirm, setConfirm] = useState<Decision | null>(null);
  const [notice, setNotice] = useState<{ text: string; error: boolean } | null>(null);
  const byKeyboard = useRef(false);
  const listRef = useRef<HTMLUListElement>(null);
  const tabRefs = useRef<Partial<Record<CommentStatus, HTMLButtonElement | null>>>({});

  const articleId = article?.id ?? null;
  const list = useModerationPage({ status: tab, articleId, page });
  const counts = useModerationCounts(articleId);
  const change = useModerateComments();
  const rows: ModerationComment[] = list.data?.rows ?? [];
  const matching = list.data?.matching ?? 0;
  const pages = Math.ceil(matching / COMMENT_PAGE_SIZE);

  // A page that emptied (its comments decided) gives way to the one before it.
  useEffect(() => {
    if (!list.isPlaceholderData && page > 0 && page >= pages) setPage(Math.max(0, pages - 1));
  }, [list.isPlaceholderData, page, pages]);

  // After a shortcut the focus stays on the list: on the same place, or the last comment.
  useEffect(() => {
    if (!byKeyboard.current || rows.length === 0) return;
    const at = Math.min(current, rows.length - 1);
    if (at !== current) setCurrent(at);
    listRef.current?.querySelectorAll<HTMLElement>('li.dash-comment')[at]?.focus();
  }, [rows, current]);

  const reset = () => {
    setPage(0);
    setSelected(new Set());
    setCurrent(0);
  };
  const decide = (d: Decision) => {
    setNotice(null);
    change.mutate(d, {
      onSuccess: (n) => {
        setSelected(new Set());
        setNotice({ text: MODERATION_DESK.doneMany(n, MODERATION_DESK.done[d.status]), error: false });
      },
      onError: (e) => setNotice({ text: e.message || MODERATION.actionFailed, error: true }),
    });
  };
  const act = (d: Decision) => (d.status === 'deleted' || d.status === 'pending' ? setConfirm(d) : decide(d));

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey || confirm || typing(e.target)) return;
      if (!['j', 'k', 'a', 'd'].includes(e.key) || rows.length === 0) return;
      const items = Array.from(listRef.current?.querySelectorAll<HTMLElement>('li.dash-comment') ?? []);
      const inList = items.findIndex((li) => li.contains(document.activeElement));
      if (e.key === 'j' || e.key === 'k') {
        e.preventDefault();
        byKeyboard.current = true;
        const from = inList === -1 ? current : inList;
        const to = inList === -1 ? from : Math.max(0, Math.min(rows.length - 1, from + (e.key === 'j' ? 1 : -1)));
        setCurrent(to);
        items[to]?.focus();
        return;
      }
      if (inList === -1 || change.isPending) return;
      const c = rows[inList]!;
      const to: CommentStatus = e.key === 'a' ? 'approved' : 'hidden';
      if (!ACTIONS[c.status as CommentStatus].includes(to)) return;
      e.preventDefault();
      byKeyboard.current = true;
      decide({ ids: [c.id], status: to });
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  });

  const onTabKey = (e: ReactKeyboardEvent, at: number) => {
    const next =
      e.key === 'ArrowRight'
        ? at + 1
        : e.key === 'ArrowLeft'
          ? at - 1
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? -1
              : null;
    if (next === null) return;
    e.preventDefault();
    const state = COMMENT_STATES[(next + COMMENT_STATES.length) % COMMENT_STATES.length]!;
    setTab(state);
    reset();
    tabRefs.current[state]?.focus();
  };

  const allOnPage = rows.length > 0 && rows.every((r) => selected.has(r.id));
  const chosen = rows.filter((r) => selected.has(r.id)).map((r) => r.id);
  const emptyText = tab === 'pending' ? MODERATION.empty : MODERATION_DESK.emptyTab[tab];

  return (
    <section className="dash-moderation">
      <h1>{MODERATION.title}</h1>
      <p className="dash-muted">{MODERATION_DESK.shortcuts}</p>
      <div role="tablist" aria-label={MODERATION_DESK.tabsLabel} className="dash-tabs">
        {COMMENT_STATES.map((state, i) => (
          <button
            key={state}
            ref={(el) => {
              tabRefs.current[state] = el;
            }}
            type="button"
            role="tab"
            id={`dash-tab-${state}`}
            aria-selected={tab === state}
            aria-controls="dash-comments-panel"
            tabIndex={tab === state ? 0 : -1}
            onClick={() => {
              setTab(state);
              reset();
            }}
            onKeyDown={(e) => onTabKey(e, i)}
          >
            {MODERATION_DESK.tab(MODERATION_DESK.tabs[state], counts.data?.[state])}
          </button>
        ))}
      </div>
      {article && (
        <p className="dash-filter-note">
          {MODERATION_DESK.articleFilter(article.title)}{' '}
          <button
            type="button"
            className="dash-link"
            onClick={() => {
              setArticle(null);
              reset();
            }}
          >
            {MODERATION_DESK.allArticles}
          </button>
        </p>
      )}
      {notice && (
        <p className={notice.error ? 'dash-error' : 'dash-success'} role={notice.error ? 'alert' : 'status'}>
          {notice.text}
        </p>
      )}
      <div role="tabpanel" id="dash-comments-panel" aria-labelledby={`dash-tab-${tab}`}>
        {tab === 'deleted' && <h2>{MODERATION.deletedSection}</h2>}
        {list.isPending ? (
          <p>{MODERATION.loading}</p>
        ) : list.isError ? (
          <p className="dash-error" role="alert">
            {list.error.message}
          </p>
        ) : rows.length === 0 ? (
          <p>{emptyText}</p>
        ) : (
          <>
            <div className="dash-bulk" role="group" aria-label={MODERATION_DESK.selected(chosen.length)}>
              <label>
                <input
                  type="checkbox"
                  disabled={list.isPlaceholderData}
                  checked={allOnPage}
                  onChange={(e) => setSelected(e.target.checked ? new Set(rows.map((r) => r.id)) : new Set())}
                />{' '}
                {MODERATION_DESK.selectAll}
              </label>
              <span aria-live="polite">{MODERATION_DESK.selected(chosen.length)}</span>
              {ACTIONS[tab].map((to) => (
                <button
                  key={to}
                  type="button"
                  disabled={chosen.length === 0 || change.isPending}
                  onClick={() => act({ ids: chosen, status: to })}
                >
                  {BULK_LABEL[to]}
                </button>
              ))}
            </div>
            <ul className="dash-comments" ref={listRef} aria-label={MODERATION_DESK.listLabel}>
              {rows.map((c, i) => (
                <CommentItem
                  key={c.id}
                  comment={c}
                  busy={change.isPending}
                  selected={selected.has(c.id)}
                  current={i === Math.min(current, rows.length - 1)}
                  onSelect={(on) =>
                    setSelected((s) => {
                      const next = new Set(s);
                      if (on) next.add(c.id);
                      else next.delete(c.id);
                      return next;
                    })
                  }
                  onAction={(status) => act({ ids: [c.id], status })}
                  onFocus={() => setCurrent(i)}
                  onOnlyArticle={
                    article === null && c.article_id !== null
                      ? () => {
                          setArticle({ id: c.article_id!, title: c.article_title || MODERATION.unknownArticle });
                          reset();
                        }
                      : null
                  }
                />
              ))}
            </ul>
            <ListPager
              label={MODERATION.pagerLabel}
              page={page}
              rows={rows.length}
              total={matching}
              size={COMMENT_PAGE_SIZE}
              onPage={(p) => (setPage(p), setSelected(new Set()), setCurrent(0))}
            />
          </>
        )}
      </div>
      {confirm && (
        <Modal
          title={confirm.status === 'deleted' ? MODERATION.confirmDeleteTitle : MODERATION.confirmRestoreTitle}
          onClose={() => setConfirm(null)}
          actions={
            <>
              <button type="button" onClick={() => setConfirm(null)}>
                {MODERATION.cancel}
              </button>
              <button
                type="button"
                onClick={() => {
                  decide(confirm);
                  setConfirm(null);
                }}
              >
                {confirm.status === 'deleted' ? MODERATION.delete : MODERATION.restore}
              </button>
            </>
          }
        >
          <p>
            {confirm.ids.length === 1
              ? confirm.status === 'deleted'
                ? MODERATION.confirmDelete
                : MODERATION.confirmRestore
              : confirm.status === 'deleted'
                ? MODERATION_DESK.confirmDeleteMany(confirm.ids.length)
                : MODERATION_DESK.confirmRestoreMany(confirm.ids.length)}
          </p>
        </Modal>
      )}
    </section>
  );
}
