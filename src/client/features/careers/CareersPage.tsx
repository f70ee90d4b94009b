import { PageSection } from '@client/components/PageSection';
import { SimplePage } from '@client/components/SimplePage';
import MailIcon from '@mui/icons-material/Mail';
import {
  Box,
  Button,
  Card,
  CardContent,
  Checkbox,
  FormControlLabel,
  FormHelperText,
  Grid,
  List,
  ListItem,
  ListItemText,
  Paper,
  Stack,
  Typography,
} from '@mui/material';
import { reachOutMailto } from '@shared/careers';
import { REPLY_HOURS_MAX } from '@shared/constants';
import { useState } from 'react';

import { CAREERS_VALUES, WHY_JOIN } from './careersContent';
import { OpenPositions } from './OpenPositions';

const TALENT_POOL_HELP_ID = 'talent-pool-help';

/**
 * The public careers page (/careers): hero with the Talent Pool opt-in, Why Join, the open
 * positions with their filters, our values and the general Reach Out e-mail.
 */
export function CareersPage() {
  // Opt-in checkboxes start on (spec section 4); the choice goes with Apply's beacon and into Reach Out's e-mail.
  const [talentOptIn, setTalentOptIn] = useState(true);

  return (
    <SimplePage title="Careers" intro="Help advertisers run high-converting ads without being data scientists.">
      <Stack spacing={{ xs: 4, md: 6 }}>
        <Stack spacing={2}>
          <Typography>
            We are a small, remote-first team building the AI and behavioural-psychology layer on top of every ad
            platform. Come and build it with us.
          </Typography>
          <Paper variant="outlined" sx={{ p: 2 }}>
            <FormControlLabel
              control={
                <Checkbox
                  checked={talentOptIn}
                  onChange={(event) => setTalentOptIn(event.target.checked)}
                  slotProps={{ input: { 'aria-describedby': TALENT_POOL_HELP_ID } }}
                />
              }
              label="Add me to the Talent Pool"
            />
            <FormHelperText id={TALENT_POOL_HELP_ID} sx={{ mx: 0 }}>
              We keep your application on file and reach out when a future role fits you.
            </FormHelperText>
          </Paper>
        </Stack>

        <PageSection title="Why join Adwise">
          <Grid container spacing={2}>
            {WHY_JOIN.map((benefit) => (
              <Grid key={benefit.title} size={{ xs: 12, sm: 6 }}>
                <Card sx={{ height: '100%' }}>
                  <CardContent>
                    <Typography variant="h3" component="h3" gutterBottom>
                      {benefit.title}
                    </Typography>
                    <Typography color="text.secondary">{benefit.text}</Typography>
                  </CardContent>
                </Card>
              </Grid>
            ))}
          </Grid>
        </PageSection>

        <OpenPositions talentOptIn={talentOptIn} />

        <PageSection title="Our values">
          <List aria-label="Our values">
            {CAREERS_VALUES.map((value) => (
              <ListItem key={value.title} disableGutters>
                <ListItemText
                  primary={value.title}
                  secondary={value.text}
                  slotProps={{ primary: { sx: { fontWeight: 600 } } }}
                />
              </ListItem>
            ))}
          </List>
        </PageSection>

        <Box component="section" aria-labelledby="reach-out-heading">
          <Stack spacing={1.5} sx={{ alignItems: 'flex-start' }}>
            <Typography id="reach-out-heading" variant="h2">
              Don&apos;t see your role?
            </Typography>
            <Typography>
              Tell us what you are great at. We read every message and answer within {REPLY_HOURS_MAX} hours.
            </Typography>
            <Button
              component="a"
              href={reachOutMailto(talentOptIn)}
              variant="outlined"
              startIcon={<MailIcon aria-hidden />}
            >
              Reach Out
            </Button>
          </Stack>
        </Box>
      </Stack>
    </SimplePage>
  );
}
