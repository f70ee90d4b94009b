import { Box, LinearProgress, Typography } from '@mui/material';
import { PASSWORD_STRENGTH_MAX } from '@shared/constants';
import { passwordStrength, type StrengthColour } from '@shared/passwordStrength';

// The spec's red, amber and green, as the theme's palette names them.
const PALETTE: Record<StrengthColour, 'error' | 'warning' | 'success'> = {
  red: 'error',
  amber: 'warning',
  green: 'success',
};

/** Props of PasswordStrengthMeter. */
export interface PasswordStrengthMeterProps {
  password: string;
}

/** The strength bar under a new password: score 0-5, one of six labels, red/amber/green (spec section 5). */
export function PasswordStrengthMeter({ password }: PasswordStrengthMeterProps) {
  const { score, label, colour } = passwordStrength(password);
  return (
    <Box>
      <LinearProgress
        variant="determinate"
        value={(score / PASSWORD_STRENGTH_MAX) * 100}
        color={PALETTE[colour]}
        aria-label="Password strength"
        aria-valuetext={label}
        data-colour={colour}
        sx={{ height: 6, borderRadius: 3 }}
      />
      <Typography variant="caption" color="text.secondary" aria-live="polite">
        Password strength: {label}
      </Typography>
    </Box>
  );
}
