import { Box, Typography } from '@mui/material';
import { type ReactNode, useId } from 'react';

/** A section of a content page named by its h2, so assistive technology lists it as a region. */
export function PageSection({ title, children }: { title: ReactNode; children?: ReactNode }) {
  const headingId = useId();
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography id={headingId} variant="h2" gutterBottom>
        {title}
      </Typography>
      {children}
    </Box>
  );
}
