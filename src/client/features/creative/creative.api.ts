import type { CreativeAnalysis, CreativeAnalyzeInput, CreativeCompareInput, CreativeComparison } from '@shared/api/creative';
import { baseApi } from '@client/api/baseApi';

/** The HTTP status of a failed call, if it has one. */
export function errorStatus(error: unknown): number | null {
  if (typeof error !== 'object' || error === null || !('status' in error)) return null;
  const { status } = error as { status: unknown };
  return typeof status === 'number' ? status : null;
}

/** The request field a 400 names: one rule for the whole client. */
export { errorField } from '@client/api/errors';

/** The Creative Analyzer (contract: @shared/api/creative), injected into the one API. Nothing is cached: each call is a new analysis. */
export const creativeApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    analyzeCreative: build.mutation<CreativeAnalysis, CreativeAnalyzeInput>({
      query: (body) => ({ url: 'creative/analyze/', method: 'POST', body }),
    }),
    compareCreatives: build.mutation<CreativeComparison, CreativeCompareInput>({
      query: (body) => ({ url: 'creative/compare/', method: 'POST', body }),
    }),
  }),
});

export const { useAnalyzeCreativeMutation, useCompareCreativesMutation } = creativeApi;
