/** Machine-readable error codes the API sends next to `detail`. */
export enum ErrorCode {
  ValidationFailed = 'validation_failed',
  NotFound = 'not_found',
  Unauthorized = 'unauthorized',
  Forbidden = 'forbidden',
  RateLimited = 'rate_limited',
  Conflict = 'conflict',
  Internal = 'internal_error',
  ServiceUnavailable = 'service_unavailable',
  /** An ad platform refused or failed the request made on the user's behalf. */
  PlatformFailed = 'platform_error',
  /** The ad platform connection must be reconnected by the user. */
  NeedsReconnect = 'needs_reconnect',
  /** The workspace's own receiver (its alert webhook) did not take a message. */
  DeliveryFailed = 'delivery_failed',
  /** A link that was good once has expired or was revoked. */
  Gone = 'gone',
  /**
   * A change the ad platform took only in part, or whose outcome is not known yet: `action_id`
   * names the action in the actions log, which says what is at the platform now.
   */
  PartiallyApplied = 'partially_applied',
}

/** Every error reply of the API. The client reads only `detail` (spec section 7). */
export interface ApiErrorBody {
  /** Human-readable message, safe to show as a toast. */
  detail: string;
  /** Stable code for programs. */
  code?: ErrorCode;
  /** The request field a validation error is about. */
  field?: string;
  /** On 429: seconds until the request may be repeated (also in Retry-After, which the client cannot read). */
  retry_after_seconds?: number;
  /** With 'partially_applied': the action in the actions log (GET actions/<id>/) that records the change. */
  action_id?: string;
}
