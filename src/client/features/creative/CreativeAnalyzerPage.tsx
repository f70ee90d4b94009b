import { useState } from 'react';
import { Alert, Box, CircularProgress, Stack, Typography } from '@mui/material';
import type { CreativeAnalysis, CreativeAnalyzeInput } from '@shared/api/creative';
import { errorMessage } from '@client/api/errors';
import { SimplePage } from '@client/components/SimplePage';
import { CompareVariants } from './CompareVariants';
import { errorField, errorStatus, useAnalyzeCreativeMutation } from './creative.api';
import { analyzeInput, CreativeForm, type CreativeFormValues, type ServerRefusal } from './CreativeForm';
import { CreativeResults } from './CreativeResults';
import { NeedsPro, isNeedsPro } from './NeedsPro';

const TITLE = 'Creative Analyzer';
export const CREATIVE_INTRO = 'Score an ad’s copy and image for its placement, see what earned and cost points, and compare variants.';
export const ANALYSING = 'Analysing your creative…';
export const ANALYSE_FAILED = 'Unable to analyse the creative right now. Please try again.';
export const NOT_FOR_ROLE = 'Your role in this workspace cannot use the Creative Analyzer.';

/** Props of CreativeAnalyzerPage: whether the role may analyse creatives. */
export interface CreativeAnalyzerPageProps {
  analyses?: boolean;
}

/** A result and what was sent for it (spans are offsets into the fields as sent). */
interface Shown {
  analysis: CreativeAnalysis;
  input: CreativeAnalyzeInput;
  imageSrc: string | null;
}

/** /creative-analyzer: one copy analysed and explained, and variants compared. */
export function CreativeAnalyzerPage({ analyses = true }: CreativeAnalyzerPageProps) {
  const [analyze, { isLoading }] = useAnalyzeCreativeMutation();
  const [shown, setShown] = useState<Shown | null>(null);
  const [refusal, setRefusal] = useState<ServerRefusal | null>(null);
  const [failure, setFailure] = useState<unknown>(null);

  const submit = async (values: CreativeFormValues) => {
    const input = analyzeInput(values);
    setRefusal(null);
    setFailure(null);
    try {
      const analysis = await analyze(input).unwrap();
      setShown({ analysis, input, imageSrc: values.image?.dataUrl ?? null });
    } catch (error) {
      if (errorStatus(error) === 400 && errorField(error)) setRefusal({ field: errorField(error), detail: errorMessage(error, ANALYSE_FAILED) });
      else setFailure(error);
    }
  };

  if (!analyses) {
    return (
      <SimplePage title={TITLE} intro={CREATIVE_INTRO}>
        <Alert severity="info">{NOT_FOR_ROLE}</Alert>
      </SimplePage>
    );
  }

  return (
    <SimplePage title={TITLE} intro={CREATIVE_INTRO}>
      <Stack spacing={4}>
        <Stack spacing={2} component="section" aria-label="Analyse a creative">
          <Typography variant="h2">Analyse a creative</Typography>
          <CreativeForm busy={isLoading} refusal={refusal} onEdited={() => setRefusal(null)} onSubmit={(values) => void submit(values)} />
          {isLoading && (
            <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
              <CircularProgress size={20} aria-hidden />
              <Typography variant="body2">{ANALYSING}</Typography>
            </Box>
          )}
          {failure !== null && (isNeedsPro(failure) ? <NeedsPro /> : <Alert severity="error">{errorMessage(failure, ANALYSE_FAILED)}</Alert>)}
          {refusal && refusal.field === null && <Alert severity="error">{refusal.detail}</Alert>}
          {shown && !isLoading && <CreativeResults analysis={shown.analysis} input={shown.input} imageSrc={shown.imageSrc} />}
        </Stack>
        <CompareVariants />
      </Stack>
    </SimplePage>
  );
}
