import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, useState } from 'react';
import { NEWSLETTERS } from '../../../../lib/messages/dashboard-newsletters.ts';
import type { Story } from '../api/newsletters.ts';
import { previewArticles, renderPreview } from '../api/preview.ts';

const WIDTHS = { phone: 375, desktop: 700 } as const;

/** The e-mail as it will be sent, at phone or desktop width, in a sandboxed frame. */
export function IssuePreview(props: { subject: string; preheader: string; introHtml: string; stories: Story[] }) {
  const [width, setWidth] = useState<keyof typeof WIDTHS>('desktop');
  const input = useDeferredValue(props);
  const ids = input.stories.map((s) => s.id);
  const articles = useQuery({
    queryKey: ['newsletters', 'preview-articles', ids],
    queryFn: () => previewArticles(ids),
  });
  const html = useQuery({
    queryKey: ['newsletters', 'preview', input.subject, input.preheader, input.introHtml, articles.data],
    queryFn: () => renderPreview({ ...input, articles: articles.data ?? [] }),
    enabled: articles.data !== undefined,
    placeholderData: (previous) => previous,
  });
  return (
    <section className="newsletter-preview" aria-label={NEWSLETTERS.preview}>
      <h2>{NEWSLETTERS.preview}</h2>
      <div role="group" aria-label={NEWSLETTERS.preview} className="newsletter-preview__widths">
        {(Object.keys(WIDTHS) as (keyof typeof WIDTHS)[]).map((w) => (
          <button key={w} type="button" aria-pressed={width === w} onClick={() => setWidth(w)}>
            {NEWSLETTERS[w]}
          </button>
        ))}
      </div>
      {html.data && (
        <iframe
          title={NEWSLETTERS.previewTitle(NEWSLETTERS[width])}
          sandbox=""
          srcDoc={html.data}
          style={{ width: `${WIDTHS[width]}px` }}
          className="newsletter-preview__frame"
        />
      )}
    </section>
  );
}
