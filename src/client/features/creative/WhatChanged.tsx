import { Box, List, ListItem, Typography } from '@mui/material';
import type { CreativeChanges, CreativeInputField, CreativeScoreChange } from '@shared/api/creative';

export const WHAT_CHANGED_HEADING = 'What changed';
export const NO_INPUT_CHANGED = 'No input changed since the last analysis.';

/** Each input's name in the "changed" line. */
export const INPUT_LABELS: Record<CreativeInputField, string> = {
  placement: 'Placement',
  headlines: 'Headlines',
  primary_text: 'Primary text',
  description: 'Description',
  cta: 'Call to action',
  landing_url: 'Landing URL',
  image: 'Image',
};

const shown = (score: number | null) => (score === null ? 'n/a' : String(Math.round(score)));

/** A difference in words, so it reads the same without colour: "up 12", "down 3", "unchanged". */
export function deltaText(delta: number | null): string {
  if (delta === null) return 'not comparable';
  const rounded = Math.round(delta);
  if (rounded === 0) return 'unchanged';
  return rounded > 0 ? `up ${rounded}` : `down ${-rounded}`;
}

/** "Clarity: 50 → 65, up 15". */
export const changeText = (change: CreativeScoreChange) =>
  `${change.label}: ${shown(change.before)} → ${shown(change.after)}, ${deltaText(change.delta)}`;

const colour = (delta: number | null) =>
  delta === null || Math.round(delta) === 0 ? 'text.secondary' : delta > 0 ? 'success.main' : 'error.main';

function ChangeList({ label, changes }: { label: string; changes: CreativeScoreChange[] }) {
  if (changes.length === 0) return null;
  return (
    <List dense disablePadding aria-label={label}>
      {changes.map((change) => (
        <ListItem key={change.key} disableGutters>
          <Typography variant="body2" color={colour(change.delta)}>
            {changeText(change)}
          </Typography>
        </ListItem>
      ))}
    </List>
  );
}

/** A re-analysis against the one before: the overall score and each sub-score before → after, and which inputs changed. */
export function WhatChanged({ changes }: { changes: CreativeChanges }) {
  return (
    <Box
      component="section"
      aria-label={WHAT_CHANGED_HEADING}
      sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2 }}
    >
      <Typography variant="h3">{WHAT_CHANGED_HEADING}</Typography>
      <Typography variant="subtitle1" component="p" color={colour(changes.overall.delta)}>
        {changeText(changes.overall)}
      </Typography>
      <Typography variant="body2" component="p">
        {changes.inputs.length
          ? `Changed: ${changes.inputs.map((field) => INPUT_LABELS[field]).join(', ')}.`
          : NO_INPUT_CHANGED}
      </Typography>
      <ChangeList label="Text score changes" changes={changes.sub_scores} />
      <ChangeList label="Image score changes" changes={changes.image_scores} />
    </Box>
  );
}
