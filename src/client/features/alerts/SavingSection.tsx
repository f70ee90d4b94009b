import { Paper, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';

/** Props of SavingSection. */
export interface SavingSectionProps {
  headingId: string;
  title: string;
  /** Said beside the heading once a change is saved ('' until then). */
  savedText: string;
  /** The id of the text describing the section, if any. */
  describedBy?: string;
  children: ReactNode;
}

/**
 * An alerts settings section whose controls save as soon as they change: an outlined region
 * named by its heading, with a polite status beside it that says "Saved" (always rendered, so
 * screen readers hear the text when it appears).
 */
export function SavingSection({ headingId, title, savedText, describedBy, children }: SavingSectionProps) {
  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby={headingId}
      aria-describedby={describedBy}
      sx={{ p: 2 }}
    >
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'baseline' }}>
        <Typography id={headingId} variant="h6" component="h2">
          {title}
        </Typography>
        <Typography role="status" variant="body2" color="success.main">
          {savedText}
        </Typography>
      </Stack>
      {children}
    </Paper>
  );
}
