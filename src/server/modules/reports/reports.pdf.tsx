import { PACING_STATUS_LABELS } from '@shared/api/budgets';
import type { CampaignRow, Totals, TotalsChange } from '@shared/api/dashboard';
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

import { LineChart } from '../../pdf/LineChart';
import { type PdfBrand, PdfDocument, PdfSection } from '../../pdf/PdfDocument';
import { Text, View } from '../../pdf/primitives';
import { PDF_COLORS, pdfStyles } from '../../pdf/styles';

/** A client report as an A4 PDF: the workspace's brand, the sections in the report's order, charts as SVG, every figure as selectable text. */

const cell = { flex: 1, paddingVertical: 2, paddingRight: 4 } as const;
const nameCell = { flex: 2.4, paddingVertical: 2, paddingRight: 4 } as const;
const headRow = {
  flexDirection: 'row',
  borderBottomWidth: 1,
  borderBottomColor: PDF_COLORS.rule,
  fontFamily: 'Helvetica-Bold',
  fontSize: 8,
} as const;
const bodyRow = {
  flexDirection: 'row',
  borderBottomWidth: 0.5,
  borderBottomColor: PDF_COLORS.track,
  fontSize: 8,
} as const;

function Table({ head, rows }: { head: string[]; rows: string[][] }) {
  return (
    <View>
      <View style={headRow} wrap={false}>
        {head.map((label, index) => (
          <Text key={label} style={index === 0 ? nameCell : [cell, { textAlign: 'right' }]}>
            {label}
          </Text>
        ))}
      </View>
      {rows.map((row, r) => (
        <View key={r} style={bodyRow} wrap={false}>
          {row.map((value, index) => (
            <Text key={index} style={index === 0 ? nameCell : [cell, { textAlign: 'right' }]}>
              {value}
            </Text>
          ))}
        </View>
      ))}
    </View>
  );
}

function Figure({
  label,
  value,
  change,
  help,
}: {
  label: string;
  value: string;
  change?: number | null;
  help?: string;
}) {
  return (
    <View style={{ width: '33%', marginBottom: 8 }} wrap={false}>
      <Text style={[pdfStyles.small, pdfStyles.muted]}>{label}</Text>
      <Text style={{ fontFamily: 'Helvetica-Bold', fontSize: 13 }}>{value}</Text>
      {change !== undefined ? (
        <Text
          style={[
            pdfStyles.small,
            { color: change === null ? PDF_COLORS.muted : change >= 0 ? PDF_COLORS.good : PDF_COLORS.poor },
          ]}
        >{`${reportChange(change)} vs previous period`}</Text>
      ) : null}
      {help ? <Text style={[pdfStyles.small, pdfStyles.muted]}>{help}</Text> : null}
    </View>
  );
}

/** How the platforms count the conversions above (the page's words), and the workspace's own numbers beside them. */
function ConversionsAndFirstParty({
  section,
  currency,
  periodDays,
}: {
  section: Extract<ReportSectionData, { key: 'headline' }>;
  currency: string;
  periodDays: number;
}) {
  const windows = section.attribution ? windowsSentence(section.attribution) : null;
  const figures = section.first_party;
  return (
    <>
      {section.attribution ? (
        <Text
          style={[pdfStyles.small, pdfStyles.muted]}
        >{`Conversions: ${conversionsBasis(section.attribution.length)}.${windows ? ` ${windows}` : ''}`}</Text>
      ) : null}
      {figures ? (
        <View style={{ marginTop: 8 }}>
          <Text style={pdfStyles.subheading}>{FIRST_PARTY_HEADING}</Text>
          <View style={[pdfStyles.row, { flexWrap: 'wrap' }]}>
            {firstPartyFigureTexts(figures, currency, periodDays).map((figure) => (
              <Figure key={figure.label} label={figure.label} value={figure.value} help={figure.help} />
            ))}
          </View>
          {platformClaimSentences(figures).map((sentence) => (
            <Text key={sentence} style={pdfStyles.small}>
              {sentence}
            </Text>
          ))}
        </View>
      ) : null}
    </>
  );
}

