import { baseApi } from '@client/api/baseApi';
import { invalidatesOnSuccess } from '@client/api/tags';
import type { WorkspaceBranding } from '@shared/api/branding';
import type { BrandingInput } from '@shared/validation/branding';

const BRANDING = [{ type: 'Branding' as const }];

/** The current workspace's branding (contract: @shared/api/branding); a workspace switch resets the cache. */
export const brandingApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getBranding: build.query<WorkspaceBranding, void>({
      query: () => 'workspace/branding/',
      providesTags: BRANDING,
    }),
    saveBranding: build.mutation<WorkspaceBranding, BrandingInput>({
      query: (body) => ({ url: 'workspace/branding/', method: 'PUT', body }),
      invalidatesTags: invalidatesOnSuccess(BRANDING),
    }),
    removeBrandingLogo: build.mutation<WorkspaceBranding, void>({
      query: () => ({ url: 'workspace/branding/logo/', method: 'DELETE' }),
      invalidatesTags: invalidatesOnSuccess(BRANDING),
    }),
  }),
});

export const { useGetBrandingQuery, useSaveBrandingMutation, useRemoveBrandingLogoMutation } = brandingApi;
