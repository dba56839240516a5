/**
 * The board pack as PDF (pdfkit): the organisation's name and the period head every page. Text
 * is set in DejaVu Sans when the system has it (any script, embedded with its Unicode map), else
 * in the built-in Helvetica.
 */
import { existsSync } from 'node:fs';
import PDFDocument from 'pdfkit';
import type { changedInPeriod, openActions } from './team-list.queries';
import type { HorizonEvent } from './team-list.service';

export interface ReportData {
  orgName: string;
  from: string;
  to: string;
  generatedAt: string;
  changed: Awaited<ReturnType<typeof changedInPeriod>>;
  actions: Awaited<ReturnType<typeof openActions>>;
  deadlines: HorizonEvent[];
}

const UNICODE_FONTS = [
  '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf',
  '/usr/share/fonts/dejavu/DejaVuSans.ttf',
];
const MARGIN = 50;
const HEADER_SPACE = 40;

const day = (value: Date | string | null) => (value ? new Date(value).toISOString().slice(0, 10) : '—');
const label = (value: string) => value.replace(/_/g, ' ');

export function renderReportPdf(data: ReportData): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: MARGIN + HEADER_SPACE, bottom: MARGIN, left: MARGIN, right: MARGIN },
    bufferPages: true,
    info: { Title: `${data.orgName}: board pack ${data.from} to ${data.to}`, Producer: 'Lexwatch' },
  });
  const font = UNICODE_FONTS.find((path) => existsSync(path));
  if (font) doc.registerFont('body', font);
  const body = font ? 'body' : 'Helvetica';
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  doc.font(body);
  const heading = (text: string) => doc.moveDown(0.8).fontSize(14).text(text).moveDown(0.3).fontSize(10);
  const line = (text: string) => doc.fontSize(10).text(text, { paragraphGap: 4 });

  doc.fontSize(18).text('Board pack');
  doc.fontSize(10).text(`Generated ${data.generatedAt.slice(0, 16).replace('T', ' ')} UTC`);

  heading(`Changes to watched items (${data.changed.length})`);
  if (!data.changed.length) line('No watched item changed in this period.');
  for (const r of data.changed)
    line(
      `${r.title} (${r.legislationType}). Last change ${day(r.lastChangeAt)}; ${r.changes} change(s). ` +
        `Status: ${label(r.status)}; relevance: ${r.relevance ?? '—'}; owner: ${r.owner ?? '—'}; due: ${r.dueDate ?? '—'}.`,
    );

  heading(`Open actions (${data.actions.length})`);
  if (!data.actions.length) line('No open actions.');
  for (const a of data.actions)
    line(`${a.title}. ${label(a.status)}; owner: ${a.owner ?? '—'}; due: ${a.dueDate ?? '—'}.`);

  heading(`Upcoming deadlines, next 90 days (${data.deadlines.length})`);
  if (!data.deadlines.length) line('No dated events ahead.');
  for (const d of data.deadlines) line(`${d.date}: ${label(d.kind)}: ${d.title}`);

  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const top = doc.page.margins.top;
    doc.page.margins.top = 0;
    doc
      .font(body)
      .fontSize(9)
      .text(
        `${data.orgName} · ${data.from} to ${data.to} · page ${i + 1} of ${range.count}`,
        MARGIN,
        MARGIN,
        {
          width: doc.page.width - 2 * MARGIN,
          lineBreak: false,
        },
      );
    doc.page.margins.top = top;
  }
  doc.end();
  return done;
}
