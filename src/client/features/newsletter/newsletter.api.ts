import { baseApi } from '@client/api/baseApi';
import { useAppSelector } from '@client/app/hooks';
import { selectIsLoggedIn } from '@client/session/session.slice';
import type {
  NewsletterReply,
  NewsletterStatusReply,
  NewsletterSubscribeRequest,
  NewsletterTokenRequest,
} from '@shared/api/newsletter';

/** The newsletter endpoints (double opt-in), injected into the one API. */
export const newsletterApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getNewsletterStatus: build.query<NewsletterStatusReply, void>({
      query: () => 'newsletter/',
    }),
    subscribeNewsletter: build.mutation<NewsletterReply, NewsletterSubscribeRequest>({
      query: (body) => ({ url: 'newsletter/subscribe/', method: 'POST', body }),
    }),
    confirmNewsletter: build.mutation<NewsletterReply, NewsletterTokenRequest>({
      query: (body) => ({ url: 'newsletter/confirm/', method: 'POST', body }),
    }),
    unsubscribeNewsletter: build.mutation<NewsletterReply, NewsletterTokenRequest>({
      query: (body) => ({ url: 'newsletter/unsubscribe/', method: 'POST', body }),
    }),
  }),
});

export const {
  useGetNewsletterStatusQuery,
  useSubscribeNewsletterMutation,
  useConfirmNewsletterMutation,
  useUnsubscribeNewsletterMutation,
} = newsletterApi;

/** The signed-in user's subscription; nothing is fetched while signed out. */
export function useNewsletterStatus() {
  const isLoggedIn = useAppSelector(selectIsLoggedIn);
  return useGetNewsletterStatusQuery(undefined, { skip: !isLoggedIn });
}
