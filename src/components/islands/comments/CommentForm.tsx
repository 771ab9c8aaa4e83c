/**
 * The comment box (spec §2, §5). Signed in: the text box and 'Post Comment' ('Posting...' while
 * sending; disabled when blank or posting); a failure shows a message and keeps the text. Signed
 * out: 'Sign in to comment...' and a 'Sign in to Comment' link to /login that returns here; what
 * the reader types is kept as the pending comment and comes back in this box after login. In the
 * static HTML (session not known yet) the box is disabled, as it is without JavaScript.
 */
import { useEffect, useState } from 'react';
import { isBlank } from '../../../lib/rules/interactions/comment-rules.ts';
import { warmWriteClient } from '../../../lib/browser/interactions/warm-client.ts';
import {
  clearPendingComment,
  readPendingComment,
  storePendingComment,
} from '../../../lib/browser/interactions/pending.ts';
import { INTERACTIONS } from '../../../lib/messages/interactions.ts';
import { LABELS } from '../../../lib/messages/reader.ts';
import { loginHref } from '../../../lib/rules/reader/safe-redirect.ts';

interface Props {
  articleId: number;
  path: string;
  /** undefined until the session is read in the browser. */
  userId: string | null | undefined;
  onPost(text: string): Promise<boolean>;
}

export function CommentForm({ articleId, path, userId, onPost }: Props) {
  const [text, setText] = useState('');
  const [posting, setPosting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const known = userId !== undefined && articleId > 0;

  useEffect(() => {
    if (!known) return;
    const pending = readPendingComment(articleId);
    if (pending !== null) setText((typed) => typed || pending);
    // Back with a session: the text is in the box now, the key has done its job.
    if (userId) clearPendingComment();
  }, [known, userId, articleId]);

  const change = (value: string) => {
    setText(value);
    setError(null);
    if (!userId) storePendingComment(articleId, value);
  };

  if (!userId) {
    return (
      <div className="comment-form">
        <label className="visually-hidden" htmlFor="comment-text">
          {INTERACTIONS.commentLabel}
        </label>
        <textarea
          id="comment-text"
          rows={3}
          placeholder={LABELS.commentPlaceholderSignedOut}
          disabled={!known}
          value={text}
          onChange={(e) => change(e.target.value)}
        />
        <p className="comment-buttons">
          <a className="button" href={loginHref(`${path}#comments`)}>
            {LABELS.signInToComment}
          </a>
        </p>
      </div>
    );
  }

  const blank = isBlank(text);
  return (
    <form
      className="comment-form"
      onSubmit={(event) => {
        event.preventDefault();
        if (blank || posting) return;
        // A failure's message goes once the reader tries again.
        setError(null);
        setPosting(true);
        onPost(text)
          .then(
            (posted) => posted && setText(''),
            // The catalogue's words for a refusal (too long, too many), else the spec's failure.
            (e: unknown) => setError((e instanceof Error && e.message) || INTERACTIONS.commentPostFailed),
          )
          .finally(() => setPosting(false));
      }}
    >
      <label className="visually-hidden" htmlFor="comment-text">
        {INTERACTIONS.commentLabel}
      </label>
      <textarea
        id="comment-text"
        rows={3}
        value={text}
        onFocus={warmWriteClient}
        onChange={(e) => change(e.target.value)}
      />
      <p className="comment-buttons">
        <button type="submit" className="button" disabled={blank || posting}>
          {posting ? LABELS.posting : INTERACTIONS.postComment}
        </button>
      </p>
      <div role="alert" className="comment-error">
        {error}
      </div>
    </form>
  );
}
