import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation, useParams } from 'wouter';
import { NEWSLETTERS } from '../../../../lib/messages/dashboard-newsletters.ts';
import { Modal } from '../../../shared/components/Modal.tsx';
import { RichTextEditor } from '../../../shared/components/RichTextEditor.tsx';
import { Spinner } from '../../../shared/components/Spinner.tsx';
import { johannesburgToIso } from '../../../shared/rules/schedule.ts';
import type { StaffSession } from '../../../shared/session/get-staff-session.ts';
import {
  loadIssue,
  recipientCount,
  saveIssue,
  sendIssue,
  sendTest,
  unscheduleIssue,
  weekStories,
  type IssueDraft,
  type Story,
} from '../api/newsletters.ts';
import { addStory, moveStory, nextFridayMorning, sendProblem } from '../newsletter-rules.ts';
import { newsletterRefusal } from '../refusals.ts';
import { IssuePreview } from './IssuePreview.tsx';
import { StorySearch } from './StorySearch.tsx';
import './newsletters.css';

type Notice = { tone: 'success' | 'error'; text: string } | null;
type Confirm = { count: number; at: string | null } | null;

/** Loads the issue (or the week's stories for a new one), then the form. */
export default function IssueEditorScreen({ session }: { session: StaffSession }) {
  const params = useParams<{ id?: string }>();
  const id = params.id ? Number(params.id) : null;
  // A new issue's first save moves the address to /newsletters/<id>: the same form stays (with
  // its open dialog), it is not loaded again.
  const created = useRef<{ id: number; initial: IssueDraft } | null>(null);
  const keepNew = created.current !== null && created.current.id === id;
  const issue = useQuery({
    queryKey: ['newsletters', 'issue', id],
    queryFn: async (): Promise<IssueDraft> =>
      id !== null
        ? loadIssue(id)
        : {
            id: null,
            subject: '',
            preheader: '',
            introHtml: '',
            stories: await weekStories(),
            status: 'draft',
            scheduledAt: null,
          },
    staleTime: Infinity,
    enabled: !keepNew,
  });
  if (keepNew) {
    return <IssueEditor key="new" initial={created.current!.initial} session={session} />;
  }
  if (issue.isPending) {
    return (
      <section>
        <h1>{id === null ? NEWSLETTERS.newTitle : NEWSLETTERS.editTitle}</h1>
        <p>{id === null ? NEWSLETTERS.loadingWeek : NEWSLETTERS.loading}</p>
        <Spinner />
      </section>
    );
  }
  if (issue.isError) {
    return (
      <section>
        <h1>{NEWSLETTERS.editTitle}</h1>
        <p className="dash-error" role="alert">
          {NEWSLETTERS.loadError(newsletterRefusal(issue.error))}
        </p>
      </section>
    );
  }
  const data = issue.data;
  return (
    <IssueEditor
      key={id ?? 'new'}
      initial={data}
      session={session}
      onCreated={(newId) => (created.current = { id: newId, initial: data })}
    />
  );
}

