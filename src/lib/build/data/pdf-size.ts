/**
 * The size of a report's PDF for its download button ('Download the report (PDF, 1.2 MB)'), read
 * once at build time with a HEAD request. Readers on phones decide whether to download over
 * mobile data from it. Any failure means no size, never a failed build.
 */
export async function pdfSize(url: string): Promise<number | null> {
  try {
    const response = await fetch(url, { method: 'HEAD', signal: AbortSignal.timeout(5_000) });
    const length = Number(response.headers.get('content-length'));
    return response.ok && Number.isFinite(length) && length > 0 ? length : null;
  } catch {
    return null;
  }
}

/** 2048 → '2 KB', 1_258_291 → '1.2 MB' (binary units, as file managers show them). */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  const rounded = value >= 10 ? Math.round(value) : Math.round(value * 10) / 10;
  return `${rounded} ${units[unit]}`;
}
