import { Box, Card, CardContent, List, ListItem, Stack, Typography } from '@mui/material';
import type {
  CreativeAnalysis,
  CreativeAnalyzeInput,
  CreativeFieldFit,
  CreativeSubScore,
  CreativeTextAnalysis,
} from '@shared/api/creative';

import { cutLabel, fieldName, percent, validationText } from './creativeFormat';
import { HighlightedCopy } from './HighlightedCopy';
import { ImagePreview } from './ImagePreview';

export const RESULTS_HEADING = 'Results';
export const OVERALL_HEADING = 'Overall score';
export const SUB_SCORES_HEADING = 'Text scores';
export const TRUNCATION_HEADING = 'How it shows';
export const HEADLINE_MODEL_HEADING = 'Headline model';
export const SUGGESTIONS_HEADING = 'Suggestions';
export const IMAGE_HEADING = 'Image';
export const IMAGE_SCORES_HEADING = 'Image scores';
export const NOT_APPLICABLE = 'Does not apply';

export const scoreText = (score: number | null) => (score === null ? NOT_APPLICABLE : `${Math.round(score)}/100`);
const signed = (value: number) => `${value >= 0 ? '+' : '−'}${Math.abs(value).toFixed(2)}`;

/** A list of sub-scores, each with its label, score and explanation. */
function SubScoreList({
  label,
  scores,
}: {
  label: string;
  scores: (CreativeSubScore & { measure?: { value: number; unit: string } | null })[];
}) {
  return (
    <List aria-label={label} dense disablePadding>
      {scores.map((score) => (
        <ListItem key={score.key} disableGutters aria-label={score.label} sx={{ display: 'block' }}>
          <Typography variant="subtitle2" component="p">
            {score.label}: <strong>{scoreText(score.score)}</strong>
            {score.measure && (
              <Typography component="span" variant="body2" color="text.secondary">
                {' '}
                ({score.measure.value} {score.measure.unit})
              </Typography>
            )}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {score.explanation}
          </Typography>
        </ListItem>
      ))}
    </List>
  );
}

/** One field as the placement shows it: the visible part, then the part cut off, greyed and struck. */
function FieldFit({ fit, placement }: { fit: CreativeFieldFit; placement: CreativeAnalysis['placement'] }) {
  const name = fit.field === 'headline' ? fieldName(fit.field, fit.index) : fit.label;
  return (
    <ListItem disableGutters aria-label={name} sx={{ display: 'block' }}>
      <Typography variant="subtitle2" component="p">
        {name}{' '}
        <Typography component="span" variant="body2" color={fit.over_limit ? 'error' : 'text.secondary'}>
          ({fit.length}
          {fit.limit !== null ? ` of ${fit.limit}` : ''} characters{fit.over_limit ? ', over the limit' : ''})
        </Typography>
      </Typography>
      <Typography variant="body1" component="p" sx={{ whiteSpace: 'pre-wrap' }}>
        <span>{fit.visible}</span>
        {fit.cut !== '' && (
          <>
            <Box component="s" sx={{ color: 'text.disabled' }}>
              {fit.cut}
            </Box>{' '}
            <Typography component="span" variant="caption" color="text.secondary">
              ({cutLabel(placement)})
            </Typography>
          </>
        )}
      </Typography>
    </ListItem>
  );
}

