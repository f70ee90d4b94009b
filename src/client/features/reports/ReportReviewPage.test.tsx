import { paths } from '@client/lib/paths';
import { api } from '@client/test/handlers';
import { renderWithProviders } from '@client/test/renderWithProviders';
import { server } from '@client/test/server';
import { DELIVERY_STATUS_LABELS, SCHEDULE_LIMITS, SCHEDULE_MESSAGES } from '@shared/api/reportSchedules';
import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { Route, Routes } from 'react-router-dom';

import {
  approvedMessage,
  COMMENT_LABEL,
  ReportReviewPage,
  REVIEW_FORBIDDEN,
  REVIEW_NOT_FOUND,
  REVIEW_TITLE,
  SKIPPED_MESSAGE,
} from './ReportReviewPage';
import { COMMENT_HEADING } from './ReportView';
import { DELIVERY_ID, deliveryBody, schedulesApiHandlers } from './schedules.testHandlers';
import { reportReviewPath } from './SentReports';

function setup(
  options: Parameters<typeof schedulesApiHandlers>[0],
  { canWrite = true, id = DELIVERY_ID, answer }: { canWrite?: boolean; id?: string; answer?: () => Response } = {},
) {
  const mock = schedulesApiHandlers(options);
  server.use(...mock.handlers);
  if (answer) server.use(http.get(api(`reports/deliveries/${encodeURIComponent(id)}/`), answer));
  const view = renderWithProviders(
    <Routes>
      <Route path={paths.reportReview} element={<ReportReviewPage canWrite={canWrite} />} />
    </Routes>,
    { route: reportReviewPath(id) },
  );
  return { mock, ...view };
}

describe('ReportReviewPage: approve or skip a scheduled report’s draft', () => {
  it('shows the draft and its recipients, and approves it with the comment', async () => {
    const { mock, user } = setup({ deliveries: [deliveryBody()] });
    expect(await screen.findByRole('heading', { level: 1, name: REVIEW_TITLE })).toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'Headline figures' })).toHaveTextContent('USD 1,234.50');
    expect(screen.getByRole('list', { name: 'Recipients' })).toHaveTextContent('client@acme.example');
    expect(screen.getByText(DELIVERY_STATUS_LABELS.awaiting_review)).toBeInTheDocument();

    const comment = screen.getByRole('textbox', { name: COMMENT_LABEL });
    await user.type(comment, 'Spend is up, and so are sales.');
    expect(comment).toHaveAccessibleDescription(
      expect.stringContaining(`30 of ${SCHEDULE_LIMITS.commentMax} characters`),
    );
    // The client sees the note at the top of the report.
    expect(screen.getByRole('region', { name: COMMENT_HEADING })).toHaveTextContent('Spend is up, and so are sales.');
    await user.click(screen.getByRole('button', { name: 'Approve and send' }));

    expect(await screen.findByText(approvedMessage(2))).toBeInTheDocument();
    expect(approvedMessage(2)).toBe('Approved. The report is on its way to 2 recipients.');
    expect(mock.approved).toEqual([{ id: DELIVERY_ID, input: { comment: 'Spend is up, and so are sales.' } }]);
    // Read again: approved now, so nothing more to press.
    expect(await screen.findByText(DELIVERY_STATUS_LABELS.approved)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Approve and send' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Skip this report' })).not.toBeInTheDocument();
  });

  it('skips a draft', async () => {
    const { mock, user } = setup({ deliveries: [deliveryBody()] });
    await user.click(await screen.findByRole('button', { name: 'Skip this report' }));
    expect(await screen.findByText(SKIPPED_MESSAGE)).toBeInTheDocument();
    expect(mock.skipped).toEqual([DELIVERY_ID]);
    expect(mock.approved).toEqual([]);
  });

  it('shows the status and no buttons once the draft is no longer waiting', async () => {
    setup({
      deliveries: [
        deliveryBody({
          status: 'sent',
          comment: 'Great month.',
          recipients: [{ address: 'client@acme.example', status: 'sent' }],
        }),
      ],
    });
    expect(await screen.findByText(DELIVERY_STATUS_LABELS.sent)).toBeInTheDocument();
    expect(screen.getByText(new RegExp(SCHEDULE_MESSAGES.notAwaitingReview))).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Approve and send' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Skip this report' })).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: COMMENT_LABEL })).not.toBeInTheDocument();
  });

  it('lets a member who cannot approve look, without the buttons', async () => {
    setup({ deliveries: [deliveryBody()] }, { canWrite: false });
    expect(await screen.findByRole('region', { name: 'Headline figures' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Approve and send' })).not.toBeInTheDocument();
  });

  it('says when the draft does not exist', async () => {
    setup({ deliveries: [] }, { id: 'missing' });
    expect(await screen.findByText(REVIEW_NOT_FOUND)).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('says when the draft is another workspace’s', async () => {
    setup(
      { deliveries: [] },
      { answer: () => HttpResponse.json({ detail: 'Forbidden.', code: 'forbidden' }, { status: 403 }) },
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(REVIEW_FORBIDDEN);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});
