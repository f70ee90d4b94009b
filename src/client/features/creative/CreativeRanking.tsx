import { List, ListItem, Typography } from '@mui/material';
import type { CreativeComparison } from '@shared/api/creative';

import { scoreText } from './CreativeResults';

// A comparison's ranking, shown under the Compare form and in a saved or shared result (which
// must not bring the form's Formik and yup along).

export const RANKING_LABEL = 'Ranking';
export const variantName = (index: number) => `Variant ${index + 1}`;

/** The ranking, best first, with why each is ahead of the next. */
export function Ranking({ comparison }: { comparison: CreativeComparison }) {
  return (
    <List component="ol" aria-label={RANKING_LABEL} sx={{ listStyle: 'none', p: 0 }}>
      {comparison.ranking.map((entry, position) => {
        const step = comparison.steps[position];
        return (
          <ListItem
            key={entry.index}
            disableGutters
            aria-label={`${entry.rank}. ${variantName(entry.index)}`}
            sx={{ display: 'block' }}
          >
            <Typography variant="subtitle1" component="p">
              {entry.rank}. {variantName(entry.index)}: <strong>{scoreText(entry.score)}</strong>
            </Typography>
            {step && (
              <Typography variant="body2" color="text.secondary">
                Ahead of {variantName(step.lower)} by {Math.round(step.difference)} points. {step.explanation}
                {step.headline_win_probability !== null &&
                  ` Its headline would win an A/B test with a probability of ${Math.round(step.headline_win_probability * 100)}%.`}
              </Typography>
            )}
          </ListItem>
        );
      })}
    </List>
  );
}