function Headline({ summary, change, currency }: { summary: Totals; change: TotalsChange; currency: string }) {
  return (
    <View style={[pdfStyles.row, { flexWrap: 'wrap' }]}>
      <Figure label="Spend" value={reportMoney(summary.spend, currency)} change={change.spend} />
      <Figure label="Impressions" value={reportCount(summary.impressions)} change={change.impressions} />
      <Figure label="CTR" value={reportPercent(summary.ctr)} change={change.ctr} />
      <Figure label="Conversions" value={reportCount(summary.conversions)} change={change.conversions} />
      <Figure label="Clicks" value={reportCount(summary.clicks)} />
      <Figure label="Cost per click" value={reportMoney(summary.cpc, currency)} />
    </View>
  );
}

const campaignRows = (rows: CampaignRow[], currency: string) =>
  rows.map((row) => [
    `${row.name} (${PLATFORM_LABELS[row.platform]})`,
    reportMoney(row.spend, currency),
    reportCount(row.clicks),
    reportPercent(row.ctr),
    reportCount(row.conversions),
  ]);
const adRows = (rows: ReportAdRow[], currency: string) =>
  rows.map((row) => [
    `${row.name} (${PLATFORM_LABELS[row.platform]}${row.campaign_name ? `, ${row.campaign_name}` : ''})`,
    reportMoney(row.spend, currency),
    reportCount(row.clicks),
    reportPercent(row.ctr),
    reportCount(row.conversions),
  ]);
const ENTITY_HEAD = ['Spend', 'Clicks', 'CTR', 'Conversions'];

function TopBottom<T>({
  noun,
  top,
  bottom,
  rows,
}: {
  noun: string;
  top: T[];
  bottom: T[];
  rows: (list: T[]) => string[][];
}) {
  if (!top.length && !bottom.length)
    return <Text style={pdfStyles.muted}>{`No ${noun}s spent or converted in this period.`}</Text>;
  return (
    <>
      <Text style={[pdfStyles.subheading, { marginTop: 2 }]}>{`Top ${noun}s`}</Text>
      {top.length ? (
        <Table head={[`${noun[0]!.toUpperCase()}${noun.slice(1)}`, ...ENTITY_HEAD]} rows={rows(top)} />
      ) : (
        <Text style={pdfStyles.muted}>None converted.</Text>
      )}
      <Text style={[pdfStyles.subheading, { marginTop: 6 }]}>{`Bottom ${noun}s`}</Text>
      {bottom.length ? (
        <Table head={[`${noun[0]!.toUpperCase()}${noun.slice(1)}`, ...ENTITY_HEAD]} rows={rows(bottom)} />
      ) : (
        <Text style={pdfStyles.muted}>None to show.</Text>
      )}
    </>
  );
}

