import { Box, Container, Stack, Typography } from '@mui/material';
import { type ReactNode, useId } from 'react';

/** Props of MarketingSection. */
export interface MarketingSectionProps {
  /** The section's h2, which also names the section for assistive technology. */
  title: string;
  /** A short line under the heading. */
  intro?: ReactNode;
  /** A tinted band instead of the page background, to set sections apart. */
  tinted?: boolean;
  /** The section's id, for links to it (e.g. `/integrations#how-connecting-works`). */
  id?: string;
  children?: ReactNode;
}

/** One band of a marketing page: a named section with its h2, laid out in the page's width. */
export function MarketingSection({ title, intro, tinted = false, id, children }: MarketingSectionProps) {
  const headingId = useId();
  return (
    <Box
      component="section"
      id={id}
      aria-labelledby={headingId}
      sx={{
        py: { xs: 5, md: 7 },
        bgcolor: tinted ? 'background.paper' : undefined,
        borderTop: tinted ? 1 : 0,
        borderBottom: tinted ? 1 : 0,
        borderColor: 'divider',
      }}
    >
      <Container maxWidth="lg">
        <Stack spacing={3}>
          <Stack spacing={1}>
            <Typography variant="h2" id={headingId}>
              {title}
            </Typography>
            {intro && (
              <Typography color="text.secondary" sx={{ maxWidth: '70ch' }}>
                {intro}
              </Typography>
            )}
          </Stack>
          {children}
        </Stack>
      </Container>
    </Box>
  );
}