function IssueEditor({
  initial,
  session,
  onCreated,
}: {
  initial: IssueDraft;
  session: StaffSession;
  onCreated?: (id: number) => void;
}) {
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  const uid = useId();
  const [id, setId] = useState(initial.id);
  const [subject, setSubject] = useState(initial.subject);
  const [preheader, setPreheader] = useState(initial.preheader);
  const [introHtml, setIntroHtml] = useState(initial.introHtml);
  const [stories, setStories] = useState<Story[]>(initial.stories);
  const [sendAt, setSendAt] = useState(nextFridayMorning());
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);
  const [confirm, setConfirm] = useState<Confirm>(null);
  const isAdmin = session.role === 'admin';
  const editable = initial.status === 'draft';

  useEffect(() => {
    if (id === null || initial.id !== null) return;
    onCreated?.(id);
    navigate(`/newsletters/${id}`, { replace: true });
  }, [id, initial.id, navigate, onCreated]);

  /** Saves the draft; returns its id (null when the save failed, with the notice set). */
  async function save(): Promise<number | null> {
    try {
      const saved = Number(await saveIssue({ id, subject, preheader, introHtml, stories }));
      setId(saved);
      void queryClient.invalidateQueries({ queryKey: ['newsletters', 'history'] });
      return saved;
    } catch (e) {
      setNotice({ tone: 'error', text: newsletterRefusal(e) });
      return null;
    }
  }

  async function run(action: () => Promise<void>) {
    if (busy) return;
    setBusy(true);
    setNotice(null);
    try {
      await action();
    } catch (e) {
      setNotice({ tone: 'error', text: newsletterRefusal(e) });
    } finally {
      setBusy(false);
    }
  }

  const onSave = () =>
    run(async () => {
      if ((await save()) !== null) setNotice({ tone: 'success', text: NEWSLETTERS.saved });
    });

  const onTest = () =>
    run(async () => {
      const saved = await save();
      if (saved === null) return;
      await sendTest(saved);
      setNotice({ tone: 'success', text: NEWSLETTERS.testSent(session.email ?? '') });
    });

  const askSend = (scheduled: boolean) =>
    run(async () => {
      const problem = sendProblem(subject, stories);
      if (problem) return setNotice({ tone: 'error', text: problem });
      const at = scheduled ? johannesburgToIso(sendAt) : null;
      if (scheduled && (!at || new Date(at).getTime() <= Date.now())) {
        return setNotice({ tone: 'error', text: NEWSLETTERS.scheduleInPast });
      }
      if ((await save()) === null) return;
      setConfirm({ count: await recipientCount(), at });
    });

  const doSend = () =>
    run(async () => {
      const c = confirm!;
      setConfirm(null);
      const n = await sendIssue(id!, c.at);
      await queryClient.invalidateQueries({ queryKey: ['newsletters'] });
      setNotice({
        tone: 'success',
        text: c.at ? NEWSLETTERS.scheduledNotice(sendAt.replace('T', ' ')) : NEWSLETTERS.sentNotice(n),
      });
      navigate('/newsletters');
    });

  const onUnschedule = () =>
    run(async () => {
      await unscheduleIssue(id!);
      await queryClient.invalidateQueries({ queryKey: ['newsletters'] });
      navigate(`/newsletters/${id}`, { replace: true });
      window.location.reload();
    });

  return (
    <section className="newsletter-editor">
      <p>
        <Link href="/newsletters">{NEWSLETTERS.back}</Link>
      </p>
      <h1>{id === null ? NEWSLETTERS.newTitle : NEWSLETTERS.editTitle}</h1>
      {!editable && (
        <p className="dash-note" role="status">
          {initial.status === 'scheduled' ? NEWSLETTERS.scheduledLocked : NEWSLETTERS.locked}
        </p>
      )}
      {initial.status === 'scheduled' && isAdmin && (
        <button type="button" onClick={() => void onUnschedule()} disabled={busy}>
          {NEWSLETTERS.unschedule}
        </button>
      )}
      <fieldset disabled={!editable || busy} className="newsletter-editor__fields">
        <label htmlFor={`${uid}-subject`}>{NEWSLETTERS.subject}</label>
        <input
          id={`${uid}-subject`}
          value={subject}
          maxLength={200}
          required
          onChange={(e) => setSubject(e.target.value)}
        />
        <label htmlFor={`${uid}-preheader`}>{NEWSLETTERS.preheader}</label>
        <input
          id={`${uid}-preheader`}
          value={preheader}
          maxLength={200}
          onChange={(e) => setPreheader(e.target.value)}
        />
        <span className="newsletter-editor__label" id={`${uid}-intro-label`}>
          {NEWSLETTERS.intro}
        </span>
        {editable ? (
          <div aria-labelledby={`${uid}-intro-label`} role="group">
            <RichTextEditor
              id={`${uid}-intro`}
              title={NEWSLETTERS.intro}
              value={introHtml}
              onChange={setIntroHtml}
              onNormalized={() => {}}
              height={260}
            />
          </div>
        ) : null}
        <h2>{NEWSLETTERS.stories}</h2>
        <p className="dash-hint">{NEWSLETTERS.storiesHint}</p>
        {stories.length === 0 ? (
          <p>{NEWSLETTERS.noStories}</p>
        ) : (
          <ol className="newsletter-stories" data-newsletter-stories>
            {stories.map((s, i) => (
              <li key={s.id}>
                <span className="newsletter-stories__title">{s.title}</span>
                <button
                  type="button"
                  aria-label={NEWSLETTERS.moveUp(s.title)}
                  disabled={i === 0}
                  onClick={() => setStories(moveStory(stories, i, -1))}
                >
                  ↑
                </button>
                <button
                  type="button"
                  aria-label={NEWSLETTERS.moveDown(s.title)}
                  disabled={i === stories.length - 1}
                  onClick={() => setStories(moveStory(stories, i, 1))}
                >
                  ↓
                </button>
                <button
                  type="button"
                  aria-label={NEWSLETTERS.remove(s.title)}
                  onClick={() => setStories(stories.filter((x) => x.id !== s.id))}
                >
                  ✕
                </button>
              </li>
            ))}
          </ol>
        )}
        {editable && <StorySearch onAdd={(s) => setStories(addStory(stories, s))} />}
      </fieldset>

      <IssuePreview subject={subject} preheader={preheader} introHtml={introHtml} stories={stories} />

      {notice && (
        <p className={notice.tone === 'error' ? 'dash-error' : 'dash-success'} role="status">
          {notice.text}
        </p>
      )}
      {editable && (
        <div className="newsletter-editor__actions">
          <button type="button" onClick={() => void onSave()} disabled={busy}>
            {busy ? NEWSLETTERS.saving : NEWSLETTERS.save}
          </button>
          <button type="button" onClick={() => void onTest()} disabled={busy}>
            {NEWSLETTERS.sendTest}
          </button>
          {isAdmin ? (
            <>
              <button type="button" className="is-primary" onClick={() => void askSend(false)} disabled={busy}>
                {NEWSLETTERS.sendNow}
              </button>
              <label htmlFor={`${uid}-at`}>{NEWSLETTERS.scheduleAt}</label>
              <input
                id={`${uid}-at`}
                type="datetime-local"
                value={sendAt}
                onChange={(e) => setSendAt(e.target.value)}
              />
              <button type="button" onClick={() => void askSend(true)} disabled={busy}>
                {NEWSLETTERS.schedule}
              </button>
            </>
          ) : (
            <p className="dash-hint">{NEWSLETTERS.adminsSend}</p>
          )}
        </div>
      )}
      {confirm && (
        <Modal
          title={confirm.at ? NEWSLETTERS.confirmScheduleTitle : NEWSLETTERS.confirmSendTitle}
          onClose={() => setConfirm(null)}
          actions={
            <>
              <button type="button" onClick={() => setConfirm(null)}>
                {NEWSLETTERS.cancel}
              </button>
              <button type="button" className="is-primary" onClick={() => void doSend()}>
                {confirm.at ? NEWSLETTERS.confirmScheduleButton : NEWSLETTERS.confirm}
              </button>
            </>
          }
        >
          <p>
            {confirm.at
              ? NEWSLETTERS.confirmSchedule(confirm.count, sendAt.replace('T', ' '))
              : NEWSLETTERS.confirmSend(confirm.count)}
          </p>
        </Modal>
      )}
    </section>
  );
}
