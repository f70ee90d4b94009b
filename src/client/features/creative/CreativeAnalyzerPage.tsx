import { errorMessage } from '@client/api/errors';
import { SimplePage } from '@client/components/SimplePage';
import { Alert, Box, CircularProgress, Stack, Tab, Tabs, Typography } from '@mui/material';
import type { CreativeAnalysis, CreativeAnalysisRecord, CreativeAnalyzeInput } from '@shared/api/creative';
import type { PostLaunchAdView, PostLaunchView } from '@shared/api/creativePostLaunch';
import { type ReactNode, useId, useState } from 'react';

import { CompareVariants } from './CompareVariants';
import { errorField, errorStatus, useAnalyzeCreativeMutation } from './creative.api';
import {
  analyzeInput,
  CreativeForm,
  type CreativeFormValues,
  formValuesOf,
  INITIAL_VALUES,
  type ServerRefusal,
} from './CreativeForm';
import { CreativeHistory } from './CreativeHistory';
import { CreativeResults } from './CreativeResults';
import { FeedbackModel } from './FeedbackModel';
import { formValuesOfLiveAd } from './liveAd';
import { isNeedsPro, NeedsPro } from './NeedsPro';
import { useFetchPostLaunchImageMutation } from './postLaunch.api';
import { PostLaunchScores } from './PostLaunchScores';
import { ResultActions } from './ResultActions';
import { WhatChanged } from './WhatChanged';

const TITLE = 'Creative Analyzer';
export const CREATIVE_INTRO =
  'Score an ad’s copy and image for its placement, see what earned and cost points, and compare variants.';
export const ANALYSING = 'Analysing your creative…';
export const ANALYSE_FAILED = 'Unable to analyse the creative right now. Please try again.';
export const NOT_FOR_ROLE = 'Your role in this workspace cannot use the Creative Analyzer.';
export const REATTACH_IMAGE =
  'The saved analysis had an image. Only its thumbnail is kept, so attach the image again to have it scored.';
export const EDITING_SAVED = 'Editing a saved analysis: analysing again shows what changed since it.';
export const FROM_LIVE_AD = (name: string) =>
  `The copy of live ad “${name}” as the platform lists it. Edit it and analyse, or analyse it as it runs.`;
export const LIVE_IMAGE_UNAVAILABLE =
  'The platform did not serve this ad’s image, so only its copy is here: attach the image to have it scored.';

/** The page's tabs; another part of the analyzer adds its own entry here and a panel below. */
export const CREATIVE_TABS = { analyse: 'Analyse', live: 'Live ads', history: 'History' } as const;
type CreativeTab = keyof typeof CREATIVE_TABS;

/** Props of CreativeAnalyzerPage: whether the role may analyse creatives, and manage saved ones (delete them, share them, refit the model). */
export interface CreativeAnalyzerPageProps {
  analyses?: boolean;
  managesAnalyses?: boolean;
}

/** What the form starts from: empty, a saved analysis opened for editing, or a live ad. */
interface FormState {
  key: number;
  values: CreativeFormValues;
  reattachImage: boolean;
  editing: boolean;
  /** The live ad the form was filled from, and whether its image could not be read. */
  liveAd: { name: string; imageMissing: boolean } | null;
}

/** A result and what was sent for it (spans are offsets into the fields as sent). */
interface Shown {
  analysis: CreativeAnalysis;
  input: CreativeAnalyzeInput;
  imageSrc: string | null;
}

/** A tab's panel: kept mounted while hidden, so the form keeps what was typed. */
function TabPanel({
  id,
  tabId,
  hidden,
  children,
}: {
  id: string;
  tabId: string;
  hidden: boolean;
  children: ReactNode;
}) {
  return (
    <Box role="tabpanel" id={id} aria-labelledby={tabId} hidden={hidden} sx={{ pt: 3 }}>
      {children}
    </Box>
  );
}

