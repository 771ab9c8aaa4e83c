import { useRef, useState, type ClipboardEvent, type DragEvent } from 'react';
import { ARTICLE_FORM } from '../../../../lib/messages/dashboard-article-form.ts';
import { pdfError } from '../../../shared/rules/article-rules.ts';
import { linkableUrl } from '../../../../lib/rules/article-links.ts';
import { uploadFile, UploadError, type UploadKind } from '../api/upload-file.ts';

interface Props {
  kind: UploadKind;
  label: string;
  url: string;
  onUploaded: (url: string) => void;
  onBusy: (busy: boolean) => void;
}

const DROP = ARTICLE_FORM.drop;

/**
 * A file upload as a drop zone (issue 29): drag a file onto it, paste one while it (or its button)
 * has the focus, or browse. Progress is simulated (to 90 %, then 100 %), the spec's messages
 * follow a failure (§5, §8), and an uploaded file shows with Replace and Remove.
 */
export function UploadField({ kind, label, url, onUploaded, onBusy }: Props) {
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [previewFailed, setPreviewFailed] = useState(false);
  const [over, setOver] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const id = `dash-upload-${kind}`;
  const uploading = progress !== null && progress < 100;

  async function pick(file: File | undefined) {
    if (!file || uploading) return;
    setError(null);
    if (kind === 'pdf') {
      const invalid = pdfError(file);
      if (invalid) return setError(invalid);
    }
    onBusy(true);
    try {
      const publicUrl = await uploadFile(kind, file, setProgress);
      setPreviewFailed(false);
      onUploaded(publicUrl);
    } catch (e) {
      const noUrl = e instanceof UploadError && e.noUrl;
      const reason = e instanceof Error ? e.message : String(e);
      if (kind === 'image') setError(noUrl ? ARTICLE_FORM.imageNoUrl : ARTICLE_FORM.imageUploadFailed(reason));
      else setError(noUrl ? ARTICLE_FORM.pdfNoUrl : ARTICLE_FORM.pdfUploadFailed(reason));
      setProgress(null);
    } finally {
      onBusy(false);
      if (input.current) input.current.value = '';
    }
  }

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    void pick(e.dataTransfer.files[0]);
  };
  const onPaste = (e: ClipboardEvent) => {
    const file = e.clipboardData.files[0];
    if (!file) return;
    e.preventDefault();
    void pick(file);
  };
  const linked = kind === 'pdf' ? linkableUrl(url) : null;

  return (
    <div className="dash-field">
      <label htmlFor={id}>{label}</label>
      <div
        className={over ? 'dash-drop is-over' : 'dash-drop'}
        data-drop={kind}
        onDragOver={(e) => {
          e.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
        onPaste={onPaste}
      >
        <input
          ref={input}
          id={id}
          className="dash-visually-hidden"
          type="file"
          tabIndex={-1}
          accept={kind === 'image' ? 'image/*' : 'application/pdf'}
          onChange={(e) => void pick(e.target.files?.[0])}
        />
        {kind === 'image' && url && !previewFailed && (
          <img
            className="dash-image-preview"
            src={url}
            alt={ARTICLE_FORM.imagePreviewAlt}
            onError={() => setPreviewFailed(true)}
          />
        )}
        {linked && (
          <p className="dash-drop__file">
            <a href={linked} target="_blank" rel="noreferrer">
              {ARTICLE_FORM.uploadedPdf}
            </a>
          </p>
        )}
        {url ? (
          <p className="dash-drop__actions">
            <button type="button" aria-describedby={`${id}-label`} onClick={() => input.current?.click()}>
              {DROP.replace}
            </button>
            <button
              type="button"
              className="dash-danger"
              aria-describedby={`${id}-label`}
              onClick={() => {
                setProgress(null);
                setPreviewFailed(false);
                onUploaded('');
              }}
            >
              {DROP.remove}
            </button>
          </p>
        ) : (
          <p className="dash-drop__hint">
            {kind === 'image' ? DROP.image : DROP.pdf}{' '}
            <button
              type="button"
              className="dash-link-button"
              aria-describedby={`${id}-label`}
              onClick={() => input.current?.click()}
            >
              {DROP.browse}
            </button>
          </p>
        )}
        <span id={`${id}-label`} hidden>
          {label}
        </span>
        {uploading && (
          <p className="dash-drop__progress">
            <progress max={100} value={progress} aria-label={`${label} upload`}>
              {progress}%
            </progress>{' '}
            <span aria-hidden="true">{DROP.uploading(progress)}</span>
          </p>
        )}
      </div>
      {error && (
        <p className="dash-error" role="alert">
          {error}
        </p>
      )}
      {kind === 'image' && url && previewFailed && (
        <p className="dash-error" role="alert">
          {ARTICLE_FORM.imagePreviewFailed}
        </p>
      )}
    </div>
  );
}
