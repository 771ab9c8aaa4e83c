/**
 * Writes the demo PDF for the report article ('JSE climate disclosure review 2026'), built by hand:
 * PDF 1.4, catalog, page tree, two standard Helvetica fonts, one uncompressed text stream per page
 * and an xref table with exact byte offsets. No dependencies, deterministic output.
 *
 *   node scripts/seed/make-report-pdf.ts [out.pdf]
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

export const REPORT_PDF_FILE = 'jse-climate-disclosure-review-2026.pdf';
export const REPORT_TITLE = 'JSE climate disclosure review 2026: how listed companies measure up';

type Block =
  | { kind: 'kicker' | 'title' | 'subtitle' | 'meta' | 'h2' | 'p' | 'bullet' | 'note'; text: string }
  | { kind: 'pagebreak' };

// Plain ASCII only: the fonts use WinAnsiEncoding and the widths table below covers 32..126.
const REPORT: Block[] = [
  { kind: 'kicker', text: 'ESG AFRICA NEWS | RESEARCH REPORT' },
  { kind: 'title', text: 'JSE climate disclosure review 2026' },
  { kind: 'subtitle', text: 'How listed companies measure up' },
  { kind: 'meta', text: 'Published 16 November 2026 | Johannesburg' },
  { kind: 'h2', text: 'Summary' },
  {
    kind: 'p',
    text: "We reviewed the most recent annual, integrated and sustainability reports of 60 of the largest companies listed on the JSE against the main elements of the exchange's climate disclosure guidance and the ISSB's IFRS S2 standard. Climate reporting is now close to universal among large South African companies. Its quality is not.",
  },
  {
    kind: 'p',
    text: 'Most companies describe board oversight of climate-related risks and disclose their direct and electricity-related emissions. Far fewer quantify emissions in their value chains, obtain independent assurance over the numbers, or publish transition plans with costed actions and interim milestones. The gap between describing climate risk and managing it remains wide.',
  },
  { kind: 'h2', text: 'Key findings' },
  { kind: 'bullet', text: '58 of 60 companies disclose Scope 1 and Scope 2 greenhouse gas emissions.' },
  { kind: 'bullet', text: '27 of 60 quantify at least some categories of Scope 3 emissions.' },
  { kind: 'bullet', text: '41 of 60 describe climate scenario analysis; 16 disclose quantified financial effects.' },
  {
    kind: 'bullet',
    text: '22 of 60 obtain independent assurance over emissions data, almost all of it limited assurance.',
  },
  { kind: 'bullet', text: '11 of 60 publish a transition plan with interim targets, actions and capital allocation.' },
  { kind: 'pagebreak' },
  { kind: 'h2', text: '1. Scope and method' },
  {
    kind: 'p',
    text: 'The sample covers the 60 largest companies by market capitalisation with a primary listing on the JSE, across mining, financial services, industrials, retail, telecommunications and property. We scored publicly available reports published in the twelve months to 30 September 2026 against 24 indicators grouped under governance, strategy, risk management, and metrics and targets. Each indicator was scored by two analysts independently and differences were resolved by discussion.',
  },
  { kind: 'h2', text: '2. Governance and strategy' },
  {
    kind: 'p',
    text: 'Board oversight is the most consistently disclosed element. Nearly every company names a board committee responsible for climate, usually the social and ethics committee or a dedicated sustainability committee. Far fewer explain how often the board considers climate, what information it receives, or how climate affected a specific decision such as an acquisition, a capital project or executive remuneration.',
  },
  {
    kind: 'p',
    text: 'Strategy disclosures have improved since our previous review. Most companies identify physical risks such as water scarcity, heat and flooding, and transition risks such as carbon tax, electricity prices and changing demand in export markets. Quantification remains rare: only 16 companies estimate the financial effect of any climate risk on revenue, costs or asset values.',
  },
  { kind: 'h2', text: '3. Metrics and targets' },
  {
    kind: 'p',
    text: 'Scope 1 and 2 disclosure is close to universal, helped by national greenhouse gas reporting and the carbon tax. Scope 3 is the weak point. Banks and insurers in the sample have started to estimate financed emissions for parts of their portfolios, and several mining companies report emissions from the processing of their products, but most retailers and industrials report only business travel and waste.',
  },
  {
    kind: 'p',
    text: 'Forty-four companies have an emissions reduction target. Twenty-nine have a net-zero target, most for 2050. Only 19 set an interim target for 2030 or earlier that covers both Scope 1 and Scope 2 emissions, and only 7 explain how much of their plan depends on carbon offsets.',
  },
  { kind: 'pagebreak' },
  { kind: 'h2', text: '4. Assurance' },
  {
    kind: 'p',
    text: 'Twenty-two companies obtained independent assurance over at least some emissions figures, almost all at the limited level. Two obtained reasonable assurance over Scope 1 and 2 emissions. No company in the sample obtained assurance over its targets or transition plan. As mandatory reporting under the ISSB standards approaches, assurance readiness is the largest gap we identified.',
  },
  { kind: 'h2', text: '5. Transition plans' },
  {
    kind: 'p',
    text: 'We define a credible transition plan as one that sets interim targets, identifies the actions needed to meet them, allocates capital to those actions and explains dependencies such as grid access or technology costs. Eleven companies meet that definition. Renewable energy procurement through wheeling and on-site solar is the most common action disclosed, followed by energy efficiency and fleet changes.',
  },
  { kind: 'h2', text: '6. Recommendations' },
  { kind: 'bullet', text: 'Boards: show at least one decision in which climate information changed the outcome.' },
  {
    kind: 'bullet',
    text: 'Preparers: prioritise the two or three Scope 3 categories that matter most and explain the method.',
  },
  { kind: 'bullet', text: 'Audit committees: plan for assurance over emissions now, starting with limited assurance.' },
  { kind: 'bullet', text: 'Investors: ask which climate numbers were assured, at what level and by whom.' },
  { kind: 'h2', text: 'About this report' },
  {
    kind: 'p',
    text: 'This review was prepared by the ESG Africa News editorial team. Companies were not notified in advance and were not paid to participate. Questions and corrections can be sent through the contact page at esgafricanews.example.',
  },
  {
    kind: 'note',
    text: 'Demonstration document: company counts and findings are illustrative and do not describe any named company.',
  },
];

// Standard Helvetica and Helvetica-Bold advance widths (1/1000 em) for character codes 32..126.
const HELVETICA = [
  278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556, 556, 556, 556,
  556, 556, 556, 278, 278, 584, 584, 584, 556, 1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833,
  722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469, 556, 333, 556, 556, 500, 556,
  556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556, 556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334,
  260, 334, 584,
];
const HELVETICA_BOLD = [
  278, 333, 474, 556, 556, 889, 722, 238, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556, 556, 556, 556,
  556, 556, 556, 333, 333, 584, 584, 584, 611, 975, 722, 722, 722, 722, 667, 611, 778, 722, 278, 556, 722, 611, 833,
  722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 333, 278, 333, 584, 556, 333, 556, 611, 556, 611,
  556, 333, 611, 611, 278, 278, 556, 278, 889, 611, 611, 611, 611, 389, 556, 333, 611, 556, 778, 556, 556, 500, 389,
  280, 389, 584,
];

const PAGE_W = 595; // A4 in points
const PAGE_H = 842;
const MARGIN_X = 64;
const TOP = PAGE_H - 72;
const BOTTOM = 80;
const TEXT_W = PAGE_W - 2 * MARGIN_X;
const BULLET_INDENT = 16;

interface Style {
  font: 'F1' | 'F2';
  size: number;
  leading: number;
  before: number;
  after: number;
  gray: number;
}

const STYLES: Record<Exclude<Block['kind'], 'pagebreak'>, Style> = {
  kicker: { font: 'F2', size: 9, leading: 12, before: 0, after: 18, gray: 0.35 },
  title: { font: 'F2', size: 24, leading: 30, before: 0, after: 4, gray: 0 },
  subtitle: { font: 'F1', size: 16, leading: 21, before: 0, after: 10, gray: 0.2 },
  meta: { font: 'F1', size: 10, leading: 13, before: 0, after: 24, gray: 0.35 },
  h2: { font: 'F2', size: 13, leading: 17, before: 10, after: 6, gray: 0 },
  p: { font: 'F1', size: 10.5, leading: 15, before: 0, after: 9, gray: 0 },
  bullet: { font: 'F1', size: 10.5, leading: 15, before: 0, after: 5, gray: 0 },
  note: { font: 'F1', size: 8.5, leading: 11, before: 14, after: 0, gray: 0.4 },
};

function textWidth(text: string, font: Style['font'], size: number): number {
  const table = font === 'F2' ? HELVETICA_BOLD : HELVETICA;
  let units = 0;
  for (const ch of text) units += table[(ch.codePointAt(0) ?? 32) - 32] ?? 556;
  return (units * size) / 1000;
}

function wrap(text: string, font: Style['font'], size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (line && textWidth(candidate, font, size) > width) {
      lines.push(line);
      line = word;
    } else {
      line = candidate;
    }
  }
  if (line) lines.push(line);
  return lines;
}

function escapePdfString(text: string): string {
  return text.replace(/[\\()]/g, (c) => `\\${c}`);
}

interface PlacedLine {
  x: number;
  y: number;
  style: Style;
  text: string;
}

/** Flows the blocks onto pages; returns one list of placed lines per page. */
function layout(blocks: Block[]): PlacedLine[][] {
  const pages: PlacedLine[][] = [[]];
  let y = TOP;
  const current = (): PlacedLine[] => pages[pages.length - 1]!;
  const newPage = () => {
    pages.push([]);
    y = TOP;
  };
  for (const block of blocks) {
    if (block.kind === 'pagebreak') {
      newPage();
      continue;
    }
    const style = STYLES[block.kind];
    const indent = block.kind === 'bullet' ? BULLET_INDENT : 0;
    const lines = wrap(block.text, style.font, style.size, TEXT_W - indent);
    if (current().length > 0) y -= style.before;
    // Keep headings with at least two lines of what follows.
    const needed = block.kind === 'h2' ? style.leading + 2 * STYLES.p.leading : style.leading;
    if (y - needed < BOTTOM) newPage();
    lines.forEach((text, i) => {
      if (y - style.leading < BOTTOM) newPage();
      y -= style.leading;
      if (block.kind === 'bullet' && i === 0) current().push({ x: MARGIN_X + 4, y, style, text: '-' });
      current().push({ x: MARGIN_X + indent, y, style, text });
    });
    y -= style.after;
  }
  return pages;
}

