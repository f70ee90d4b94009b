import CheckIcon from '@mui/icons-material/Check';
import {
  Card,
  CardActions,
  CardContent,
  Chip,
  List,
  ListItem,
  ListItemIcon,
  ListItemText,
  Stack,
  Typography,
} from '@mui/material';
import { type Billing, MOST_POPULAR_LABEL, type Plan } from '@shared/pricing';
import { useId } from 'react';

import { PlanCallToAction } from './PlanCallToAction';
import { PlanPrice } from './PlanPrice';

/** Props of PlanCard. */
export interface PlanCardProps {
  plan: Plan;
  billing: Billing;
}

/** One plan: title, badge, price, features and its call to action. */
export function PlanCard({ plan, billing }: PlanCardProps) {
  const titleId = useId();
  return (
    <Card
      component="article"
      aria-labelledby={titleId}
      sx={{
        height: '100%',
        display: 'flex',
        flexDirection: 'column',
        ...(plan.popular && { borderColor: 'primary.main', borderWidth: 2 }),
      }}
    >
      <CardContent sx={{ flexGrow: 1 }}>
        <Stack spacing={2}>
          <Stack
            direction="row"
            spacing={1}
            useFlexGap
            sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }}
          >
            <Typography id={titleId} variant="h3" component="h3">
              {plan.title}
            </Typography>
            {plan.popular && <Chip label={MOST_POPULAR_LABEL} color="primary" size="small" />}
          </Stack>
          <Typography variant="body2" color="text.secondary">
            {plan.summary}
          </Typography>
          <PlanPrice plan={plan} billing={billing} />
          <List dense disablePadding aria-label={`${plan.title} includes`}>
            {plan.features.map((feature) => (
              <ListItem key={feature} disableGutters>
                <ListItemIcon sx={{ minWidth: 32 }}>
                  <CheckIcon aria-hidden color="success" fontSize="small" />
                </ListItemIcon>
                <ListItemText primary={feature} />
              </ListItem>
            ))}
          </List>
        </Stack>
      </CardContent>
      <CardActions sx={{ p: 2, pt: 0 }}>
        <PlanCallToAction plan={plan} billing={billing} />
      </CardActions>
    </Card>
  );
}
