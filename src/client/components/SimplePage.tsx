import { Container, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';

import { useDocumentTitle } from './useDocumentTitle';

/** Props of SimplePage. */
export interface SimplePageProps {
  /** The page's one h1, also used as the tab title. */
  title: string;
  /** A short line under the heading. */
  intro?: string;
  children?: ReactNode;
}

/** A page frame with its h1: the common shell of content pages. */
export function SimplePage({ title, intro, children }: SimplePageProps) {
  useDocumentTitle(title);
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 4, md: 6 } }}>
      <Stack spacing={2}>
        <Typography variant="h1">{title}</Typography>
        {intro && (
          <Typography variant="body1" color="text.secondary">
            {intro}
          </Typography>
        )}
        {children}
      </Stack>
    </Container>
  );
}
