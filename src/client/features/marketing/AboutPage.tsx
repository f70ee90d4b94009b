import { SimplePage } from '@client/components/SimplePage';
import { Stack } from '@mui/material';

import { AboutContact } from './about/AboutContact';
import { CoreTeam, CoreValues, ProblemList } from './about/AboutLists';
import { AboutStory } from './about/AboutStory';
import { PilotStats } from './about/PilotStats';

/**
 * The public About page (/about-us): hero, mission, origin story, the three founders, the
 * problems we solve, the core team, the pilot figures (counting up), core values and the contact block.
 */
export function AboutPage() {
  return (
    <SimplePage title="About Us" intro="Why we built Adwise, and the people behind it.">
      <Stack spacing={{ xs: 4, md: 6 }}>
        <AboutStory />
        <ProblemList />
        <CoreTeam />
        <PilotStats />
        <CoreValues />
        <AboutContact />
      </Stack>
    </SimplePage>
  );
}
