import type { ReportData, ReportSectionData } from '@shared/api/reports';
import { SCHEDULE_MESSAGES } from '@shared/api/reportSchedules';
import { reportChange, reportCount, reportMoney, reportPercent, reportRange } from '@shared/reportFormat';

import { escapeHtml } from '../../lib/html';
import type { MailAttachment } from '../../mail/mailer';

/**
 * The e-mail a scheduled report is sent as: a short HTML summary that common mail clients read
 * (tables and inline styles, no CSS classes or scripts; images inline as cid: attachments so no
 * client fetches anything), its plain-text twin, and the PDF attached with every section.
 */

const PRODUCT_COLOUR = '#1f5fbf';
const CHART_CID = 'spend-chart';
const LOGO_CID = 'brand-logo';
const CHART_WIDTH = 560;
const CHART_HEIGHT = 120;

export interface ReportEmailInput {
  data: ReportData;
  /** The brand's PNG logo, shown inline (many mail clients do not draw SVG). */
  logoPng: Buffer | null;
  pdf: { fileName: string; bytes: Buffer };
}

export interface ReportEmail {
  subject: string;
  text: string;
  html: string;
  attachments: MailAttachment[];
}

type Headline = Extract<ReportSectionData, { key: 'headline' }>;
type Chart = Extract<ReportSectionData, { key: 'chart' }>;
type Platforms = Extract<ReportSectionData, { key: 'platforms' }>;

const sectionOf = <K extends ReportSectionData['key']>(data: ReportData, key: K) =>
  data.sections.find((section) => section.key === key) as Extract<ReportSectionData, { key: K }> | undefined;

/** The headline figures as label, value and change lines (the text part, and the HTML's cells). */
function headlineFigures(headline: Headline, currency: string) {
  const { summary, change } = headline;
  return [
    { label: 'Spend', value: reportMoney(summary.spend, currency), change: reportChange(change.spend) },
    { label: 'Impressions', value: reportCount(summary.impressions), change: reportChange(change.impressions) },
    { label: 'CTR', value: reportPercent(summary.ctr), change: reportChange(change.ctr) },
    { label: 'Conversions', value: reportCount(summary.conversions), change: reportChange(change.conversions) },
  ];
}

