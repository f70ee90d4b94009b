import { baseApi } from '@client/api/baseApi';
import { definedParams } from '@client/api/params';
import { invalidatesOnSuccess, LIST_ID, providesList } from '@client/api/tags';
import type {
  Alert,
  AlertKind,
  AlertList,
  AlertReadResult,
  AlertSensitivity,
  AlertSensitivitySetting,
  AlertSettings,
  AlertSeverity,
  AlertWebhook,
} from '@shared/api/alerts';

/** Alerts asked for at a time; "Load more" asks for the next this many. */
export const ALERTS_PAGE_SIZE = 50;

/** How often the bell asks for the unread count, until live push replaces polling. */
export const UNREAD_POLL_MS = 60_000;

/** The filters of GET alerts/; a left-out one matches every alert. */
export interface AlertQuery {
  kind?: AlertKind;
  severity?: AlertSeverity;
  account?: string;
  /** True: only unread alerts; false: only read ones. */
  unread?: boolean;
}

/** POST alerts/read/: the alerts named, or every alert of the user in the workspace. */
export type AlertReadRequest = { ids: string[] } | { all: true };

/** PUT alerts/settings/: the toggles to change (at least one); the others stay as they are. */
export type AlertSettingsUpdate = Partial<AlertSettings>;

/** GET alerts/unread/. */
export interface UnreadAlertCount {
  count: number;
}

const LIST = { type: 'Alert' as const, id: LIST_ID };
/** The bell's count, cached apart from the lists so polling it refetches nothing else. */
const UNREAD = { type: 'Alert' as const, id: 'UNREAD' };
/** The user's e-mail settings: the user's own, not the workspace's, and changed by nothing else here. */
const SETTINGS = { type: 'Alert' as const, id: 'SETTINGS' };
/** The workspace's webhook: its address and its last delivery. */
const WEBHOOK = { type: 'Alert' as const, id: 'WEBHOOK' };

/** The workspace's anomaly sensitivity. */
const SENSITIVITY = { type: 'Alert' as const, id: 'SENSITIVITY' };

const HTTP_NOT_FOUND = 404;

/** PUT alerts/webhook/: the receiver's address. */
export interface AlertWebhookUpdate {
  url: string;
}

/** The next page's offset, or undefined once every matching alert is loaded. */
export function nextAlertOffset(lastPage: AlertList, lastOffset: number): number | undefined {
  const next = lastOffset + ALERTS_PAGE_SIZE;
  return lastPage.alerts.length === ALERTS_PAGE_SIZE && next < lastPage.total ? next : undefined;
}

