import { sendBeacon } from '@client/api/beacons';
import { paths } from '@client/lib/paths';
import { Button, Checkbox, FormControlLabel, Paper, Stack, Typography } from '@mui/material';
import { MARKETING_FACTS } from '@shared/marketing';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';

/** The opt-in's label. */
export const PILOT_SLOTS_LABEL = 'Tell me about limited pilot slots';

/**
 * The About page's contact block: the pilot-slots opt-in (on by default) and Contact Us,
 * which reports the choice (about-contact-preference: the flag and a time, nothing else) and opens /contact.
 */
export function AboutContact() {
  const [openToContact, setOpenToContact] = useState(true);
  const navigate = useNavigate();

  const contactUs = () => {
    sendBeacon('analytics/about-contact-preference', { openToContact, ts: Date.now() });
    navigate(paths.contact);
  };

  return (
    <Paper component="section" aria-labelledby="about-contact-heading" variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Typography id="about-contact-heading" variant="h2">
          Work with us
        </Typography>
        <Typography>
          We are opening a few more pilot slots for teams who want hands-on help with their ads.{' '}
          {MARKETING_FACTS.replyText}.
        </Typography>
        <FormControlLabel
          control={<Checkbox checked={openToContact} onChange={(event) => setOpenToContact(event.target.checked)} />}
          label={PILOT_SLOTS_LABEL}
        />
        <Button variant="contained" size="large" onClick={contactUs}>
          Contact Us
        </Button>
      </Stack>
    </Paper>
  );
}