function pageStream(lines: PlacedLine[], pageNo: number, pageCount: number): string {
  const out: string[] = [];
  // Thin rule under the running header and above the footer.
  out.push('0.75 G 0.5 w', `${MARGIN_X} ${PAGE_H - 50} m ${PAGE_W - MARGIN_X} ${PAGE_H - 50} l S`);
  out.push(`${MARGIN_X} 56 m ${PAGE_W - MARGIN_X} 56 l S`);
  const put = (x: number, y: number, font: string, size: number, gray: number, text: string) =>
    out.push(`BT /${font} ${size} Tf ${gray} g ${x.toFixed(2)} ${y.toFixed(2)} Td (${escapePdfString(text)}) Tj ET`);
  put(MARGIN_X, PAGE_H - 44, 'F2', 8, 0.4, 'ESG Africa News');
  const header = 'JSE climate disclosure review 2026';
  put(PAGE_W - MARGIN_X - textWidth(header, 'F1', 8), PAGE_H - 44, 'F1', 8, 0.4, header);
  for (const line of lines) put(line.x, line.y, line.style.font, line.style.size, line.style.gray, line.text);
  const footer = `Page ${pageNo} of ${pageCount}`;
  put(PAGE_W - MARGIN_X - textWidth(footer, 'F1', 8), 42, 'F1', 8, 0.4, footer);
  put(MARGIN_X, 42, 'F1', 8, 0.4, '(c) 2026 ESG Africa News');
  return out.join('\n') + '\n';
}

