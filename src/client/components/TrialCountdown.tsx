import { Box, Typography } from '@mui/material';
import { useMachine } from '@xstate/react';

import { type CountdownInput, countdownMachine, type TimeLeft } from './countdown.machine';

/** Shown for a missing, invalid or past end (spec section 8). */
export const TRIAL_ENDED_MESSAGE = 'Your Trial has ended!';

const UNITS: readonly { key: keyof TimeLeft; label: string }[] = [
  { key: 'days', label: 'Days' },
  { key: 'hours', label: 'Hours' },
  { key: 'minutes', label: 'Minutes' },
  { key: 'seconds', label: 'Seconds' },
];

function CountdownClock({ end }: CountdownInput) {
  const [snapshot] = useMachine(countdownMachine, { input: { end } });
  const { remaining } = snapshot.context;

  if (remaining === null) {
    return (
      <Typography role="status" variant="h6" component="p" color="text.secondary">
        {TRIAL_ENDED_MESSAGE}
      </Typography>
    );
  }
  // role="timer" is not announced on every tick; the label says what is counting.
  return (
    <Box role="timer" aria-label="Trial time left" sx={{ display: 'flex', gap: { xs: 1, sm: 2 } }}>
      {UNITS.map(({ key, label }) => (
        <Box
          key={key}
          sx={{
            minWidth: 64,
            px: 1.5,
            py: 1,
            textAlign: 'center',
            borderRadius: 1,
            bgcolor: 'background.paper',
            border: 1,
            borderColor: 'divider',
          }}
        >
          <Typography
            variant="h5"
            component="span"
            sx={{ display: 'block', fontVariantNumeric: 'tabular-nums', fontWeight: 700 }}
          >
            {String(remaining[key]).padStart(2, '0')}
          </Typography>
          <Typography variant="caption" component="span" color="text.secondary">
            {label}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

/** The trial countdown widget: days, hours, minutes and seconds until `end`, refreshed every second. */
export function TrialCountdown({ end }: CountdownInput) {
  // A new end starts a new clock: the machine's input is read once.
  return <CountdownClock key={String(end)} end={end} />;
}
