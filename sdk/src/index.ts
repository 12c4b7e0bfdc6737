/**
 * @unified-api-gateway/sdk: the Unified API Gateway's client. `Gateway` calls and streams catalog
 * endpoints with an API key; `ResellerClient` manages customers, keys, limits, budgets and prices
 * with a management key (or, in a browser, a console session: `BrowserSession`); `ConsoleClient`
 * signs in and manages a tenant's users. The operator API's client is `@unified-api-gateway/sdk/admin`.
 * Every type of the API's contract (`paths`, `components`, one type per schema) is exported too.
 * No dependencies: fetch, AbortSignal, TextDecoder and ReadableStream only.
 */
export { Gateway, type CallResult, type CallUsage, type GatewayOptions } from './gateway.js';
export { GatewayStream, type StreamEvent, type StreamOpened, type StreamUsage } from './stream.js';
export {
  AuthenticationError,
  BudgetExceededError,
  ConflictError,
  ERROR_CLASS_OF_CODE,
  ERROR_CODES,
  GatewayConnectionError,
  GatewayError,
  InternalServerError,
  InvalidRequestError,
  NotFoundError,
  PermissionDeniedError,
  RateLimitedError,
  STATUS_OF_CODE,
  ServiceUnavailableError,
  StreamTimeoutError,
  UnexpectedResponseError,
  UpstreamError,
  type ErrorCode,
} from './errors.js';
export { readRateLimit, type RateLimitItem, type RateLimitPolicy, type RateLimitState } from './rate-limit.js';
export { DEFAULT_RETRY, type RetryEvent, type RetryOptions, type RetrySetting } from './retry.js';
export type { FetchLike, QueryValue, RequestOptions } from './transport.js';
export { BrowserSession, type BrowserSessionOptions } from './session.js';
export { picoUsdToUsdString, usdToPicoUsd } from './money.js';
export * from './endpoints.js';
export {
  ApiClient,
  type ApiResult,
  type ClientSettings,
  type Page,
  type QueryOf,
  type RequestArgs,
  type RouteArgs,
  type SessionCredentials,
} from './api-client.js';
export { RESELLER_ROUTES, ResellerClient, type ResellerClientOptions } from './reseller/reseller-client.js';
export { CONSOLE_ROUTES, ConsoleClient, type ConsoleClientOptions } from './console/console-client.js';
export { PublicClient, type PublicClientOptions } from './public-client.js';
export {
  ADMIN_PREFIX,
  CONSOLE_PREFIX,
  PUBLIC_PREFIX,
  RESELLER_PREFIX,
  type AdminRoute,
  type AdminRoutes,
  type ApiRoutes,
  type ConsoleRoute,
  type ConsoleRoutes,
  type PublicRoute,
  type PublicRoutes,
  type ResellerRoute,
  type ResellerRoutes,
  type RouteSpec,
  type RoutesUnder,
} from './contract.js';
export type * from './generated/openapi.js';
export { ROUTES } from './generated/openapi.js';
export {
  readSseEvents,
  SseLineTooLongError,
  SseReader,
  DEFAULT_MAX_SSE_LINE_LENGTH,
  type SseMessage,
  type SseReaderOptions,
} from './sse-reader.js';
