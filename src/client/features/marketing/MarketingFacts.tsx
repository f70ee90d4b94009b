import CardGiftcardIcon from '@mui/icons-material/CardGiftcard';
import GroupsIcon from '@mui/icons-material/Groups';
import SupportAgentIcon from '@mui/icons-material/SupportAgent';
import TrendingUpIcon from '@mui/icons-material/TrendingUp';
import { Box, Paper, Typography } from '@mui/material';
import { REPLY_HOURS_MAX, REPLY_HOURS_MIN } from '@shared/constants';
import { MARKETING_FACTS } from '@shared/marketing';
import type { ReactElement } from 'react';

/** The spec's marketing claims (section 1) a page can show. */
export type MarketingFact = 'brands' | 'roi' | 'trial' | 'reply';

interface FactView {
  /** The figure, large; hidden from assistive technology because `text` says it again. */
  figure: string;
  /** The claim in the spec's words. */
  text: string;
  icon: ReactElement;
}

const FACTS: Record<MarketingFact, FactView> = {
  brands: { figure: MARKETING_FACTS.brands, text: MARKETING_FACTS.brandsText, icon: <GroupsIcon aria-hidden /> },
  roi: { figure: MARKETING_FACTS.roiLift, text: MARKETING_FACTS.roiLiftText, icon: <TrendingUpIcon aria-hidden /> },
  trial: {
    figure: `${MARKETING_FACTS.trialDays} days`,
    text: MARKETING_FACTS.trialText,
    icon: <CardGiftcardIcon aria-hidden />,
  },
  reply: {
    figure: `${REPLY_HOURS_MIN}-${REPLY_HOURS_MAX} h`,
    text: MARKETING_FACTS.replyText,
    icon: <SupportAgentIcon aria-hidden />,
  },
};

/** Props of MarketingFacts. */
export interface MarketingFactsProps {
  /** Which facts, in order. */
  facts: readonly MarketingFact[];
  /** Names the list for assistive technology. */
  label?: string;
}

/** The marketing facts as a list of figures with their claims, two or more to a row where there is room. */
export function MarketingFacts({ facts, label = 'Adwise in numbers' }: MarketingFactsProps) {
  return (
    <Box
      component="ul"
      aria-label={label}
      sx={{
        m: 0,
        p: 0,
        listStyle: 'none',
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' },
      }}
    >
      {facts.map((fact) => {
        const { figure, text, icon } = FACTS[fact];
        return (
          <Paper
            component="li"
            key={fact}
            variant="outlined"
            sx={{ p: 2, display: 'flex', gap: 1.5, alignItems: 'flex-start', minWidth: 0 }}
          >
            <Box sx={{ color: 'primary.main', display: 'flex', pt: 0.5 }}>{icon}</Box>
            <Box sx={{ minWidth: 0 }}>
              <Typography
                aria-hidden
                component="span"
                sx={{ display: 'block', fontSize: '1.5rem', fontWeight: 700, lineHeight: 1.2, color: 'primary.dark' }}
              >
                {figure}
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'break-word' }}>
                {text}
              </Typography>
            </Box>
          </Paper>
        );
      })}
    </Box>
  );
}
