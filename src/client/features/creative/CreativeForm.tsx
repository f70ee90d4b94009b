import AddIcon from '@mui/icons-material/Add';
import { Box, Button, FormHelperText, Stack, TextField, Typography } from '@mui/material';
import {
  CREATIVE_LIMITS,
  CREATIVE_PLACEMENT_LABELS,
  CREATIVE_PLACEMENTS,
  type CreativeAnalyzeInput,
  type CreativeCopyInput,
  type CreativePlacement,
} from '@shared/api/creative';
import { creativeAnalyzeSchema } from '@shared/validation/creative';
import { FieldArray, Form, Formik, type FormikErrors, getIn } from 'formik';
import { useId } from 'react';

import { type ChosenImage, ImageField } from './ImageField';
import { truncationPreview } from './truncationPreview';

export const PLACEMENT_LABEL = 'Placement';
export const ADD_HEADLINE_LABEL = 'Add headline';
export const ANALYSE_LABEL = 'Analyse';
export const headlineLabel = (index: number) => `Headline ${index + 1}`;
export const removeHeadlineLabel = (index: number) => `Remove headline ${index + 1}`;
export const TEXT_LABELS = {
  primary_text: 'Primary text',
  description: 'Description',
  cta: 'Call to action (CTA)',
  landing_url: 'Landing URL',
} as const;

type TextKey = keyof typeof TEXT_LABELS;

/** The form's values: the copy as typed, and the chosen image. */
export interface CreativeFormValues {
  placement: CreativePlacement;
  headlines: string[];
  primary_text: string;
  description: string;
  cta: string;
  landing_url: string;
  image: ChosenImage | null;
}

export const INITIAL_VALUES: CreativeFormValues = {
  placement: 'meta_feed',
  headlines: [''],
  primary_text: '',
  description: '',
  cta: '',
  landing_url: '',
  image: null,
};

/** What the server refused: its words, and the field it named. */
export interface ServerRefusal {
  field: string | null;
  detail: string;
}

/** The request for the values: empty headlines are left out, the image as base64. */
export function analyzeInput(values: CreativeFormValues): CreativeAnalyzeInput {
  return {
    placement: values.placement,
    headlines: values.headlines.filter((headline) => headline.trim() !== ''),
    primary_text: values.primary_text,
    description: values.description,
    cta: values.cta,
    landing_url: values.landing_url,
    image: values.image?.base64 ?? null,
  };
}

/** Runs the server's schema on what would be sent; its errors keyed as the form's fields. */
async function validate(values: CreativeFormValues): Promise<FormikErrors<CreativeFormValues>> {
  try {
    await creativeAnalyzeSchema.validate({ ...values, image: values.image?.base64 ?? null }, { abortEarly: false });
    return {};
  } catch (error) {
    const errors: Record<string, unknown> = {};
    for (const inner of (error as { inner?: { path?: string; message: string }[] }).inner ?? []) {
      const path = (inner.path ?? '').replace(/\[(\d+)\]/g, '.$1');
      if (path.startsWith('headlines.')) {
        const list = (errors.headlines as string[] | undefined) ?? [];
        list[Number(path.split('.')[1])] = inner.message;
        errors.headlines = list;
      } else if (path && !(path in errors)) errors[path] = inner.message;
    }
    return errors as FormikErrors<CreativeFormValues>;
  }
}

/** The server's field name as the form's: `headlines[1]` → `headlines.1`. */
const formFieldOf = (field: string | null) => (field ?? '').replace(/\[(\d+)\]/g, '.$1');

/** The form's values for a saved copy ("Edit and re-analyse"); an image cannot come back from a thumbnail. */
export function formValuesOf(copy: CreativeCopyInput): CreativeFormValues {
  return {
    placement: copy.placement,
    headlines: copy.headlines.length ? [...copy.headlines] : [''],
    primary_text: copy.primary_text,
    description: copy.description,
    cta: copy.cta,
    landing_url: copy.landing_url,
    image: null,
  };
}

export interface CreativeFormProps {
  /** What the form starts with (a new form for new values: give it a new `key`). */
  initialValues?: CreativeFormValues;
  busy: boolean;
  refusal: ServerRefusal | null;
  /** Called when a field the server refused changes, to take the refusal away. */
  onEdited: () => void;
  onSubmit: (values: CreativeFormValues) => void;
}