/** The daily spend as a PNG line chart (drawn from SVG by sharp), for the HTML part. */
async function spendChartPng(chart: Chart, colour: string): Promise<Buffer | null> {
  // Loaded by the first chart, not at start (docs/operations.md#memory).
  const { default: sharp } = await import('sharp');
  const values = chart.series.map((point) => point.spend);
  if (values.length < 2) return null;
  const max = Math.max(...values, 0);
  const pad = 6;
  const x = (index: number) => pad + (index * (CHART_WIDTH - 2 * pad)) / (values.length - 1);
  const y = (value: number) =>
    max === 0 ? CHART_HEIGHT - pad : CHART_HEIGHT - pad - (value / max) * (CHART_HEIGHT - 2 * pad);
  const points = values.map((value, index) => `${x(index).toFixed(1)},${y(value).toFixed(1)}`).join(' ');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${CHART_WIDTH}" height="${CHART_HEIGHT}" viewBox="0 0 ${CHART_WIDTH} ${CHART_HEIGHT}">
<rect width="100%" height="100%" fill="#ffffff"/>
<line x1="0" y1="${CHART_HEIGHT - pad}" x2="${CHART_WIDTH}" y2="${CHART_HEIGHT - pad}" stroke="#d6dbe4" stroke-width="1"/>
<polyline points="${points}" fill="none" stroke="${colour}" stroke-width="2.5" stroke-linejoin="round"/></svg>`;
  // Twice the size, so it stays sharp on high-density screens.
  return sharp(Buffer.from(svg), { density: 144 }).png().toBuffer();
}

const cellStyle = 'padding:8px 12px;border-bottom:1px solid #e3e7ee;font-size:14px;';

function platformsHtml(platforms: Platforms, currency: string): string {
  if (!platforms.rows.length) return '';
  const rows = platforms.rows
    .map(
      (row) =>
        `<tr><td style="${cellStyle}">${escapeHtml(row.label)}</td><td style="${cellStyle}text-align:right">${escapeHtml(reportMoney(row.totals.spend, currency))}</td><td style="${cellStyle}text-align:right">${escapeHtml(reportCount(row.totals.conversions))}</td></tr>`,
    )
    .join('');
  return `<h2 style="font-size:16px;margin:24px 0 8px">${escapeHtml(platforms.title)}</h2>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="border-collapse:collapse"><tr><th align="left" style="${cellStyle}">Platform</th><th align="right" style="${cellStyle}">Spend</th><th align="right" style="${cellStyle}">Conversions</th></tr>${rows}</table>`;
}

/** Builds the report's e-mail for one recipient (every recipient gets their own copy: no one sees the others' addresses). */
export async function reportEmail({ data, logoPng, pdf }: ReportEmailInput): Promise<ReportEmail> {
  const currency = data.report.currency;
  const range = reportRange(data.period.from, data.period.to);
  const colour = data.brand.primary_color ?? PRODUCT_COLOUR;
  const headline = sectionOf(data, 'headline');
  const chart = sectionOf(data, 'chart');
  const platforms = sectionOf(data, 'platforms');
  const figures = headline ? headlineFigures(headline, currency) : [];
  const chartPng = chart ? await spendChartPng(chart, colour) : null;
  const comment = data.comment?.trim() || null;

  const text = [
    `${data.brand.name}: ${data.report.name}`,
    data.period.label,
    '',
    ...(comment ? [`A note from ${data.brand.name}:`, comment, ''] : []),
    ...figures.map((figure) => `${figure.label}: ${figure.value} (${figure.change} vs previous period)`),
    ...(platforms?.rows.length
      ? [
          '',
          ...platforms.rows.map(
            (row) =>
              `${row.label}: ${reportMoney(row.totals.spend, currency)} spent, ${reportCount(row.totals.conversions)} conversions`,
          ),
        ]
      : []),
    '',
    `The full report is attached as a PDF (${pdf.fileName}).`,
  ].join('\n');

  const figureCells = figures
    .map(
      (figure) =>
        `<td width="25%" valign="top" style="padding:12px;border:1px solid #e3e7ee"><div style="font-size:12px;color:#566">${escapeHtml(figure.label)}</div><div style="font-size:18px;font-weight:bold">${escapeHtml(figure.value)}</div><div style="font-size:12px;color:#566">${escapeHtml(figure.change)} vs previous period</div></td>`,
    )
    .join('');
  const logo = logoPng
    ? `<img src="cid:${LOGO_CID}" alt="" height="32" style="display:block;height:32px;margin-bottom:8px;border:0">`
    : '';
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(data.report.name)}</title></head>
<body style="margin:0;padding:0;background:#f5f7fb;font-family:Arial,Helvetica,sans-serif;color:#1b2430">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f5f7fb"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="600" cellpadding="0" cellspacing="0" style="max-width:600px;width:100%;background:#ffffff;border-radius:8px;overflow:hidden">
<tr><td style="background:${colour};color:#ffffff;padding:20px 24px">${logo}<div style="font-size:13px">${escapeHtml(data.brand.name)}</div><h1 style="margin:4px 0 0;font-size:22px;color:#ffffff">${escapeHtml(data.report.name)}</h1><div style="font-size:14px;margin-top:4px">${escapeHtml(range)}</div></td></tr>
<tr><td style="padding:20px 24px">
${comment ? `<div style="border-left:4px solid ${colour};padding:8px 12px;margin-bottom:16px;background:#f5f7fb"><div style="font-size:12px;color:#566">A note from ${escapeHtml(data.brand.name)}</div><div style="white-space:pre-wrap">${escapeHtml(comment)}</div></div>` : ''}
${figures.length ? `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="border-collapse:collapse"><tr>${figureCells}</tr></table>` : ''}
${chartPng ? `<h2 style="font-size:16px;margin:24px 0 8px">Spend, day by day</h2><img src="cid:${CHART_CID}" width="${CHART_WIDTH}" alt="Daily spend from ${escapeHtml(range)}" style="display:block;width:100%;max-width:${CHART_WIDTH}px;height:auto;border:0">` : ''}
${platforms ? platformsHtml(platforms, currency) : ''}
<p style="margin:24px 0 0;font-size:14px">The full report is attached as a PDF (${escapeHtml(pdf.fileName)}).</p>
</td></tr></table></td></tr></table></body></html>`;

  const attachments: MailAttachment[] = [
    { fileName: pdf.fileName, contentType: 'application/pdf', content: pdf.bytes },
  ];
  if (chartPng)
    attachments.push({ fileName: 'spend.png', contentType: 'image/png', content: chartPng, contentId: CHART_CID });
  if (logoPng)
    attachments.push({ fileName: 'logo.png', contentType: 'image/png', content: logoPng, contentId: LOGO_CID });
  return { subject: SCHEDULE_MESSAGES.sentSubject(data.report.name, range), text, html, attachments };
}
