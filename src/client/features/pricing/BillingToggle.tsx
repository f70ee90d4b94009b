import { Chip, Stack, ToggleButton, ToggleButtonGroup } from '@mui/material';
import { type Billing, YEARLY_SAVINGS_LABEL } from '@shared/pricing';
import { useId } from 'react';

/** Props of BillingToggle. */
export interface BillingToggleProps {
  billing: Billing;
  onChange: (billing: Billing) => void;
}

/** The Monthly/Yearly switch: two toggle buttons (aria-pressed), the yearly one described by 'Save up to 20%'. */
export function BillingToggle({ billing, onChange }: BillingToggleProps) {
  const savingsId = useId();
  return (
    <Stack direction="row" spacing={1.5} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
      <ToggleButtonGroup
        exclusive
        color="primary"
        value={billing}
        aria-label="Billing period"
        // Pressing the chosen button again gives null: a billing period is always chosen.
        onChange={(_event, next: Billing | null) => {
          if (next !== null) onChange(next);
        }}
      >
        <ToggleButton value="monthly" sx={{ px: 3, textTransform: 'none' }}>
          Monthly
        </ToggleButton>
        <ToggleButton value="yearly" sx={{ px: 3, textTransform: 'none' }} aria-describedby={savingsId}>
          Yearly
        </ToggleButton>
      </ToggleButtonGroup>
      <Chip id={savingsId} label={YEARLY_SAVINGS_LABEL} color="success" variant="outlined" />
    </Stack>
  );
}
