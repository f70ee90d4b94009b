import type { CreativeAnalysis, CreativeAnalyzeInput, CreativeCompareInput, CreativeComparison } from '@shared/api/creative';
import { baseApi } from '@client/api/baseApi';

/** The HTTP status of a failed call, if it has one. */
export function errorStatus(error: unknown): number | null {
  if (typeof error !== 'object' || error === null || !('status' in error)) return null;
  const { status } = error as { status: unknown };
  return typeof status === 'number' ? status : null;
}

/** The request field a 400 names ({detail, field}), if any. */
export function errorField(error: unknown): string | null {
  if (typeof error !== 'object' || error === null || !('data' in error)) return null;
  const data = (error as { data?: unknown }).data;
  if (typeof data !== 'object' || data === null) return null;
  const field = (data as { field?: unknown }).field;
  return typeof field === 'string' && field !== '' ? field : null;
}

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