/** In-app alerts (contract: @shared/api/alerts), injected into the one API. */
export const alertsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    // Offset paging: "Load more" appends a page, and an invalidation refetches every loaded page.
    listAlerts: build.infiniteQuery<AlertList, AlertQuery, number>({
      infiniteQueryOptions: {
        initialPageParam: 0,
        getNextPageParam: (lastPage, _allPages, lastOffset) => nextAlertOffset(lastPage, lastOffset),
      },
      query: ({ queryArg: { unread, ...filters }, pageParam }) => ({
        url: 'alerts/',
        params: definedParams({
          ...filters,
          unread: unread === undefined ? undefined : String(unread),
          limit: ALERTS_PAGE_SIZE,
          offset: pageParam,
        }),
      }),
      providesTags: (result) => providesList('Alert', result && alertsOfPages(result.pages)),
    }),
    getUnreadAlertCount: build.query<UnreadAlertCount, void>({
      query: () => 'alerts/unread/',
      providesTags: [UNREAD],
    }),
    // Read state changes the rows and the count alike (and, for the bell, everywhere at once).
    markAlertsRead: build.mutation<AlertReadResult, AlertReadRequest>({
      query: (body) => ({ url: 'alerts/read/', method: 'POST', body }),
      invalidatesTags: invalidatesOnSuccess([LIST, UNREAD]),
    }),
    getAlertSettings: build.query<AlertSettings, void>({
      query: () => 'alerts/settings/',
      providesTags: [SETTINGS],
    }),
    // Optimistic: the switch moves at once; a failure puts the old value back (the error channel
    // says why). The cache already holds what was sent, so nothing is invalidated: a refetch would
    // only make the switch flicker. Each change patches only its own toggles, so undoing one
    // leaves any other change alone.
    updateAlertSettings: build.mutation<AlertSettings, AlertSettingsUpdate>({
      query: (body) => ({ url: 'alerts/settings/', method: 'PUT', body }),
      async onQueryStarted(changes, { dispatch, queryFulfilled }) {
        const patchResult = dispatch(
          alertsApi.util.updateQueryData('getAlertSettings', undefined, (settings) => {
            Object.assign(settings, changes);
          }),
        );
        try {
          await queryFulfilled;
        } catch {
          patchResult.undo();
        }
      },
    }),
    getAlertSensitivity: build.query<AlertSensitivitySetting, void>({
      query: () => 'alerts/sensitivity/',
      providesTags: [SENSITIVITY],
    }),
    // Optimistic like the e-mail switches: the choice moves at once and moves back if the save
    // fails; the answer (with the recent count) then replaces the cache.
    setAlertSensitivity: build.mutation<AlertSensitivitySetting, { sensitivity: AlertSensitivity }>({
      query: (body) => ({ url: 'alerts/sensitivity/', method: 'PUT', body }),
      async onQueryStarted({ sensitivity }, { dispatch, queryFulfilled }) {
        const patchResult = dispatch(
          alertsApi.util.updateQueryData('getAlertSensitivity', undefined, (setting) => {
            setting.sensitivity = sensitivity;
          }),
        );
        try {
          const { data } = await queryFulfilled;
          dispatch(alertsApi.util.upsertQueryData('getAlertSensitivity', undefined, data));
        } catch {
          patchResult.undo();
        }
      },
    }),
    // A 404 is the ordinary "no webhook yet", not a failure: it is cached as null.
    getAlertWebhook: build.query<AlertWebhook | null, void>({
      async queryFn(_arg, _api, _extraOptions, baseQuery) {
        const result = await baseQuery('alerts/webhook/');
        if (result.error) return result.error.status === HTTP_NOT_FOUND ? { data: null } : { error: result.error };
        return { data: result.data as AlertWebhook };
      },
      providesTags: [WEBHOOK],
    }),
    // Creates the webhook (the answer carries its signing secret, this once) or changes its
    // address. The answer, without the secret, is shown at once, then asked for again.
    saveAlertWebhook: build.mutation<AlertWebhook, AlertWebhookUpdate>({
      query: (body) => ({ url: 'alerts/webhook/', method: 'PUT', body }),
      async onQueryStarted(_body, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          const { secret: _secret, ...webhook } = data;
          dispatch(alertsApi.util.updateQueryData('getAlertWebhook', undefined, () => webhook));
        } catch {
          // The form says why.
        }
      },
      invalidatesTags: invalidatesOnSuccess([WEBHOOK]),
    }),
    deleteAlertWebhook: build.mutation<void, void>({
      query: () => ({ url: 'alerts/webhook/', method: 'DELETE' }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        try {
          await queryFulfilled;
          dispatch(alertsApi.util.updateQueryData('getAlertWebhook', undefined, () => null));
        } catch {
          // Said by the API error channel.
        }
      },
      invalidatesTags: invalidatesOnSuccess([WEBHOOK]),
    }),
    // The server records the delivery whether the receiver took it or not (a 502 says why not):
    // the last delivery is asked for again either way.
    testAlertWebhook: build.mutation<AlertWebhook, void>({
      query: () => ({ url: 'alerts/webhook/test/', method: 'POST' }),
      invalidatesTags: [WEBHOOK],
    }),
  }),
});

/** Every alert of the loaded pages, in the server's order, once each: an alert that arrived between two pages shifts the offsets, and would otherwise show twice. */
export function alertsOfPages(pages: readonly AlertList[] | undefined): Alert[] {
  const seen = new Set<string>();
  const alerts: Alert[] = [];
  for (const page of pages ?? []) {
    for (const alert of page.alerts) {
      if (seen.has(alert.id)) continue;
      seen.add(alert.id);
      alerts.push(alert);
    }
  }
  return alerts;
}

/** The generated hooks. */
export const {
  useListAlertsInfiniteQuery,
  useGetUnreadAlertCountQuery,
  useMarkAlertsReadMutation,
  useGetAlertSettingsQuery,
  useUpdateAlertSettingsMutation,
  useGetAlertSensitivityQuery,
  useSetAlertSensitivityMutation,
  useGetAlertWebhookQuery,
  useSaveAlertWebhookMutation,
  useDeleteAlertWebhookMutation,
  useTestAlertWebhookMutation,
} = alertsApi;