/** The headline model: each headline's score and what moved it, beside the model's held-out validation. */
function HeadlineModel({ model }: { model: CreativeTextAnalysis['headline_model'] }) {
  if (model.scored === 'none') return null;
  return (
    <Stack spacing={1} component="section" aria-label={HEADLINE_MODEL_HEADING}>
      <Typography variant="h3">{HEADLINE_MODEL_HEADING}</Typography>
      {model.scored === 'opening_sentence' && (
        <Typography variant="body2" color="text.secondary">
          No headline was given, so the primary text’s opening sentence was scored.
        </Typography>
      )}
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
        <List dense disablePadding sx={{ flex: 1 }} aria-label="Headline scores">
          {model.headlines.map((headline, index) => (
            <ListItem key={index} disableGutters aria-label={headline.headline} sx={{ display: 'block' }}>
              <Typography variant="subtitle2" component="p">
                “{headline.headline}”: <strong>{scoreText(headline.score)}</strong>
              </Typography>
              {headline.top.length > 0 && (
                <Box component="ul" sx={{ m: 0, pl: 3 }}>
                  {headline.top.map((contribution, i) => (
                    <Typography component="li" variant="body2" key={i}>
                      {contribution.label} ({signed(contribution.contribution)})
                    </Typography>
                  ))}
                </Box>
              )}
            </ListItem>
          ))}
        </List>
        {model.validation && (
          <Box sx={{ flex: 1 }}>
            <Typography variant="body2">{validationText(model.validation)}</Typography>
            <Typography variant="caption" color="text.secondary">
              {model.validation.method}
            </Typography>
          </Box>
        )}
      </Stack>
    </Stack>
  );
}

/** One analysis: the overall score, the text's scores, highlights, truncation, headline model, suggestions and the image's. */
export function CreativeResults({
  analysis,
  input,
  imageSrc,
}: {
  analysis: CreativeAnalysis;
  input: CreativeAnalyzeInput;
  imageSrc: string | null;
}) {
  const { text, image } = analysis;
  const spans = text.sub_scores.flatMap((score) => score.spans);
  return (
    <Card component="section" aria-label={RESULTS_HEADING} variant="outlined">
      <CardContent>
        <Stack spacing={3}>
          <Typography variant="h2">{RESULTS_HEADING}</Typography>
          <Box component="section" aria-label={OVERALL_HEADING}>
            <Typography variant="h3">{OVERALL_HEADING}</Typography>
            <Typography variant="h4" component="p">
              {scoreText(text.overall.score)}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              For {analysis.placement_label}. {text.overall.explanation}
            </Typography>
          </Box>
          <Box component="section" aria-label={SUB_SCORES_HEADING}>
            <Typography variant="h3">{SUB_SCORES_HEADING}</Typography>
            <SubScoreList label={SUB_SCORES_HEADING} scores={text.sub_scores} />
          </Box>
          <HighlightedCopy input={input} spans={spans} />
          {text.fields.length > 0 && (
            <Box component="section" aria-label={TRUNCATION_HEADING}>
              <Typography variant="h3">{TRUNCATION_HEADING}</Typography>
              <List dense disablePadding aria-label={`${TRUNCATION_HEADING} on ${analysis.placement_label}`}>
                {text.fields.map((fit) => (
                  <FieldFit key={`${fit.field}-${fit.index}`} fit={fit} placement={analysis.placement} />
                ))}
              </List>
            </Box>
          )}
          <HeadlineModel model={text.headline_model} />
          {text.suggestions.length > 0 && (
            <Box component="section" aria-label={SUGGESTIONS_HEADING}>
              <Typography variant="h3">{SUGGESTIONS_HEADING}</Typography>
              <List dense disablePadding aria-label={SUGGESTIONS_HEADING}>
                {text.suggestions.map((suggestion, index) => (
                  <ListItem key={index} disableGutters sx={{ display: 'block' }}>
                    <Typography variant="body2" component="p">
                      {suggestion.field ? (
                        <strong>{fieldName(suggestion.field, suggestion.index ?? 0)}: </strong>
                      ) : null}
                      {suggestion.advice}
                    </Typography>
                    {suggestion.example && (
                      <Typography variant="body2" color="text.secondary">
                        For example: {suggestion.example}
                      </Typography>
                    )}
                  </ListItem>
                ))}
              </List>
            </Box>
          )}
          {image && (
            <Stack spacing={1} component="section" aria-label={IMAGE_HEADING}>
              <Typography variant="h3">{IMAGE_HEADING}</Typography>
              <Typography variant="body2" color="text.secondary">
                {image.format.toUpperCase()}, {image.width}×{image.height} pixels. Text covers about{' '}
                {percent(image.text_coverage)} of it.
              </Typography>
              <SubScoreList label={IMAGE_SCORES_HEADING} scores={image.sub_scores} />
              {imageSrc && <ImagePreview src={imageSrc} image={image} />}
            </Stack>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}
