import { createApi } from '@reduxjs/toolkit/query/react';

import { API_REDUCER_PATH, registerApi } from './apiRegistry';
import { baseQuery } from './baseQuery';
import { addErrorToastListener } from './errorToasts';
import { TAG_TYPES } from './tags';

/** The one RTK Query API of the app; every feature injects its endpoints into it. */
export const baseApi = createApi({
  reducerPath: API_REDUCER_PATH,
  baseQuery,
  tagTypes: TAG_TYPES,
  endpoints: () => ({}),
});

// Every store gets the API's reducer, middleware and error toasts now (it is loaded with the first chunk that talks to the server).
registerApi(baseApi, addErrorToastListener);
