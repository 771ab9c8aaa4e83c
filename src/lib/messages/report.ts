/**
 * The report viewer's texts (src/components/ReportViewer.astro and the page renderer it loads,
 * src/browser/report-render.ts). A file of their own, so the renderer's chunk carries them
 * without pulling in the reader catalogue's shared chunk (and Vite's preload helper with it)
 * before the reader acts.
 */
export const REPORT = {
  heading: 'The report',
  pages: (title: string): string => `Pages of the report: ${title}`,
  page: (n: number, total: number): string => `Page ${n} of ${total}`,
  loading: 'Loading the report’s pages…',
  failed: 'The report’s pages could not be shown here. Download the report to read it.',
  /** With the data saver on, the pages wait for this button instead of loading on their own. */
  showPages: 'Show the report’s pages here',
} as const;
