import { Box, Paper, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { PACING_STATUS_LABELS } from '@shared/api/budgets';
import type { CampaignRow, PlatformAttribution } from '@shared/api/dashboard';
import type { FirstPartyFigures } from '@shared/api/firstParty';
import type { ReportAdRow, ReportData, ReportSectionData } from '@shared/api/reports';
import { PLATFORM_LABELS } from '@shared/constants';
import {
  conversionsBasis,
  FIRST_PARTY_HEADING,
  firstPartyFigureTexts,
  platformClaimSentences,
  windowsSentence,
} from '@shared/firstPartyFormat';
import { reportChange, reportCount, reportDay, reportMoney, reportPercent } from '@shared/reportFormat';
import { useId } from 'react';

/** A report's data as a page: the same sections, figures and words as its PDF (the server's @shared/reportFormat). */

function SimpleTable({ caption, head, rows }: { caption: string; head: string[]; rows: string[][] }) {
  return (
    <Table size="small" aria-label={caption}>
      <TableHead>
        <TableRow>
          {head.map((label, index) => (
            <TableCell key={label} align={index === 0 ? 'left' : 'right'}>
              {label}
            </TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((row, r) => (
          <TableRow key={r}>
            {row.map((value, index) => (
              <TableCell key={index} align={index === 0 ? 'left' : 'right'}>
                {value}
              </TableCell>
            ))}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

const ENTITY_HEAD = ['Spend', 'Clicks', 'CTR', 'Conversions'];
const campaignCells = (rows: CampaignRow[], currency: string) =>
  rows.map((row) => [
    `${row.name} (${PLATFORM_LABELS[row.platform]})`,
    reportMoney(row.spend, currency),
    reportCount(row.clicks),
    reportPercent(row.ctr),
    reportCount(row.conversions),
  ]);
const adCells = (rows: ReportAdRow[], currency: string) =>
  rows.map((row) => [
    `${row.name} (${PLATFORM_LABELS[row.platform]})`,
    reportMoney(row.spend, currency),
    reportCount(row.clicks),
    reportPercent(row.ctr),
    reportCount(row.conversions),
  ]);

/** A sparkline of one series, with its meaning in its label (the figures are in the tables). */
function Sparkline({ label, values }: { label: string; values: number[] }) {
  const max = Math.max(0, ...values);
  const width = 300;
  const height = 48;
  const points = values
    .map(
      (value, index) =>
        `${values.length <= 1 ? width / 2 : (index * width) / (values.length - 1)},${max === 0 ? height : height - (value / max) * height}`,
    )
    .join(' ');
  return (
    <Box>
      <Typography variant="subtitle2">{label}</Typography>
      <svg
        role="img"
        aria-label={`${label}, day by day`}
        width="100%"
        height={height}
        viewBox={`0 0 ${width} ${height}`}
        preserveAspectRatio="none"
      >
        <polyline points={points} fill="none" stroke="currentColor" strokeWidth={1.5} />
      </svg>
    </Box>
  );
}

/** Whose the conversions are: each platform's own claim under its window, possibly counted twice where added up. */
function ConversionsNote({ attribution }: { attribution: PlatformAttribution[] }) {
  const windows = windowsSentence(attribution);
  return (
    <Typography variant="body2" color="text.secondary">
      {`Conversions: ${conversionsBasis(attribution.length)}.`}
      {windows && ` ${windows}`}
    </Typography>
  );
}

/** The workspace's own numbers beside the platforms': the blended figures and each platform's claim. */
function FirstPartyBlock({
  figures,
  currency,
  periodDays,
}: {
  figures: FirstPartyFigures;
  currency: string;
  periodDays: number;
}) {
  const headingId = useId();
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography id={headingId} variant="subtitle1" component="h4" sx={{ fontWeight: 700, mb: 1 }}>
        {FIRST_PARTY_HEADING}
      </Typography>
      <Box
        component="dl"
        sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(3, 1fr)' }, gap: 2, m: 0 }}
      >
        {firstPartyFigureTexts(figures, currency, periodDays).map((figure) => (
          <Box key={figure.label}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {figure.label}
            </Typography>
            <Typography component="dd" variant="h6" sx={{ m: 0 }}>
              {figure.value}
            </Typography>
            <Typography component="dd" variant="caption" color="text.secondary" sx={{ m: 0 }}>
              {figure.help}
            </Typography>
          </Box>
        ))}
      </Box>
      {figures.platforms.length > 0 && (
        <Box component="ul" sx={{ mt: 1, mb: 0, pl: 2.5 }}>
          {platformClaimSentences(figures).map((sentence) => (
            <Typography component="li" variant="body2" key={sentence}>
              {sentence}
            </Typography>
          ))}
        </Box>
      )}
    </Box>
  );
}

function Section({
  section,
  currency,
  periodDays,
}: {
  section: ReportSectionData;
  currency: string;
  periodDays: number;
}) {
  switch (section.key) {
    case 'headline': {
      const { summary, change } = section;
      const figures: [string, string, number | null | undefined][] = [
        ['Spend', reportMoney(summary.spend, currency), change.spend],
        ['Impressions', reportCount(summary.impressions), change.impressions],
        ['CTR', reportPercent(summary.ctr), change.ctr],
        ['Conversions', reportCount(summary.conversions), change.conversions],
        ['Clicks', reportCount(summary.clicks), undefined],
        ['Cost per click', reportMoney(summary.cpc, currency), undefined],
      ];
      return (
        <Stack spacing={2}>
          <Box
            component="dl"
            sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(3, 1fr)' }, gap: 2, m: 0 }}
          >
            {figures.map(([label, value, delta]) => (
              <Box key={label}>
                <Typography component="dt" variant="body2" color="text.secondary">
                  {label}
                </Typography>
                <Typography component="dd" variant="h6" sx={{ m: 0 }}>
                  {value}
                </Typography>
                {delta !== undefined && (
                  <Typography component="dd" variant="body2" sx={{ m: 0 }}>
                    {`${reportChange(delta)} vs previous period`}
                  </Typography>
                )}
              </Box>
            ))}
          </Box>
          {section.attribution && <ConversionsNote attribution={section.attribution} />}
          {section.first_party && (
            <FirstPartyBlock figures={section.first_party} currency={currency} periodDays={periodDays} />
          )}
        </Stack>
      );
    }
    case 'chart':
      return (
        <Stack spacing={1}>
          <Sparkline label="Spend" values={section.series.map((p) => p.spend)} />
          <Sparkline label="CTR" values={section.series.map((p) => p.ctr)} />
          <Sparkline label="Conversions" values={section.series.map((p) => p.conversions)} />
        </Stack>
      );
    case 'platforms':
      return section.rows.length ? (
        <SimpleTable
          caption={section.title}
          head={['Platform', 'Spend', 'Impressions', 'Clicks', 'CTR', 'Conversions']}
          rows={section.rows.map((row) => [
            row.label,
            reportMoney(row.totals.spend, currency),
            reportCount(row.totals.impressions),
            reportCount(row.totals.clicks),
            reportPercent(row.totals.ctr),
            reportCount(row.totals.conversions),
          ])}
        />
      ) : (
        <Typography color="text.secondary">No ad accounts are connected.</Typography>
      );
    case 'campaigns':
    case 'ads': {
      const noun = section.key === 'campaigns' ? 'campaigns' : 'ads';
      const cells = (list: typeof section.top) =>
        section.key === 'campaigns'
          ? campaignCells(list as CampaignRow[], currency)
          : adCells(list as ReportAdRow[], currency);
      return (
        <Stack spacing={1}>
          <SimpleTable caption={`Top ${noun}`} head={[`Top ${noun}`, ...ENTITY_HEAD]} rows={cells(section.top)} />
          <SimpleTable
            caption={`Bottom ${noun}`}
            head={[`Bottom ${noun}`, ...ENTITY_HEAD]}
            rows={cells(section.bottom)}
          />
        </Stack>
      );
    }
    case 'pacing':
      return section.rows.length ? (
        <SimpleTable
          caption={section.title}
          head={['Budget', 'Month', 'Target', 'Spent', 'Projected', 'Status']}
          rows={section.rows.map((row) => [
            row.label,
            row.month,
            reportMoney(row.target, row.currency),
            reportMoney(row.spent, row.currency),
            reportMoney(row.projected, row.currency),
            PACING_STATUS_LABELS[row.status],
          ])}
        />
      ) : (
        <Typography color="text.secondary">No monthly budgets are set.</Typography>
      );
    case 'alerts':
      return section.rows.length ? (
        <Box component="ul" sx={{ m: 0, pl: 3 }}>
          {section.rows.map((row) => (
            <li key={row.id}>{`${reportDay(row.day)}: ${row.headline}`}</li>
          ))}
        </Box>
      ) : (
        <Typography color="text.secondary">No alerts in this period.</Typography>
      );
    case 'actions':
      return section.rows.length ? (
        <SimpleTable
          caption={section.title}
          head={['What we did', 'Applied', 'Expected (conv./week)', 'Measured (conv./week)', 'Did it work']}
          rows={section.rows.map((row) => [
            row.headline,
            reportDay(row.applied_at.slice(0, 10)),
            reportCount(row.expected),
            row.observed === null ? '-' : reportCount(row.observed),
            row.verdict_label,
          ])}
        />
      ) : (
        <Typography color="text.secondary">No changes were made through Adwise in this period.</Typography>
      );
  }
}

export const COMMENT_HEADING = 'A note from your team';

/** The report: its brand, name and period, a reviewer's note when there is one, then each section as a titled region. */
export function ReportView({ data }: { data: ReportData }) {
  const color = data.brand.primary_color ?? undefined;
  const comment = typeof data.comment === 'string' ? data.comment.trim() : '';
  return (
    <Paper
      variant="outlined"
      component="article"
      aria-label={`${data.report.name}, ${data.period.label}`}
      sx={{ p: { xs: 2, md: 3 } }}
    >
      <Stack spacing={3}>
        <Box sx={{ borderBottom: 1, borderColor: 'divider', pb: 1 }}>
          {data.brand.logo_url && (
            <Box
              component="img"
              src={data.brand.logo_url}
              alt={`${data.brand.name} logo`}
              sx={{ height: 32, display: 'block', mb: 1 }}
            />
          )}
          <Typography variant="subtitle1" sx={{ color, fontWeight: 700 }}>
            {data.brand.name}
          </Typography>
          <Typography variant="h2" component="h2">
            {data.report.name}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {`${data.period.label} · ${data.report.currency}`}
          </Typography>
        </Box>
        {comment && (
          <Box
            component="section"
            aria-label={COMMENT_HEADING}
            sx={{ borderLeft: 4, borderColor: color ?? 'primary.main', pl: 2, py: 0.5 }}
          >
            <Typography variant="h3" component="h3" sx={{ fontSize: '1.05rem', mb: 0.5 }}>
              {COMMENT_HEADING}
            </Typography>
            <Typography variant="body1" sx={{ whiteSpace: 'pre-line' }}>
              {comment}
            </Typography>
          </Box>
        )}
        {data.sections.map((section) => (
          <Box component="section" key={section.key} aria-label={section.title}>
            <Typography variant="h3" component="h3" sx={{ fontSize: '1.15rem', mb: 1 }}>
              {section.title}
            </Typography>
            <Section section={section} currency={data.report.currency} periodDays={data.period.days} />
          </Box>
        ))}
      </Stack>
    </Paper>
  );
}
