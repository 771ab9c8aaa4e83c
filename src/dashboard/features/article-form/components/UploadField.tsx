import { useState } from 'react';
import { ARTICLE_FORM } from '../../../../lib/messages/dashboard.ts';
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

/** A file upload with simulated progress (to 90 %, then 100 %) and the spec's messages (§5, §8). */
export function UploadField({ kind, label, url, onUploaded, onBusy }: Props) {
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [previewFailed, setPreviewFailed] = useState(false);
  const id = `dash-upload-${kind}`;

  async function pick(file: File | undefined) {
    if (!file) return;
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
    }
  }

  return (
    <div className="dash-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="file"
        accept={kind === 'image' ? 'image/*' : 'application/pdf'}
        onChange={(e) => void pick(e.target.files?.[0])}
      />
      {progress !== null && (
        <progress max={100} value={progress} aria-label={`${label} upload`}>
          {progress}%
        </progress>
      )}
      {error && (
        <p className="dash-error" role="alert">
          {error}
        </p>
      )}
      {kind === 'image' && url && !previewFailed && (
        <img
          className="dash-image-preview"
          src={url}
          alt="Featured image preview"
          onError={() => setPreviewFailed(true)}
        />
      )}
      {kind === 'image' && url && previewFailed && (
        <p className="dash-error" role="alert">
          {ARTICLE_FORM.imagePreviewFailed}
        </p>
      )}
      {kind === 'pdf' && linkableUrl(url) && (
        <p>
          <a href={linkableUrl(url)!} target="_blank" rel="noreferrer">
            Uploaded PDF
          </a>
        </p>
      )}
    </div>
  );
}