/** Builds the complete PDF file. */
export function makeReportPdf(): Buffer {
  const pages = layout(REPORT);
  const objects: string[] = []; // objects[i] is object number i + 1
  const add = (body: string): number => objects.push(body);

  const catalogNo = add(''); // filled in once the page tree number is known
  const pagesNo = add('');
  const fontRegular = add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>');
  const fontBold = add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>');
  const infoNo = add(
    `<< /Title (${escapePdfString(REPORT_TITLE)}) /Author (ESG Africa News) /Subject (Climate disclosure by JSE-listed companies) /Creator (make-report-pdf.ts) /CreationDate (D:20261116080000+02'00') >>`,
  );

  const pageNos: number[] = [];
  pages.forEach((lines, i) => {
    const stream = pageStream(lines, i + 1, pages.length);
    const contentNo = add(`<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}endstream`);
    pageNos.push(
      add(
        `<< /Type /Page /Parent ${pagesNo} 0 R /MediaBox [0 0 ${PAGE_W} ${PAGE_H}] ` +
          `/Resources << /Font << /F1 ${fontRegular} 0 R /F2 ${fontBold} 0 R >> >> /Contents ${contentNo} 0 R >>`,
      ),
    );
  });
  objects[catalogNo - 1] = `<< /Type /Catalog /Pages ${pagesNo} 0 R >>`;
  objects[pagesNo - 1] =
    `<< /Type /Pages /Kids [${pageNos.map((n) => `${n} 0 R`).join(' ')}] /Count ${pageNos.length} >>`;

  // Header with a binary comment so transfer tools treat the file as binary.
  const chunks: Buffer[] = [Buffer.from('%PDF-1.4\n%\xE2\xE3\xCF\xD3\n', 'latin1')];
  let offset = chunks[0]!.length;
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(offset);
    const chunk = Buffer.from(`${i + 1} 0 obj\n${body}\nendobj\n`, 'latin1');
    chunks.push(chunk);
    offset += chunk.length;
  });
  const xrefStart = offset;
  const xref = [
    'xref',
    `0 ${objects.length + 1}`,
    '0000000000 65535 f ',
    ...offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n `),
    'trailer',
    `<< /Size ${objects.length + 1} /Root ${catalogNo} 0 R /Info ${infoNo} 0 R >>`,
    'startxref',
    String(xrefStart),
    '%%EOF',
  ].join('\n');
  chunks.push(Buffer.from(xref + '\n', 'latin1'));
  return Buffer.concat(chunks);
}

const invokedPath = process.argv[1];
if (invokedPath && import.meta.url === pathToFileURL(path.resolve(invokedPath)).href) {
  const out = process.argv[2] ?? REPORT_PDF_FILE;
  const pdf = makeReportPdf();
  fs.mkdirSync(path.dirname(path.resolve(out)), { recursive: true });
  fs.writeFileSync(out, pdf);
  console.log(`Wrote ${out} (${pdf.length} bytes)`);
}
