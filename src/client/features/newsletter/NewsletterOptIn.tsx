import { errorMessage } from '@client/api/errors';
import { useAppSelector } from '@client/app/hooks';
import { LoadingButton } from '@client/components/LoadingButton';
import { OutlinedTextField } from '@client/components/OutlinedTextField';
import { selectIsLoggedIn } from '@client/session/session.slice';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlineOutlined';
import { Alert, Box, Checkbox, FormControlLabel, Stack, Typography } from '@mui/material';
import { NEWSLETTER_MESSAGES } from '@shared/api/newsletter';
import { type FormEvent, useId, useState } from 'react';

import { useNewsletterStatus, useSubscribeNewsletterMutation } from './newsletter.api';

/** Props of NewsletterOptIn. */
export interface NewsletterOptInProps {
  /** Where the sign-up sits; stored with the subscription. */
  source: 'footer' | 'features';
  /** The checkbox's visible label (also its accessible name). */
  label?: string;
}

/**
 * The e-mail schema and yup load when a visitor first subscribes: the opt-in sits in the footer
 * of every page, most of which use no form library at all.
 */
const loadEmailSchema = () =>
  Promise.all([
    import(/* webpackChunkName: "newsletter-schema" */ '@shared/validation/newsletter'),
    import(/* webpackChunkName: "newsletter-schema" */ 'yup'),
  ]);

/** The default label of the opt-in checkbox. */
export const NEWSLETTER_OPT_IN_LABEL = 'Send me the Adwise newsletter';
/** Shown when a subscribe call fails without a server message. */
export const SUBSCRIBE_FAILED = 'Unable to subscribe right now. Please try again.';
/** What a confirmed subscriber sees instead of the form. */
export const SUBSCRIBED_TEXT = "You're subscribed";

/**
 * A newsletter opt-in that really subscribes (double opt-in): the checkbox (on by default,
 * spec section 4), an e-mail field for a visitor, and a Subscribe button. A signed-in user's
 * account e-mail is used; once confirmed they see "You're subscribed" instead.
 */
export function NewsletterOptIn({ source, label = NEWSLETTER_OPT_IN_LABEL }: NewsletterOptInProps) {
  const id = useId();
  const isLoggedIn = useAppSelector(selectIsLoggedIn);
  const { data: status } = useNewsletterStatus();
  const [subscribe, { isLoading }] = useSubscribeNewsletterMutation();

  // Opt-ins default to on (spec section 4).
  const [optedIn, setOptedIn] = useState(true);
  const [email, setEmail] = useState('');
  const [emailError, setEmailError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  const emailId = `${id}-email`;
  const failureId = `${id}-failure`;

  if (isLoggedIn && status?.status === 'confirmed') {
    return (
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }} role="status">
        <CheckCircleOutlineIcon color="success" fontSize="small" aria-hidden />
        <Typography variant="body2">{SUBSCRIBED_TEXT} to the Adwise newsletter.</Typography>
      </Stack>
    );
  }

  if (done !== null) {
    return (
      <Alert severity="success" role="status" sx={{ overflowWrap: 'anywhere' }}>
        {done}
      </Alert>
    );
  }

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!optedIn || isLoading) return;
    setFailure(null);
    let address: string | undefined;
    if (!isLoggedIn) {
      const [{ newsletterEmailSchema }, { ValidationError }] = await loadEmailSchema();
      try {
        address = (await newsletterEmailSchema.validate({ email })).email;
      } catch (error) {
        setEmailError(error instanceof ValidationError ? error.message : NEWSLETTER_MESSAGES.emailRequired);
        document.getElementById(emailId)?.focus();
        return;
      }
    }
    setEmailError(null);
    try {
      const reply = await subscribe(address === undefined ? { source } : { email: address, source }).unwrap();
      setDone(reply.detail || NEWSLETTER_MESSAGES.checkInbox);
    } catch (error) {
      setFailure(errorMessage(error, SUBSCRIBE_FAILED));
    }
  };

  return (
    <Box component="form" noValidate onSubmit={handleSubmit}>
      <Stack spacing={1} useFlexGap>
        <FormControlLabel
          control={
            <Checkbox
              checked={optedIn}
              onChange={(event) => setOptedIn(event.target.checked)}
              name={`newsletter-${source}`}
            />
          }
          label={label}
        />
        {isLoggedIn ? (
          <Typography variant="body2" color="text.secondary">
            {status?.status === 'pending'
              ? 'Check your inbox for the confirmation link, or press Subscribe to get a new one.'
              : "We'll send it to your account e-mail."}
          </Typography>
        ) : (
          <OutlinedTextField
            id={emailId}
            size="small"
            fullWidth
            disabled={!optedIn}
            error={emailError !== null}
            helperText={emailError}
            label="Newsletter email"
            name="email"
            type="email"
            autoComplete="email"
            value={email}
            onChange={(event) => {
              setEmail(event.target.value);
              if (emailError) setEmailError(null);
            }}
          />
        )}
        <Box>
          <LoadingButton
            type="submit"
            variant="outlined"
            loading={isLoading}
            disabled={!optedIn}
            aria-describedby={failure ? failureId : undefined}
          >
            Subscribe
          </LoadingButton>
        </Box>
        {failure && (
          <Alert severity="error" id={failureId} sx={{ overflowWrap: 'anywhere' }}>
            {failure}
          </Alert>
        )}
      </Stack>
    </Box>
  );
}
