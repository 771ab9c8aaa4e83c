/**
 * Uploads for the article form (spec §4, §7): the featured image to article-images and a PDF
 * report to article-pdfs under reports/, named timestamp-random plus extension, never
 * overwriting. supabase-js reports no progress, so progress is simulated up to 90 % and jumps to
 * 100 % when the upload completes (as the spec describes).
 */
import { getBrowserClient } from '../../../../lib/browser/supabase.ts';
import { uploadName } from '../../../shared/rules/article-rules.ts';

export type UploadKind = 'image' | 'pdf';

export async function uploadFile(kind: UploadKind, file: File, onProgress: (percent: number) => void): Promise<string> {
  const bucket = kind === 'image' ? 'article-images' : 'article-pdfs';
  const path = (kind === 'pdf' ? 'reports/' : '') + uploadName(file.name);
  let percent = 0;
  onProgress(0);
  const timer = setInterval(() => {
    percent = Math.min(90, percent + 10);
    onProgress(percent);
  }, 150);
  try {
    const storage = getBrowserClient().storage.from(bucket);
    const { error } = await storage.upload(path, file, { upsert: false, contentType: file.type });
    if (error) throw new UploadError(error.message, false);
    const url = storage.getPublicUrl(path).data.publicUrl;
    if (!url) throw new UploadError('', true);
    onProgress(100);
    return url;
  } finally {
    clearInterval(timer);
  }
}

/** `noUrl`: the file is stored but no public URL came back (its own message in §8). */
export class UploadError extends Error {
  readonly noUrl: boolean;
  constructor(message: string, noUrl: boolean) {
    super(message);
    this.noUrl = noUrl;
  }
}
