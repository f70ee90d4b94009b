import { SimplePage } from '@client/components/SimplePage';
import { Alert, Box, Grid, Stack, Typography } from '@mui/material';
import { MARKETING_FACTS } from '@shared/marketing';
import { type Billing, PLANS } from '@shared/pricing';
import { useState } from 'react';

import { BillingToggle } from './BillingToggle';
import { PlanCard } from './PlanCard';
import { PricingFaq } from './PricingFaq';

/** The pricing page (/pricing): the Monthly/Yearly toggle, the three plans and a short FAQ. */
export function PricingPage() {
  const [billing, setBilling] = useState<Billing>('monthly');
  return (
    <SimplePage title="Pricing" intro="Simple plans for founders, marketers and agencies. Prices in Indian rupees.">
      <Stack spacing={{ xs: 4, md: 6 }}>
        <Alert severity="info" variant="outlined">
          Pro starts with a {MARKETING_FACTS.trialText}.
        </Alert>

        <Box component="section" aria-labelledby="plans-heading">
          <Stack spacing={2} sx={{ mb: 3 }}>
            <Typography id="plans-heading" variant="h2">
              Choose your plan
            </Typography>
            <BillingToggle billing={billing} onChange={setBilling} />
          </Stack>
          <Grid container spacing={3}>
            {PLANS.map((plan) => (
              <Grid key={plan.key} size={{ xs: 12, md: 4 }}>
                <PlanCard plan={plan} billing={billing} />
              </Grid>
            ))}
          </Grid>
        </Box>

        <PricingFaq />
      </Stack>
    </SimplePage>
  );
}
