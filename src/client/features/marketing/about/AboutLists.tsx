import { PageSection } from '@client/components/PageSection';
import { Avatar, Box, Card, CardContent, Grid, List, ListItem, ListItemText, Stack, Typography } from '@mui/material';

import { CORE_TEAM, CORE_VALUES, PROBLEMS } from './aboutContent';

/** A person's initials for the avatar: 'Ananya Iyer' -> 'AI'. */
export function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .map((part) => part[0].toUpperCase())
    .join('');
}

/** A list of titled items, each with a line of explanation. */
function TitledList({ items, label }: { items: readonly { title: string; text: string }[]; label: string }) {
  return (
    <List aria-label={label}>
      {items.map((item) => (
        <ListItem key={item.title} disableGutters>
          <ListItemText
            primary={item.title}
            secondary={item.text}
            slotProps={{ primary: { sx: { fontWeight: 600 } } }}
          />
        </ListItem>
      ))}
    </List>
  );
}

/** The problems Adwise solves (spec section 2's list). */
export function ProblemList() {
  return (
    <PageSection title="The problem we solve">
      <TitledList items={PROBLEMS} label="Problems" />
    </PageSection>
  );
}

/** The core team: three people, each with a role. */
export function CoreTeam() {
  return (
    <PageSection title="Core team">
      <Grid container spacing={2} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label="Core team">
        {CORE_TEAM.map((member) => (
          <Grid key={member.name} component="li" size={{ xs: 12, sm: 4 }}>
            <Card sx={{ height: '100%' }}>
              <CardContent>
                <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
                  <Avatar aria-hidden="true" sx={{ bgcolor: 'primary.main', color: 'primary.contrastText' }}>
                    {initials(member.name)}
                  </Avatar>
                  <Box sx={{ minWidth: 0 }}>
                    <Typography variant="h3" component="h3" sx={{ fontSize: '1.125rem' }}>
                      {member.name}
                    </Typography>
                    <Typography color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                      {member.role}
                    </Typography>
                  </Box>
                </Stack>
              </CardContent>
            </Card>
          </Grid>
        ))}
      </Grid>
    </PageSection>
  );
}

/** The values we work by. */
export function CoreValues() {
  return (
    <PageSection title="Core values">
      <TitledList items={CORE_VALUES} label="Core values" />
    </PageSection>
  );
}
