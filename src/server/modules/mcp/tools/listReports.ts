import { DISPLAY_CURRENCIES } from '@shared/api/dashboard';
import { REPORT_PERIODS, REPORT_SECTIONS } from '@shared/api/reports';
import { z } from 'zod';

import { readTool } from './tool';

/** list_reports: GET reports/ (the workspace's saved client reports). */
export const listReports = readTool({
  name: 'list_reports',
  title: 'List client reports',
  description:
    "The workspace's saved client reports: name, sections, period (last week, last month or custom days) and currency. get_report_data with a report's `id` gives its figures as the PDF and the client's share link show them. Reading changes nothing.",
  // GET reports/ (clients read reports too).
  action: 'reports:read',
  input: z.object({}),
  output: z.object({
    reports: z.array(
      z.object({
        id: z.string(),
        name: z.string(),
        sections: z.array(z.enum(REPORT_SECTIONS)),
        period: z.enum(REPORT_PERIODS),
        from: z.string().nullable(),
        to: z.string().nullable(),
        currency: z.enum(DISPLAY_CURRENCIES),
        updated_at: z.string(),
      }),
    ),
  }),
  async run(_args, { principal, services }) {
    const reports = (await services.reports.list(principal)).map(({ created_at: _created, ...report }) => report);
    return {
      structured: { reports },
      summary:
        reports.length === 0
          ? 'This workspace has no saved reports yet.'
          : `${reports.length} report(s): ${reports.map((report) => `“${report.name}”`).join(', ')}.`,
    };
  },
});
