import { Box, Stack, Typography } from '@mui/material';
import { billedAmount, type Billing, formatInr, monthlyPrice, type Plan, yearlySavings } from '@shared/pricing';

/** Props of PlanPrice. */
export interface PlanPriceProps {
  plan: Plan;
  billing: Billing;
}

/** The price per month under a billing period, what one bill comes to, and the yearly saving. */
export function PlanPrice({ plan, billing }: PlanPriceProps) {
  const perMonth = monthlyPrice(plan, billing);
  const billed = billedAmount(plan, billing);
  const savings = yearlySavings(plan);

  if (perMonth === null || billed === null) {
    return (
      <Stack spacing={0.5}>
        <Typography variant="h4" component="p" sx={{ fontWeight: 700 }}>
          Custom
        </Typography>
        <Typography variant="body2" color="text.secondary">
          Priced for your accounts and team
        </Typography>
      </Stack>
    );
  }

  let detail: string;
  if (billed === 0) detail = 'Free forever';
  else if (billing === 'yearly') detail = `billed ${formatInr(billed)} yearly`;
  else detail = 'billed monthly';

  return (
    <Stack spacing={0.5}>
      <Typography variant="h4" component="p" sx={{ fontWeight: 700 }}>
        {formatInr(perMonth)}
        <Box component="span" sx={{ typography: 'body1', color: 'text.secondary', ml: 0.5 }}>
          /month
        </Box>
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {detail}
      </Typography>
      {billing === 'yearly' && savings !== null && savings > 0 && (
        <Typography variant="body2" sx={{ color: 'success.main', fontWeight: 600 }}>
          You save {formatInr(savings)} a year
        </Typography>
      )}
    </Stack>
  );
}
