/**
 * @unified-api-gateway/sdk: the Unified API Gateway's client. `Gateway` calls and streams catalog
 * endpoints with an API key; `ResellerClient` manages customers, keys, limits, budgets and prices
 * with a management key. No dependencies: fetch, AbortSignal, TextDecoder and ReadableStream only.
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
export type { FetchLike, RequestOptions } from './transport.js';
export { picoUsdToUsdString, usdToPicoUsd } from './money.js';
export * from './endpoints.js';
export { ResellerClient, type ApiResult, type ResellerClientOptions } from './reseller/reseller-client.js';
export type * from './reseller/reseller-api.generated.js';
export { RESELLER_ROUTES } from './reseller/reseller-api.generated.js';
export {
  readSseEvents,
  SseLineTooLongError,
  SseReader,
  DEFAULT_MAX_SSE_LINE_LENGTH,
  type SseMessage,
  type SseReaderOptions,
} from './sse-reader.js';