/** /creative-analyzer: one copy analysed and explained (and analysed again, with what changed), variants compared, and the history. */
export function CreativeAnalyzerPage({ analyses = true, managesAnalyses = true }: CreativeAnalyzerPageProps) {
  const ids = useId();
  const [tab, setTab] = useState<CreativeTab>('analyse');
  const [analyze, { isLoading }] = useAnalyzeCreativeMutation();
  const [shown, setShown] = useState<Shown | null>(null);
  const [refusal, setRefusal] = useState<ServerRefusal | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  // The saved analysis the next Analyse re-analyses: the last one shown, or one opened for editing.
  const [previousId, setPreviousId] = useState<string | null>(null);
  const [form, setForm] = useState<FormState>({
    key: 0,
    values: INITIAL_VALUES,
    reattachImage: false,
    editing: false,
    liveAd: null,
  });
  const [fetchImage, { isLoading: openingAd }] = useFetchPostLaunchImageMutation();

  const submit = async (values: CreativeFormValues) => {
    const input = analyzeInput(values);
    setRefusal(null);
    setFailure(null);
    try {
      const analysis = await analyze(previousId ? { ...input, previous_id: previousId } : input).unwrap();
      setShown({ analysis, input, imageSrc: values.image?.dataUrl ?? null });
      setPreviousId(analysis.id ?? null);
      setForm((current) => ({ ...current, reattachImage: false }));
    } catch (error) {
      if (errorStatus(error) === 400 && errorField(error))
        setRefusal({ field: errorField(error), detail: errorMessage(error, ANALYSE_FAILED) });
      else setFailure(error);
    }
  };

  const edit = (record: Extract<CreativeAnalysisRecord, { kind: 'analysis' }>) => {
    setForm((current) => ({
      key: current.key + 1,
      values: formValuesOf(record.input.copy),
      reattachImage: record.input.image !== null,
      editing: true,
      liveAd: null,
    }));
    setPreviousId(record.id);
    setShown(null);
    setRefusal(null);
    setFailure(null);
    setTab('analyse');
  };

  /** A live ad into the form: its copy, and its image read from the platform when it has one. */
  const analyseLiveAd = async (ad: PostLaunchAdView, view: PostLaunchView) => {
    if (!ad.creative || !view.account || !view.placement) return;
    let image = null;
    let imageMissing = false;
    if (ad.creative.imageUrl) {
      try {
        image = await fetchImage({ account: view.account.id, ad: ad.ad_id }).unwrap();
      } catch {
        imageMissing = true;
      }
    }
    setForm((current) => ({
      key: current.key + 1,
      values: formValuesOfLiveAd(ad.creative!, view.placement!, ad.ad_id, image),
      reattachImage: false,
      editing: false,
      liveAd: { name: ad.name, imageMissing },
    }));
    setPreviousId(null);
    setShown(null);
    setRefusal(null);
    setFailure(null);
    setTab('analyse');
  };

  if (!analyses) {
    return (
      <SimplePage title={TITLE} intro={CREATIVE_INTRO}>
        <Alert severity="info">{NOT_FOR_ROLE}</Alert>
      </SimplePage>
    );
  }

  const tabId = (key: CreativeTab) => `${ids}-tab-${key}`;
  const panelId = (key: CreativeTab) => `${ids}-panel-${key}`;

  return (
    <SimplePage title={TITLE} intro={CREATIVE_INTRO}>
      <Tabs
        value={tab}
        onChange={(_event, value: CreativeTab) => setTab(value)}
        aria-label="Creative Analyzer sections"
      >
        {(Object.keys(CREATIVE_TABS) as CreativeTab[]).map((key) => (
          <Tab key={key} value={key} label={CREATIVE_TABS[key]} id={tabId(key)} aria-controls={panelId(key)} />
        ))}
      </Tabs>
      <TabPanel id={panelId('analyse')} tabId={tabId('analyse')} hidden={tab !== 'analyse'}>
        <Stack spacing={4}>
          <Stack spacing={2} component="section" aria-label="Analyse a creative">
            <Typography variant="h2">Analyse a creative</Typography>
            {form.editing && previousId && !shown && <Alert severity="info">{EDITING_SAVED}</Alert>}
            {form.reattachImage && <Alert severity="warning">{REATTACH_IMAGE}</Alert>}
            {form.liveAd && !shown && <Alert severity="info">{FROM_LIVE_AD(form.liveAd.name)}</Alert>}
            {form.liveAd?.imageMissing && <Alert severity="warning">{LIVE_IMAGE_UNAVAILABLE}</Alert>}
            <CreativeForm
              key={form.key}
              initialValues={form.values}
              busy={isLoading}
              refusal={refusal}
              onEdited={() => setRefusal(null)}
              onSubmit={(values) => void submit(values)}
            />
            {isLoading && (
              <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                <CircularProgress size={20} aria-hidden />
                <Typography variant="body2">{ANALYSING}</Typography>
              </Box>
            )}
            {failure !== null &&
              (isNeedsPro(failure) ? (
                <NeedsPro />
              ) : (
                <Alert severity="error">{errorMessage(failure, ANALYSE_FAILED)}</Alert>
              ))}
            {refusal && refusal.field === null && <Alert severity="error">{refusal.detail}</Alert>}
            {shown && !isLoading && (
              <>
                {shown.analysis.id && <ResultActions analysisId={shown.analysis.id} canShare={managesAnalyses} />}
                {shown.analysis.changes && <WhatChanged changes={shown.analysis.changes} />}
                <CreativeResults analysis={shown.analysis} input={shown.input} imageSrc={shown.imageSrc} />
              </>
            )}
          </Stack>
          <CompareVariants />
        </Stack>
      </TabPanel>
      <TabPanel id={panelId('live')} tabId={tabId('live')} hidden={tab !== 'live'}>
        {tab === 'live' && (
          <Stack spacing={4}>
            <PostLaunchScores analysing={openingAd} onAnalyse={(ad, view) => void analyseLiveAd(ad, view)} />
            <FeedbackModel canRefit={managesAnalyses} />
          </Stack>
        )}
      </TabPanel>
      <TabPanel id={panelId('history')} tabId={tabId('history')} hidden={tab !== 'history'}>
        {tab === 'history' && <CreativeHistory managesAnalyses={managesAnalyses} onEdit={edit} />}
      </TabPanel>
    </SimplePage>
  );
}