/** The copy to analyse: placement, headlines, texts, CTA, landing URL and an optional image; Analyse. */
export function CreativeForm({ initialValues = INITIAL_VALUES, busy, refusal, onEdited, onSubmit }: CreativeFormProps) {
  const headlinesId = useId();
  const refusedField = refusal ? formFieldOf(refusal.field) : null;
  const serverError = (field: string) => (refusal && refusedField === field ? refusal.detail : null);

  return (
    <Formik<CreativeFormValues>
      initialValues={initialValues}
      validate={validate}
      onSubmit={(values) => onSubmit(values)}
    >
      {({ values, errors, touched, handleChange, handleBlur, setFieldValue }) => {
        const change = (event: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => {
          if (
            refusal &&
            (refusedField === event.target.name ||
              (refusedField === 'headlines' && event.target.name.startsWith('headlines')))
          )
            onEdited();
          handleChange(event);
        };
        const errorOf = (field: string): string | null => {
          const local = getIn(touched, field) ? getIn(errors, field) : undefined;
          return (typeof local === 'string' ? local : null) ?? serverError(field);
        };
        const headlinesError =
          serverError('headlines') ?? (typeof errors.headlines === 'string' ? errors.headlines : null);
        return (
          <Form noValidate aria-label="Creative to analyse">
            <Stack spacing={2}>
              <TextField
                select
                name="placement"
                label={PLACEMENT_LABEL}
                value={values.placement}
                onChange={change}
                onBlur={handleBlur}
                slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
                error={Boolean(errorOf('placement'))}
                helperText={errorOf('placement') ?? undefined}
                sx={{ maxWidth: 360 }}
              >
                {CREATIVE_PLACEMENTS.map((placement) => (
                  <option key={placement} value={placement}>
                    {CREATIVE_PLACEMENT_LABELS[placement]}
                  </option>
                ))}
              </TextField>
              <FieldArray name="headlines">
                {(helpers) => (
                  <Box
                    component="fieldset"
                    sx={{ border: 0, p: 0, m: 0 }}
                    aria-describedby={headlinesError ? headlinesId : undefined}
                  >
                    <Typography component="legend" variant="subtitle1" sx={{ mb: 1 }}>
                      Headlines
                    </Typography>
                    <Stack spacing={1}>
                      {values.headlines.map((headline, index) => {
                        const field = `headlines.${index}`;
                        return (
                          <Stack key={index} direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
                            <TextField
                              fullWidth
                              name={field}
                              label={headlineLabel(index)}
                              value={headline}
                              onChange={change}
                              onBlur={handleBlur}
                              error={Boolean(errorOf(field))}
                              helperText={
                                errorOf(field) ?? truncationPreview(headline, values.placement, 'headline') ?? undefined
                              }
                            />
                            <Button
                              onClick={() => helpers.remove(index)}
                              aria-label={removeHeadlineLabel(index)}
                              disabled={busy}
                              sx={{ mt: 1 }}
                            >
                              Remove
                            </Button>
                          </Stack>
                        );
                      })}
                    </Stack>
                    {headlinesError && (
                      <FormHelperText id={headlinesId} error>
                        {headlinesError}
                      </FormHelperText>
                    )}
                    <Button
                      startIcon={<AddIcon />}
                      onClick={() => helpers.push('')}
                      disabled={busy || values.headlines.length >= CREATIVE_LIMITS.maxHeadlines}
                      sx={{ mt: 1 }}
                    >
                      {ADD_HEADLINE_LABEL}
                    </Button>
                  </Box>
                )}
              </FieldArray>
              {(Object.keys(TEXT_LABELS) as TextKey[]).map((key) => (
                <TextField
                  key={key}
                  name={key}
                  label={TEXT_LABELS[key]}
                  value={values[key]}
                  onChange={change}
                  onBlur={handleBlur}
                  multiline={key === 'primary_text' || key === 'description'}
                  minRows={key === 'primary_text' ? 3 : undefined}
                  type={key === 'landing_url' ? 'url' : 'text'}
                  error={Boolean(errorOf(key))}
                  helperText={
                    errorOf(key) ??
                    (key === 'primary_text' || key === 'description'
                      ? truncationPreview(values[key], values.placement, key)
                      : null) ??
                    undefined
                  }
                />
              ))}
              <ImageField
                image={values.image}
                disabled={busy}
                error={serverError('image')}
                onChange={(image) => {
                  if (refusedField === 'image') onEdited();
                  void setFieldValue('image', image);
                }}
              />
              <Box>
                <Button type="submit" variant="contained" disabled={busy} aria-busy={busy}>
                  {ANALYSE_LABEL}
                </Button>
              </Box>
            </Stack>
          </Form>
        );
      }}
    </Formik>
  );
}
