import { DISPLAY_CURRENCIES } from '@shared/api/dashboard';
import { REPORT_PERIODS, REPORT_SECTIONS } from '@shared/api/reports';
import { conversionsBasis } from '@shared/firstPartyFormat';
import { z } from 'zod';

import { uuidArgument } from './schemas';
import { readTool } from './tool';

/** get_report_data: GET reports/<id>/preview/ (what the PDF and a share link show), less the logo's signed address. */
export const getReportData = readTool({
  name: 'get_report_data',
  title: "A client report's figures",
  description:
    "A saved client report's figures for its period, made now, as its PDF and share link show them: each section in the report's order (headline figures with their change against the period before, the daily chart, by platform, top and bottom campaigns and ads, budget pacing, the period's alerts, and what was done and whether it worked). " +
    "Money is in the report's currency. Conversions are platform-reported: the headline's `attribution` names each platform's attribution window, and a total over several platforms may count one conversion more than once. " +
    "Where the workspace gave Adwise its own daily conversions and revenue, the headline's `first_party` sets them beside the spend (blended CPA, blended ROAS, MER, each platform's claim against its share of spend). Reading changes nothing.",
  // GET reports/<id>/preview/.
  action: 'reports:read',
  input: z.object({ report_id: uuidArgument('report_id').describe('The report, its `id` from list_reports.') }),
  output: z.object({
    report: z.object({ id: z.string(), name: z.string(), currency: z.enum(DISPLAY_CURRENCIES) }),
    brand: z.object({ name: z.string(), primary_color: z.string().nullable() }),
    period: z.object({
      kind: z.enum(REPORT_PERIODS),
      label: z.string(),
      from: z.string(),
      to: z.string(),
      days: z.number(),
    }),
    previous_period: z.object({ from: z.string(), to: z.string() }),
    // Each section keeps the shape GET reports/<id>/preview/ answers with (the API explorer documents them).
    sections: z.array(z.looseObject({ key: z.enum(REPORT_SECTIONS), title: z.string() })),
    unconverted_currencies: z
      .array(z.string())
      .describe('Account currencies without an exchange rate: left out of the figures, as on the dashboard.'),
    generated_at: z.string(),
  }),
  async run(args, { principal, services }) {
    const { brand, comment: _comment, ...data } = await services.reports.preview(principal, args.report_id);
    const headline = data.sections.find((section) => section.key === 'headline');
    const figures =
      headline?.key === 'headline'
        ? ` Spend ${headline.summary.spend.toFixed(2)} ${data.report.currency}, ${headline.summary.conversions} conversions (${conversionsBasis(headline.attribution?.length ?? 0).toLowerCase()}).` +
          (headline.first_party
            ? ` Your own records: ${headline.first_party.conversions} conversions, MER ${headline.first_party.mer ?? 'n/a'}.`
            : '')
        : '';
    return {
      structured: { ...data, brand: { name: brand.name, primary_color: brand.primary_color } },
      summary: `“${data.report.name}”, ${data.period.label} (${data.period.from} to ${data.period.to}): ${data.sections.length} section(s).${figures}`,
    };
  },
});
