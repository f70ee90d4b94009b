import { useId } from 'react';
import LightbulbOutlinedIcon from '@mui/icons-material/LightbulbOutlined';
import { List, ListItem, ListItemIcon, ListItemText, Paper, Typography } from '@mui/material';

/** The spec's four tips (section 2), in order. */
export const SMART_SUGGESTIONS = [
  'Reduce bids on campaigns with a high CPC and a low CTR.',
  'Boost creatives that perform well across platforms.',
  'Adjust the timing of your ads to when your audience responds best.',
  'Test new calls to action (CTAs).',
] as const;

/** The note under the tips. */
export const SUGGESTIONS_NOTE = 'These tips are suggestions, not guarantees: results vary by vertical, audience and spend.';

/** Smart Suggestions: general tips below the campaigns, with the note that they promise nothing. */
export function SmartSuggestions() {
  const headingId = useId();
  return (
    <Paper component="section" variant="outlined" aria-labelledby={headingId} sx={{ p: 2 }}>
      <Typography variant="h3" component="h2" id={headingId}>
        Smart Suggestions
      </Typography>
      <List dense>
        {SMART_SUGGESTIONS.map((tip) => (
          <ListItem key={tip} disableGutters>
            <ListItemIcon sx={{ minWidth: 36, color: 'warning.main' }}>
              <LightbulbOutlinedIcon fontSize="small" aria-hidden />
            </ListItemIcon>
            <ListItemText primary={tip} />
          </ListItem>
        ))}
      </List>
      <Typography variant="body2" color="text.secondary">
        {SUGGESTIONS_NOTE}
      </Typography>
    </Paper>
  );
}
