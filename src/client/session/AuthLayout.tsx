import { useDocumentTitle } from '@client/components/useDocumentTitle';
import { Container, Paper, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';

/** Props of AuthLayout. */
export interface AuthLayoutProps {
  /** The page's one h1, also the tab title. */
  title: string;
  intro?: ReactNode;
  children: ReactNode;
}

/** The narrow card that frames the account screens (login, register, password help). */
export function AuthLayout({ title, intro, children }: AuthLayoutProps) {
  useDocumentTitle(title);
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 4, md: 6 } }}>
      <Paper variant="outlined" sx={{ p: { xs: 3, sm: 4 } }}>
        <Stack spacing={3}>
          <Stack spacing={1}>
            <Typography variant="h1">{title}</Typography>
            {intro && (
              <Typography variant="body1" color="text.secondary">
                {intro}
              </Typography>
            )}
          </Stack>
          {children}
        </Stack>
      </Paper>
    </Container>
  );
}
