import type { Report, ReportData, ReportInput, ReportShare } from '@shared/api/reports';
import { http, HttpResponse } from 'msw';

import { api } from './handlers';

/** A report's data as the preview route answers it (one of each kind of section the tests read). */
export function reportData(report: Pick<Report, 'id' | 'name' | 'currency'>): ReportData {
  const totals = {
    spend: 1234.5,
    impressions: 100000,
    clicks: 2500,
    conversions: 75,
    conversion_value: 5000,
    ctr: 2.5,
    cpc: 0.49,
    roas: 4.05,
  };
  return {
    report: { id: report.id, name: report.name, currency: report.currency },
    brand: { name: 'Northwind Agency', primary_color: '#1a4fa0', logo_url: null },
    period: {
      kind: 'last_week',
      label: 'Last week: 4 Mar 2030 to 10 Mar 2030',
      from: '2030-03-04',
      to: '2030-03-10',
      days: 7,
    },
    previous_period: { from: '2030-02-25', to: '2030-03-03' },
    sections: [
      {
        key: 'headline',
        title: 'Headline figures',
        summary: totals,
        previous: totals,
        change: { spend: 12.3, impressions: -4, ctr: null, conversions: 0 },
      },
      { key: 'platforms', title: 'By platform', rows: [{ platform: 'google', label: 'Google Ads', totals }] },
    ],
    unconverted_currencies: [],
    generated_at: '2030-03-11T09:00:00.000Z',
  };
}

/** An in-memory reports API: list, create, update, preview, share links. Returns the handlers and what they saved. */
export function reportsApiHandlers(initial: Report[] = []) {
  const reports = [...initial];
  const shares = new Map<string, ReportShare[]>();
  const posted: ReportInput[] = [];
  let next = 1;
  const handlers = [
    http.get(api('reports/'), () => HttpResponse.json(reports)),
    http.post(api('reports/'), async ({ request }) => {
      const input = (await request.json()) as ReportInput;
      posted.push(input);
      const report: Report = {
        id: `00000000-0000-4000-8000-00000000000${next++}`,
        name: input.name,
        sections: input.sections,
        period: input.period,
        from: input.from ?? null,
        to: input.to ?? null,
        currency: input.currency,
        created_at: '2030-03-11T09:00:00.000Z',
        updated_at: '2030-03-11T09:00:00.000Z',
      };
      reports.unshift(report);
      return HttpResponse.json(report, { status: 201 });
    }),
    http.get(api('reports/:id/preview/'), ({ params }) => {
      const report = reports.find((r) => r.id === params.id);
      return report
        ? HttpResponse.json(reportData(report))
        : HttpResponse.json({ detail: 'Report not found.' }, { status: 404 });
    }),
    http.get(api('reports/:id/shares/'), ({ params }) => HttpResponse.json(shares.get(String(params.id)) ?? [])),
    http.post(api('reports/:id/share/'), ({ params }) => {
      const id = String(params.id);
      const share: ReportShare = {
        id: `share-${next++}`,
        url: `http://localhost/shared/reports/token-${next}`,
        created_at: '2030-03-11T09:00:00.000Z',
        expires_at: '2030-04-10T09:00:00.000Z',
        from: '2030-03-04',
        to: '2030-03-10',
      };
      shares.set(id, [share, ...(shares.get(id) ?? [])]);
      return HttpResponse.json({ ...share, token: `token-${next}` }, { status: 201 });
    }),
    http.delete(api('reports/shares/:shareId/'), ({ params }) => {
      for (const [id, list] of shares)
        shares.set(
          id,
          list.filter((share) => share.id !== params.shareId),
        );
      return new HttpResponse(null, { status: 204 });
    }),
  ];
  return { handlers, posted, reports };
}
