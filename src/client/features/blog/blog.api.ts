import { baseApi } from '@client/api/baseApi';
import type { BlogPost, BlogPostSummary } from '@shared/api/blog';

/** The blog endpoints (contract: @shared/api/blog), injected into the one API. */
export const blogApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    listBlogPosts: build.query<BlogPostSummary[], void>({
      query: () => 'blog/',
    }),
    getBlogPost: build.query<BlogPost, string>({
      query: (slug) => `blog/${encodeURIComponent(slug)}/`,
    }),
  }),
});

/** The generated hooks. */
export const { useListBlogPostsQuery, useGetBlogPostQuery } = blogApi;
