import { baseApi } from '@client/api/baseApi';
import type { ContactReply, ContactRequest } from '@shared/api/contact';

/** POST get-in-touch/ (spec section 7), injected into the one API. Failures toast with the texts of contact.errors.ts. */
export const contactApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    sendContactMessage: build.mutation<ContactReply, ContactRequest>({
      query: (body) => ({ url: 'get-in-touch/', method: 'POST', body }),
    }),
  }),
});

export const { useSendContactMessageMutation } = contactApi;
