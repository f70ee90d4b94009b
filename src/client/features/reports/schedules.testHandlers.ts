import { api } from '@client/test/handlers';
import { reportData } from '@client/test/reports.handlers';
import { memberBody, raviBody } from '@client/test/team.handlers';
import { workspaceBody } from '@client/test/workspaces.handlers';
import type { Report, ReportInput } from '@shared/api/reports';
import type {
  ReportDelivery,
  ReportDeliveryDetail,
  ReportReviewInput,
  ReportSchedule,
  ReportScheduleInput,
} from '@shared/api/reportSchedules';
import type { Member, Team } from '@shared/api/workspaces';
import { http, HttpResponse } from 'msw';

/** Test-only: the scheduled reports API (contract: @shared/api/reportSchedules) in memory, with what each route was sent. */

export const DELIVERY_ID = '00000000-0000-4000-8000-0000000000d1';

/** A delivery; by default a draft of "Acme weekly" waiting for review, to two recipients. */
export function deliveryBody(overrides: Partial<ReportDeliveryDetail> = {}): ReportDeliveryDetail {
  return {
    id: DELIVERY_ID,
    report_id: '00000000-0000-4000-8000-0000000000aa',
    report_name: 'Acme weekly',
    schedule_id: 'schedule-1',
    from: '2030-03-04',
    to: '2030-03-10',
    status: 'awaiting_review',
    review: true,
    comment: null,
    reviewed_by: null,
    reviewed_at: null,
    recipients: [
      { address: 'client@acme.example', status: 'pending' },
      { address: 'ravi@example.com', status: 'pending' },
    ],
    error: null,
    has_pdf: true,
    created_at: '2030-03-11T09:00:00.000Z',
    sent_at: null,
    data: reportData({ id: '00000000-0000-4000-8000-0000000000aa', name: 'Acme weekly', currency: 'USD' }),
    ...overrides,
  };
}

const withoutData = ({ data: _data, ...delivery }: ReportDeliveryDetail): ReportDelivery => delivery;

export interface FakeSchedulesOptions {
  schedules?: Record<string, ReportSchedule>;
  deliveries?: ReportDeliveryDetail[];
  members?: Member[];
  /** An answer for PUT reports/<id>/schedule/ instead of saving (a refusal). */
  refuseSave?: { status: number; body: { detail: string; code?: string; field?: string } };
}

export function schedulesApiHandlers({
  schedules: initial = {},
  deliveries: initialDeliveries = [],
  members = [memberBody(), raviBody()],
  refuseSave,
}: FakeSchedulesOptions = {}) {
  const schedules = new Map(Object.entries(initial));
  const deliveries = [...initialDeliveries];
  const saved: { reportId: string; input: ReportScheduleInput }[] = [];
  const previewed: ReportInput[] = [];
  const approved: { id: string; input: ReportReviewInput }[] = [];
  const skipped: string[] = [];
  const team: Team = { workspace: workspaceBody(), members, invitations: [] };
  const find = (id: unknown) => deliveries.find((delivery) => delivery.id === id);
  const notFound = () =>
    HttpResponse.json({ detail: 'That sent report was not found.', code: 'not_found' }, { status: 404 });

  const handlers = [
    http.get(api('workspace/team/'), () => HttpResponse.json(team)),
    http.post(api('reports/preview/'), async ({ request }) => {
      const input = (await request.json()) as ReportInput;
      previewed.push(input);
      return HttpResponse.json(reportData({ id: 'draft', name: input.name, currency: input.currency }));
    }),
    http.get(api('reports/deliveries/'), () => HttpResponse.json(deliveries.map(withoutData))),
    http.get(api('reports/deliveries/:id/'), ({ params }) => {
      const delivery = find(params.id);
      return delivery ? HttpResponse.json(delivery) : notFound();
    }),
    http.get(api('reports/deliveries/:id/pdf/'), ({ params }) =>
      find(params.id)
        ? new HttpResponse('%PDF-1.7 delivery', { headers: { 'Content-Type': 'application/pdf' } })
        : notFound(),
    ),
    http.post(api('reports/deliveries/:id/approve/'), async ({ params, request }) => {
      const delivery = find(params.id);
      if (!delivery) return notFound();
      if (delivery.status !== 'awaiting_review')
        return HttpResponse.json(
          { detail: 'This draft is no longer waiting for review.', code: 'conflict' },
          { status: 409 },
        );
      const input = (await request.json()) as ReportReviewInput;
      approved.push({ id: String(params.id), input });
      Object.assign(delivery, {
        status: 'approved',
        comment: input.comment ?? null,
        reviewed_by: 'Asha Rao',
        reviewed_at: '2030-03-11T10:00:00.000Z',
      });
      return HttpResponse.json(withoutData(delivery));
    }),
    http.post(api('reports/deliveries/:id/skip/'), ({ params }) => {
      const delivery = find(params.id);
      if (!delivery) return notFound();
      skipped.push(String(params.id));
      delivery.status = 'skipped';
      return HttpResponse.json(withoutData(delivery));
    }),
    http.get(api('reports/:id/schedule/'), ({ params }) =>
      HttpResponse.json({ schedule: schedules.get(String(params.id)) ?? null }),
    ),
    http.put(api('reports/:id/schedule/'), async ({ params, request }) => {
      const reportId = String(params.id);
      const input = (await request.json()) as ReportScheduleInput;
      saved.push({ reportId, input });
      if (refuseSave) return HttpResponse.json(refuseSave.body, { status: refuseSave.status });
      const schedule: ReportSchedule = {
        id: `schedule-${reportId}`,
        report_id: reportId,
        frequency: input.frequency,
        weekday: input.weekday ?? null,
        day_of_month: input.day_of_month ?? null,
        hour: input.hour,
        time_zone: input.time_zone,
        members: members
          .filter((member) => input.members.includes(member.user_id))
          .map((member) => ({ user_id: member.user_id, name: member.full_name, email: member.email })),
        emails: input.emails,
        review: input.review,
        reviewer: input.review ? { user_id: members[0]!.user_id, name: members[0]!.full_name } : null,
        enabled: input.enabled,
        next_run_at: input.enabled ? '2030-03-18T08:00:00.000Z' : null,
        updated_at: `2030-03-11T09:00:0${saved.length % 10}.000Z`,
      };
      schedules.set(reportId, schedule);
      return HttpResponse.json(schedule);
    }),
    http.delete(api('reports/:id/schedule/'), ({ params }) => {
      schedules.delete(String(params.id));
      return new HttpResponse(null, { status: 204 });
    }),
  ];
  return { handlers, saved, previewed, approved, skipped, schedules, deliveries };
}

/** A saved report, as the list answers it. */
export const savedReport: Report = {
  id: '00000000-0000-4000-8000-0000000000aa',
  name: 'Acme weekly',
  sections: ['headline', 'platforms'],
  period: 'last_week',
  from: null,
  to: null,
  currency: 'USD',
  created_at: '2030-03-11T09:00:00.000Z',
  updated_at: '2030-03-11T09:00:00.000Z',
};
