import { PageSection } from '@client/components/PageSection';
import { Card, CardContent, Stack, Typography } from '@mui/material';

/** Mission, origin story and the three-founders card. */
export function AboutStory() {
  return (
    <>
      <PageSection title="Our mission">
        <Typography>
          Help startups, agencies, solo founders and marketers run high-converting ads without being data scientists:
          every ad platform in one dashboard, and suggestions grounded in data and behavioural psychology.
        </Typography>
      </PageSection>

      <PageSection title="Our story">
        <Stack spacing={2}>
          <Typography>
            Adwise began with a spreadsheet. Every Monday we exported reports from five ad platforms, pasted them side
            by side and argued about which campaign had really worked. The numbers never matched, the answers came too
            late, and nobody could say why one creative converted and another did not.
          </Typography>
          <Typography>
            So we built the tool we wanted: one dashboard for every platform, alerts when something changes, and
            suggestions that explain themselves through the psychology of attention and trust.
          </Typography>
          <Card component="aside" aria-labelledby="founders-heading" sx={{ bgcolor: 'background.default' }}>
            <CardContent>
              <Typography id="founders-heading" variant="h3" component="h3" gutterBottom>
                Three founders, one frustration
              </Typography>
              <Typography>
                A performance marketer tired of stitching reports together, an engineer who had built data pipelines for
                fast-growing startups, and a behavioural scientist who studies why people click. Together they started
                Adwise to give every advertiser the analyst and the psychologist they could not afford to hire.
              </Typography>
            </CardContent>
          </Card>
        </Stack>
      </PageSection>
    </>
  );
}
