import { PageSection } from '@client/components/PageSection';
import { visuallyHidden } from '@client/components/visuallyHidden';
import { Box, Card, CardContent, Grid, Typography } from '@mui/material';
import { PILOT_FACTS } from '@shared/marketing';

import { useCountUp } from './useCountUp';
import { useRevealOnce } from './useRevealOnce';

/** One pilot figure: the number, what follows it ('+', '%', '/50') and what it counts. */
interface PilotFigure {
  value: number;
  suffix: string;
  label: string;
}

const FIGURES: readonly PilotFigure[] = [
  PILOT_FACTS.earlyAdopters,
  PILOT_FACTS.conversionLift,
  PILOT_FACTS.satisfaction,
];

/** How a figure reads aloud: '48/50' as '48 out of 50'. */
export function spokenFigure({ value, suffix, label }: PilotFigure): string {
  const amount = suffix.startsWith('/') ? `${value} out of ${suffix.slice(1)}` : `${value}${suffix}`;
  return `${amount} ${label}`;
}

function StatCard({ figure, start, instant }: { figure: PilotFigure; start: boolean; instant: boolean }) {
  const shown = useCountUp(figure.value, { start, instant });
  return (
    <Card sx={{ height: '100%', textAlign: 'center' }}>
      <CardContent>
        {/* The moving digits would be read out frame by frame; screen readers get the final figure once. */}
        <Box aria-hidden="true">
          <Typography
            component="p"
            sx={{ fontSize: '2.5rem', fontWeight: 700, color: 'primary.main', fontVariantNumeric: 'tabular-nums' }}
          >
            {shown}
            {figure.suffix}
          </Typography>
          <Typography color="text.secondary">{figure.label}</Typography>
        </Box>
        <Box component="span" sx={visuallyHidden}>
          {spokenFigure(figure)}
        </Box>
      </CardContent>
    </Card>
  );
}

/**
 * The pilot figures, counting up over 900 ms once 30% of them is visible; instantly with
 * reduced motion or without IntersectionObserver. The caveat goes with them.
 */
export function PilotStats() {
  const { ref, revealed, instant } = useRevealOnce<HTMLUListElement>();
  return (
    <PageSection title="Pilot results">
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        What our first customers saw during the pilot.
      </Typography>
      <Grid
        container
        spacing={2}
        component="ul"
        ref={ref}
        aria-label="Pilot figures"
        sx={{ listStyle: 'none', p: 0, m: 0 }}
      >
        {FIGURES.map((figure) => (
          <Grid key={figure.label} component="li" size={{ xs: 12, sm: 4 }}>
            <StatCard figure={figure} start={revealed} instant={instant} />
          </Grid>
        ))}
      </Grid>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
        {PILOT_FACTS.note}
      </Typography>
    </PageSection>
  );
}
