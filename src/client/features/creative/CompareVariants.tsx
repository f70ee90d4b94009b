import { errorMessage } from '@client/api/errors';
import AddIcon from '@mui/icons-material/Add';
import { Alert, Box, Button, CircularProgress, Stack, TextField, Typography } from '@mui/material';
import {
  CREATIVE_LIMITS,
  CREATIVE_PLACEMENT_LABELS,
  CREATIVE_PLACEMENTS,
  type CreativeComparison,
  type CreativeCopyInput,
  type CreativePlacement,
} from '@shared/api/creative';
import { creativeCompareSchema } from '@shared/validation/creative';
import { FieldArray, Form, Formik } from 'formik';
import { useState } from 'react';

import { useCompareCreativesMutation } from './creative.api';
import { Ranking, variantName } from './CreativeRanking';
import { isNeedsPro, NeedsPro } from './NeedsPro';

// The ranking lives in its own module: a shared (public) result shows it without this form's Formik and yup.
export { Ranking, RANKING_LABEL, variantName } from './CreativeRanking';

export const COMPARE_HEADING = 'Compare variants';
export const COMPARE_LABEL = 'Compare';
export const ADD_VARIANT_LABEL = 'Add variant';
export const COMPARE_FAILED = 'Unable to compare the variants right now. Please try again.';
export const variantFieldLabel = (index: number, field: 'placement' | 'headline' | 'primary text') =>
  `${variantName(index)} ${field}`;
export const removeVariantLabel = (index: number) => `Remove variant ${index + 1}`;

interface Variant {
  placement: CreativePlacement;
  headline: string;
  primary_text: string;
}

const blank = (): Variant => ({ placement: 'meta_feed', headline: '', primary_text: '' });

const copyOf = (variant: Variant): CreativeCopyInput => ({
  placement: variant.placement,
  headlines: variant.headline.trim() === '' ? [] : [variant.headline],
  primary_text: variant.primary_text,
  description: '',
  cta: '',
  landing_url: '',
});

/** Two to five short copies (placement, headline, primary text), ranked by the server with each step explained. */
export function CompareVariants() {
  const [compare, { isLoading }] = useCompareCreativesMutation();
  const [comparison, setComparison] = useState<CreativeComparison | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [invalid, setInvalid] = useState<string | null>(null);

  const submit = async (variants: Variant[]) => {
    setError(null);
    setInvalid(null);
    const body = { copies: variants.map(copyOf) };
    try {
      await creativeCompareSchema.validate(body);
    } catch (validation) {
      setInvalid((validation as Error).message);
      return;
    }
    try {
      setComparison(await compare(body).unwrap());
    } catch (failure) {
      setComparison(null);
      setError(failure);
    }
  };

  return (
    <Stack spacing={2} component="section" aria-label={COMPARE_HEADING}>
      <Typography variant="h2">{COMPARE_HEADING}</Typography>
      <Formik initialValues={{ variants: [blank(), blank()] }} onSubmit={(values) => submit(values.variants)}>
        {({ values, handleChange, handleBlur }) => (
          <Form noValidate aria-label={COMPARE_HEADING}>
            <FieldArray name="variants">
              {(helpers) => (
                <Stack spacing={2}>
                  {values.variants.map((variant, index) => (
                    <Box
                      key={index}
                      component="fieldset"
                      sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2, m: 0 }}
                    >
                      <Typography component="legend" variant="subtitle2" sx={{ px: 0.5 }}>
                        {variantName(index)}
                      </Typography>
                      <Stack
                        direction={{ xs: 'column', md: 'row' }}
                        spacing={1}
                        sx={{ alignItems: { md: 'flex-start' } }}
                      >
                        <TextField
                          select
                          name={`variants.${index}.placement`}
                          label={variantFieldLabel(index, 'placement')}
                          value={variant.placement}
                          onChange={handleChange}
                          onBlur={handleBlur}
                          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
                          sx={{ minWidth: 220 }}
                        >
                          {CREATIVE_PLACEMENTS.map((placement) => (
                            <option key={placement} value={placement}>
                              {CREATIVE_PLACEMENT_LABELS[placement]}
                            </option>
                          ))}
                        </TextField>
                        <TextField
                          name={`variants.${index}.headline`}
                          label={variantFieldLabel(index, 'headline')}
                          value={variant.headline}
                          onChange={handleChange}
                          onBlur={handleBlur}
                          sx={{ flex: 1 }}
                        />
                        <TextField
                          name={`variants.${index}.primary_text`}
                          label={variantFieldLabel(index, 'primary text')}
                          value={variant.primary_text}
                          onChange={handleChange}
                          onBlur={handleBlur}
                          multiline
                          sx={{ flex: 2 }}
                        />
                        {values.variants.length > CREATIVE_LIMITS.minVariants && (
                          <Button
                            onClick={() => helpers.remove(index)}
                            aria-label={removeVariantLabel(index)}
                            disabled={isLoading}
                          >
                            Remove
                          </Button>
                        )}
                      </Stack>
                    </Box>
                  ))}
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                    <Button
                      startIcon={<AddIcon />}
                      onClick={() => helpers.push(blank())}
                      disabled={isLoading || values.variants.length >= CREATIVE_LIMITS.maxVariants}
                    >
                      {ADD_VARIANT_LABEL}
                    </Button>
                    <Button type="submit" variant="contained" disabled={isLoading}>
                      {COMPARE_LABEL}
                    </Button>
                    {isLoading && <CircularProgress size={20} role="status" aria-label="Comparing the variants" />}
                  </Stack>
                </Stack>
              )}
            </FieldArray>
          </Form>
        )}
      </Formik>
      {invalid && <Alert severity="error">{invalid}</Alert>}
      {error !== null &&
        (isNeedsPro(error) ? <NeedsPro /> : <Alert severity="error">{errorMessage(error, COMPARE_FAILED)}</Alert>)}
      {comparison && <Ranking comparison={comparison} />}
    </Stack>
  );
}
