import { useDocumentTitle } from '@client/components/useDocumentTitle';
import { Box, Container, Grid, Stack, Typography } from '@mui/material';
import { alpha } from '@mui/material/styles';
import { type ReactNode, useId } from 'react';

/** Props of MarketingHero. */
export interface MarketingHeroProps {
  /** The page's one h1. */
  title: string;
  /** The tab title; the h1 when left out. */
  documentTitle?: string;
  /** A short line above the h1 (not a heading). */
  eyebrow?: string;
  /** The promise under the h1. */
  intro: string;
  /** Calls to action under the intro. */
  actions?: ReactNode;
  /** Shown beside the text on wide screens and under it on narrow ones (facts, a preview). */
  aside?: ReactNode;
}

/**
 * The top band of a marketing page, a region named by its h1: eyebrow, h1, intro and calls to
 * action, with an optional aside. Dark text on a faint tint of the primary colour keeps every
 * text well above AA contrast.
 */
export function MarketingHero({ title, documentTitle, eyebrow, intro, actions, aside }: MarketingHeroProps) {
  useDocumentTitle(documentTitle ?? title);
  const headingId = useId();
  return (
    <Box
      component="section"
      aria-labelledby={headingId}
      sx={(theme) => ({
        py: { xs: 5, md: 8 },
        bgcolor: alpha(theme.palette.primary.main, 0.06),
        borderBottom: 1,
        borderColor: 'divider',
      })}
    >
      <Container maxWidth="lg">
        <Grid container spacing={{ xs: 4, md: 6 }} sx={{ alignItems: 'center' }}>
          <Grid size={{ xs: 12, md: aside ? 7 : 12 }}>
            <Stack spacing={2.5} sx={{ alignItems: 'flex-start' }}>
              {eyebrow && (
                <Typography
                  component="p"
                  variant="overline"
                  sx={{ color: 'primary.dark', fontWeight: 700, lineHeight: 1.5 }}
                >
                  {eyebrow}
                </Typography>
              )}
              <Typography
                variant="h1"
                id={headingId}
                sx={{ fontSize: { xs: '2rem', md: '2.75rem' }, overflowWrap: 'break-word', maxWidth: '20ch' }}
              >
                {title}
              </Typography>
              <Typography variant="h6" component="p" color="text.secondary" sx={{ fontWeight: 400, maxWidth: '60ch' }}>
                {intro}
              </Typography>
              {actions}
            </Stack>
          </Grid>
          {aside && <Grid size={{ xs: 12, md: 5 }}>{aside}</Grid>}
        </Grid>
      </Container>
    </Box>
  );
}
