import { sendBeacon } from '@client/api/beacons';
import BoltIcon from '@mui/icons-material/Bolt';
import PlaceIcon from '@mui/icons-material/Place';
import WorkIcon from '@mui/icons-material/WorkOutlined';
import { Button, Card, CardActions, CardContent, Chip, Stack, Typography } from '@mui/material';
import { applyMailto, type JobOpening } from '@shared/careers';
import { CAREERS_BADGE } from '@shared/marketing';
import { useId } from 'react';

/** Props of JobCard. */
export interface JobCardProps {
  opening: JobOpening;
  /** The talent-pool opt-in, reported with the Apply beacon. */
  talentOptIn: boolean;
}

/** One open position: title, type, location, the fast-response badge and Apply (a prefilled e-mail). */
export function JobCard({ opening, talentOptIn }: JobCardProps) {
  const titleId = useId();
  return (
    <Card
      component="article"
      aria-labelledby={titleId}
      sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}
    >
      <CardContent sx={{ flexGrow: 1 }}>
        <Stack spacing={1.5}>
          <Typography id={titleId} variant="h3" component="h3" sx={{ overflowWrap: 'anywhere' }}>
            {opening.title}
          </Typography>
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            <Chip icon={<WorkIcon aria-hidden />} label={opening.type} variant="outlined" />
            <Chip icon={<PlaceIcon aria-hidden />} label={opening.location} variant="outlined" />
            <Chip icon={<BoltIcon aria-hidden />} label={CAREERS_BADGE} color="success" variant="outlined" />
          </Stack>
        </Stack>
      </CardContent>
      <CardActions sx={{ p: 2, pt: 0 }}>
        <Button
          component="a"
          href={applyMailto(opening)}
          variant="contained"
          aria-label={`Apply for ${opening.title}`}
          onClick={() => sendBeacon('analytics/careers-apply', { role: opening.title, talentOptIn, ts: Date.now() })}
        >
          Apply
        </Button>
      </CardActions>
    </Card>
  );
}
