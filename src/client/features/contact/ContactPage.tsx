import { sendBeacon } from '@client/api/beacons';
import { errorMessage } from '@client/api/errors';
import { fallbackText } from '@client/api/errorToasts';
import { useAppSelector } from '@client/app/hooks';
import { SimplePage } from '@client/components/SimplePage';
import { notify } from '@client/lib/notify';
import { paths } from '@client/lib/paths';
import { selectSession } from '@client/session/session.slice';
import { Box, Button, Link, Paper, Stack, Typography } from '@mui/material';
import { CONTACT_MESSAGES } from '@shared/api/contact';
import { REPLY_HOURS_MAX, REPLY_HOURS_MIN, SUPPORT_EMAIL } from '@shared/constants';
import { CONTACT_INITIAL_VALUES, type ContactInput } from '@shared/validation/contact';
import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';

import { useSendContactMessageMutation } from './contact.api';
import { contactErrorFallbacks } from './contact.errors';
import { ContactForm } from './ContactForm';

/** The confirmation that replaces the form after a successful send (spec section 2). */
function MessageSent({ email, onAnother }: { email: string; onAnother: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  // The form the focus was in is gone: move it to the news, so screen readers announce it.
  useEffect(() => heading.current?.focus(), []);
  return (
    <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
      <Typography variant="h2" ref={heading} tabIndex={-1} sx={{ outline: 'none' }}>
        Message sent
      </Typography>
      <Typography sx={{ overflowWrap: 'anywhere' }}>
        Thanks for getting in touch. We reply within {REPLY_HOURS_MIN}-{REPLY_HOURS_MAX} hours at {email}.
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <Button component={RouterLink} to={paths.home} variant="contained">
          Back to Home
        </Button>
        <Button variant="text" onClick={onAnother}>
          Send another message
        </Button>
      </Stack>
    </Stack>
  );
}

/** How to reach us besides the form: the reply promise and the support address. */
function OtherWays() {
  return (
    <Stack spacing={1.5}>
      <Typography variant="h2" sx={{ fontSize: '1.25rem' }}>
        How we reply
      </Typography>
      <Typography>
        We reply within {REPLY_HOURS_MIN}-{REPLY_HOURS_MAX} hours, on working days and weekends alike.
      </Typography>
      <Typography sx={{ overflowWrap: 'anywhere' }}>
        Prefer e-mail? Write to <Link href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</Link>.
      </Typography>
      <Typography color="text.secondary">
        Agencies and tool makers: tick the partnership box and tell us what you have in mind — white-label dashboards,
        referrals or integrations.
      </Typography>
    </Stack>
  );
}

/** The contact page (/contact): the form, then the 'Message sent' confirmation. */
export function ContactPage() {
  const session = useAppSelector(selectSession);
  const [send] = useSendContactMessageMutation();
  const [failure, setFailure] = useState<string | null>(null);
  // What the form starts from; after a send the message and the partnership box are cleared (spec section 4).
  const [values, setValues] = useState<ContactInput>(() => ({
    ...CONTACT_INITIAL_VALUES,
    fullName: session.fullName ?? '',
    email: session.username ?? '',
  }));
  const [sentTo, setSentTo] = useState<string | null>(null);

  const describeFailure = (error: unknown) =>
    errorMessage(error, fallbackText(contactErrorFallbacks.sendContactMessage));

  const handleSend = async (input: ContactInput) => {
    setFailure(null);
    try {
      await send(input).unwrap();
    } catch (error) {
      // The toast comes from the API error channel; the reason also stays under the form.
      setFailure(describeFailure(error));
      throw error;
    }
    notify(CONTACT_MESSAGES.sent, 'success');
    sendBeacon('analytics/contact-submit', {
      newsletter: input.newsletter,
      partnership: input.partnership,
      ts: Date.now(),
    });
    setValues({ ...input, message: '', partnership: false, website: '' });
    setSentTo(input.email);
  };

  return (
    <SimplePage
      title="Contact Us"
      intro={`Tell us what you need; we reply within ${REPLY_HOURS_MIN}-${REPLY_HOURS_MAX} hours.`}
    >
      <Box
        sx={{
          display: 'grid',
          gap: { xs: 3, md: 5 },
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 3fr) minmax(0, 2fr)' },
        }}
      >
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
          {sentTo !== null ? (
            <MessageSent email={sentTo} onAnother={() => setSentTo(null)} />
          ) : (
            <Stack spacing={2}>
              <Typography variant="h2" sx={{ fontSize: '1.5rem' }}>
                Send us a message
              </Typography>
              <ContactForm
                initialValues={values}
                onSend={handleSend}
                failure={failure}
                describeFailure={describeFailure}
              />
            </Stack>
          )}
        </Paper>
        <Box component="aside" aria-label="Other ways to reach us">
          <OtherWays />
        </Box>
      </Box>
    </SimplePage>
  );
}
