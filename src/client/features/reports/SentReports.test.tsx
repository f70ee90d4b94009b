import { renderWithProviders } from '@client/test/renderWithProviders';
import { server } from '@client/test/server';
import { DELIVERY_STATUS_LABELS } from '@shared/api/reportSchedules';
import { screen, within } from '@testing-library/react';

import { DELIVERY_ID, deliveryBody, schedulesApiHandlers } from './schedules.testHandlers';
import { NO_DELIVERIES, reportReviewPath, SENT_REPORTS_HEADING, SentReports } from './SentReports';

const deliveries = [
  deliveryBody(),
  deliveryBody({
    id: 'delivery-sent',
    from: '2030-02-25',
    to: '2030-03-03',
    status: 'sent',
    comment: 'Conversions are up after the new ads.',
    recipients: [
      { address: 'client@acme.example', status: 'sent' },
      { address: 'ravi@example.com', status: 'outbox' },
    ],
  }),
  deliveryBody({
    id: 'delivery-failed',
    from: '2030-02-18',
    to: '2030-02-24',
    status: 'failed',
    has_pdf: false,
    error: 'The mail server refused the message.',
    recipients: [{ address: 'client@acme.example', status: 'failed' }],
  }),
];

describe('SentReports: the workspace’s history of scheduled reports', () => {
  it('lists each report with its period, status, recipients, comment and error, and links a draft to its review', async () => {
    server.use(...schedulesApiHandlers({ deliveries }).handlers);
    renderWithProviders(<SentReports canReview />, { route: '/reports' });
    const history = await screen.findByRole('region', { name: SENT_REPORTS_HEADING });

    const draft = await within(history).findByRole('listitem', { name: 'Acme weekly, 4 Mar 2030 to 10 Mar 2030' });
    expect(draft).toHaveTextContent(DELIVERY_STATUS_LABELS.awaiting_review);
    expect(within(draft).getByRole('link', { name: 'Review Acme weekly, 4 Mar 2030 to 10 Mar 2030' })).toHaveAttribute(
      'href',
      reportReviewPath(DELIVERY_ID),
    );
    expect(reportReviewPath(DELIVERY_ID)).toBe(`/reports/review/${DELIVERY_ID}`);

    const sent = within(history).getByRole('listitem', { name: 'Acme weekly, 25 Feb 2030 to 3 Mar 2030' });
    expect(sent).toHaveTextContent(DELIVERY_STATUS_LABELS.sent);
    expect(sent).toHaveTextContent('client@acme.example: sent');
    expect(sent).toHaveTextContent('ravi@example.com: kept in the outbox');
    expect(sent).toHaveTextContent('Conversions are up after the new ads.');
    expect(within(sent).getByRole('button', { name: /Download PDF/ })).toBeInTheDocument();
    expect(within(sent).queryByRole('link', { name: /Review/ })).not.toBeInTheDocument();

    const failed = within(history).getByRole('listitem', { name: 'Acme weekly, 18 Feb 2030 to 24 Feb 2030' });
    expect(failed).toHaveTextContent(DELIVERY_STATUS_LABELS.failed);
    expect(within(failed).getByRole('alert')).toHaveTextContent('The mail server refused the message.');
    expect(within(failed).queryByRole('button', { name: /Download PDF/ })).not.toBeInTheDocument();
  });

  it('offers no review to a member who cannot approve', async () => {
    server.use(...schedulesApiHandlers({ deliveries }).handlers);
    renderWithProviders(<SentReports canReview={false} />, { route: '/reports' });
    const history = await screen.findByRole('region', { name: SENT_REPORTS_HEADING });
    expect(await within(history).findByRole('listitem', { name: /4 Mar 2030/ })).toHaveTextContent(
      DELIVERY_STATUS_LABELS.awaiting_review,
    );
    expect(within(history).queryByRole('link', { name: /Review/ })).not.toBeInTheDocument();
  });

  it('says so when nothing was sent yet', async () => {
    server.use(...schedulesApiHandlers().handlers);
    renderWithProviders(<SentReports canReview />, { route: '/reports' });
    expect(await screen.findByText(NO_DELIVERIES)).toBeInTheDocument();
  });
});
