import { newRulePath } from '@client/lib/paths';
import { Box, Button, Paper, Stack, Typography } from '@mui/material';
import { RULE_PRESETS, type RulePreset } from '@shared/api/rules';
import { useId } from 'react';
import { Link as RouterLink } from 'react-router-dom';

/** The section's heading and its cards' button. */
export const PRESETS_HEADING = 'Start from a preset';
export const USE_PRESET_LABEL = 'Use this preset';

function PresetCard({ preset }: { preset: RulePreset }) {
  const titleId = useId();
  return (
    <Paper component="li" variant="outlined" aria-labelledby={titleId} sx={{ p: 2 }}>
      <Stack spacing={1} sx={{ height: '100%' }}>
        <Typography id={titleId} component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
          {preset.title}
        </Typography>
        <Typography variant="body2">{preset.why}</Typography>
        {preset.asks.length > 0 && (
          <Box>
            <Typography variant="body2" color="text.secondary">
              You set:
            </Typography>
            <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
              {preset.asks.map((ask) => (
                <Typography component="li" variant="body2" color="text.secondary" key={ask}>
                  {ask}
                </Typography>
              ))}
            </Box>
          </Box>
        )}
        <Box sx={{ mt: 'auto', pt: 1 }}>
          <Button
            size="small"
            variant="outlined"
            component={RouterLink}
            to={newRulePath(preset.id)}
            aria-describedby={titleId}
          >
            {USE_PRESET_LABEL}
          </Button>
        </Box>
      </Stack>
    </Paper>
  );
}

/** Presets that teach good practice (each waits for enough data and leaves a cooldown), each opening the builder prefilled. */
export function RulePresets() {
  const headingId = useId();
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography id={headingId} variant="h2" gutterBottom>
        {PRESETS_HEADING}
      </Typography>
      <Box
        component="ul"
        aria-labelledby={headingId}
        sx={{
          m: 0,
          p: 0,
          listStyle: 'none',
          display: 'grid',
          gap: 1.5,
          gridTemplateColumns: { xs: '1fr', md: 'repeat(2, 1fr)' },
        }}
      >
        {RULE_PRESETS.map((preset) => (
          <PresetCard key={preset.id} preset={preset} />
        ))}
      </Box>
    </Box>
  );
}
