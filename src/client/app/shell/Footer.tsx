import { IdleNewsletterOptIn } from '@client/features/newsletter/IdleNewsletterOptIn';
import { type AppPath, paths } from '@client/lib/paths';
import { Box, Container, Divider, Link, Stack, Typography } from '@mui/material';
import { REPLY_HOURS_MAX, REPLY_HOURS_MIN, SUPPORT_EMAIL } from '@shared/constants';
import { Link as RouterLink } from 'react-router-dom';

interface FooterColumn {
  title: string;
  links: { label: string; to: AppPath }[];
}

const COLUMNS: FooterColumn[] = [
  {
    title: 'Product',
    links: [
      { label: 'Features', to: paths.features },
      { label: 'Pricing', to: paths.pricing },
      { label: 'Integrations', to: paths.integrations },
    ],
  },
  {
    title: 'Company',
    links: [
      { label: 'About Us', to: paths.about },
      { label: 'Careers', to: paths.careers },
      { label: 'Blog', to: paths.blog },
    ],
  },
];

function ColumnHeading({ children }: { children: string }) {
  return (
    <Typography component="h2" variant="subtitle2" sx={{ mb: 1 }}>
      {children}
    </Typography>
  );
}

/** The site footer: product, company and contact columns, a newsletter opt-in, and the legal links. */
export function Footer() {
  return (
    <Box component="footer" sx={{ mt: 'auto', bgcolor: 'background.paper', borderTop: 1, borderColor: 'divider' }}>
      <Container maxWidth="lg" sx={{ py: 5 }}>
        <Box
          sx={{
            display: 'grid',
            gap: 4,
            gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: '2fr repeat(3, 1fr)' },
          }}
        >
          <Stack spacing={1} useFlexGap>
            <Typography variant="h6" component="p" sx={{ color: 'primary.main', fontWeight: 800 }}>
              Adwise
            </Typography>
            <Typography variant="body2" color="text.secondary">
              Every ad platform in one dashboard, with suggestions that lift conversions.
            </Typography>
            {/* A real double opt-in subscription; the box starts checked (spec section 4). */}
            <IdleNewsletterOptIn source="footer" />
          </Stack>
          {COLUMNS.map((column) => (
            <Box key={column.title} component="nav" aria-label={column.title}>
              <ColumnHeading>{column.title}</ColumnHeading>
              <Stack spacing={0.5}>
                {column.links.map((link) => (
                  <Link key={link.to} component={RouterLink} to={link.to} color="text.secondary" variant="body2">
                    {link.label}
                  </Link>
                ))}
              </Stack>
            </Box>
          ))}
          <Box>
            <ColumnHeading>Contact</ColumnHeading>
            <Stack spacing={0.5}>
              <Link component={RouterLink} to={paths.contact} color="text.secondary" variant="body2">
                Contact us
              </Link>
              <Link href={`mailto:${SUPPORT_EMAIL}`} color="text.secondary" variant="body2">
                {SUPPORT_EMAIL}
              </Link>
              <Typography variant="body2" color="text.secondary">
                We reply within {REPLY_HOURS_MIN}-{REPLY_HOURS_MAX} hours.
              </Typography>
            </Stack>
          </Box>
        </Box>
        <Divider sx={{ my: 3 }} />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'space-between' }}>
          <Typography variant="body2" color="text.secondary">
            © {new Date().getFullYear()} Adwise
          </Typography>
          <Stack direction="row" spacing={2} component="nav" aria-label="Legal">
            <Link component={RouterLink} to={paths.terms} variant="body2">
              Terms
            </Link>
            <Link component={RouterLink} to={paths.privacy} variant="body2">
              Privacy
            </Link>
          </Stack>
        </Stack>
      </Container>
    </Box>
  );
}