function Section({
  section,
  currency,
  color,
  periodDays,
}: {
  section: ReportSectionData;
  currency: string;
  color: string;
  periodDays: number;
}) {
  switch (section.key) {
    case 'headline':
      return (
        <PdfSection title={section.title}>
          <Headline summary={section.summary} change={section.change} currency={currency} />
          <ConversionsAndFirstParty section={section} currency={currency} periodDays={periodDays} />
        </PdfSection>
      );
    case 'chart': {
      const first = section.series[0]?.date;
      const last = section.series.at(-1)?.date;
      const labels = { firstLabel: first ? reportDay(first) : '', lastLabel: last ? reportDay(last) : '' };
      return (
        <PdfSection title={section.title}>
          <LineChart
            label="Spend"
            values={section.series.map((p) => p.spend)}
            format={(v) => reportMoney(v, currency)}
            color={color}
            {...labels}
          />
          <LineChart
            label="CTR"
            values={section.series.map((p) => p.ctr)}
            format={reportPercent}
            color={PDF_COLORS.fair}
            {...labels}
          />
          <LineChart
            label="Conversions"
            values={section.series.map((p) => p.conversions)}
            format={reportCount}
            color={PDF_COLORS.good}
            {...labels}
          />
        </PdfSection>
      );
    }
    case 'platforms':
      return (
        <PdfSection title={section.title}>
          {section.rows.length ? (
            <Table
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
            <Text style={pdfStyles.muted}>No ad accounts are connected.</Text>
          )}
        </PdfSection>
      );
    case 'campaigns':
      return (
        <PdfSection title={section.title}>
          <TopBottom
            noun="campaign"
            top={section.top}
            bottom={section.bottom}
            rows={(list) => campaignRows(list, currency)}
          />
        </PdfSection>
      );
    case 'ads':
      return (
        <PdfSection title={section.title}>
          <TopBottom noun="ad" top={section.top} bottom={section.bottom} rows={(list) => adRows(list, currency)} />
        </PdfSection>
      );
    case 'pacing':
      return (
        <PdfSection title={section.title}>
          {section.rows.length ? (
            <Table
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
            <Text style={pdfStyles.muted}>No monthly budgets are set.</Text>
          )}
        </PdfSection>
      );
    case 'alerts':
      return (
        <PdfSection title={section.title}>
          {section.rows.length ? (
            section.rows.map((row) => (
              <Text key={row.id} style={pdfStyles.small}>{`${reportDay(row.day)}: ${row.headline}`}</Text>
            ))
          ) : (
            <Text style={pdfStyles.muted}>No alerts in this period.</Text>
          )}
          {section.total > section.rows.length ? (
            <Text style={[pdfStyles.small, pdfStyles.muted]}>{`And ${section.total - section.rows.length} more.`}</Text>
          ) : null}
        </PdfSection>
      );
    case 'actions':
      return (
        <PdfSection title={section.title}>
          {section.rows.length ? (
            <Table
              head={['What we did', 'Applied', 'Expected (conv./week)', 'Measured (conv./week)', 'Did it work']}
              rows={section.rows.map((row) => [
                `${row.headline} (${PLATFORM_LABELS[row.platform]})`,
                reportDay(row.applied_at.slice(0, 10)),
                reportCount(row.expected),
                row.observed === null ? '-' : reportCount(row.observed),
                row.verdict_label,
              ])}
            />
          ) : (
            <Text style={pdfStyles.muted}>No changes were made through Adwise in this period.</Text>
          )}
          {section.total > section.rows.length ? (
            <Text style={[pdfStyles.small, pdfStyles.muted]}>{`And ${section.total - section.rows.length} more.`}</Text>
          ) : null}
        </PdfSection>
      );
  }
}

export function ReportPdf({ data, brand }: { data: ReportData; brand: PdfBrand }) {
  const meta = [
    data.period.label,
    `Currency: ${data.report.currency}`,
    `Made ${reportDay(data.generated_at.slice(0, 10))}`,
  ];
  return (
    <PdfDocument title={data.report.name} meta={meta} brand={brand}>
      {data.unconverted_currencies.length ? (
        <Text
          style={[pdfStyles.small, pdfStyles.muted, { marginBottom: 8 }]}
        >{`Left out for want of an exchange rate: ${data.unconverted_currencies.join(', ')}.`}</Text>
      ) : null}
      {data.comment?.trim() ? (
        <View
          style={{
            borderLeftWidth: 3,
            borderLeftColor: brand.color ?? PDF_COLORS.brand,
            paddingLeft: 8,
            marginBottom: 12,
          }}
          wrap={false}
        >
          <Text style={[pdfStyles.small, pdfStyles.muted]}>{`A note from ${brand.name}`}</Text>
          <Text>{data.comment.trim()}</Text>
        </View>
      ) : null}
      {data.sections.map((section) => (
        <Section
          key={section.key}
          section={section}
          currency={data.report.currency}
          color={brand.color ?? PDF_COLORS.brand}
          periodDays={data.period.days}
        />
      ))}
    </PdfDocument>
  );
}
