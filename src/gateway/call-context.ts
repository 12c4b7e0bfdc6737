import type { ExecutionContext } from '@nestjs/common';
import type { Charge, MeterCharge, UsageSource } from '../billing/billing.service';
import type { CatalogEntry, Pricing } from '../catalog/catalog-entry';
import type { ErrorCode } from '../common/errors/error-catalog';
import type { RequestArrival, StampedRequest } from '../common/http/request-id.middleware';
import type { Caller, CallerBudget } from '../keys/caller';
import type { AttemptTracker } from '../proxy/proxy.service';
import type { RateLimitDecision } from '../rate-limit/rate-limit-decision';
import type { DoorName } from './call-door';

const NO_METERS: readonly MeterCharge[] = [];

export type StreamOutcome = 'completed' | 'aborted' | 'errored' | 'timed_out';

/**
 * What the gateway learns about one public call as it passes its guards, the handler and the
 * error path; the audit record is built from it when the response closes, whatever the outcome.
 *
 * Every field has one writer: a named step of the call (the method below that says who calls it),
 * never an assignment from outside. Readers get the fields through getters.
 */
export class CallContext implements AttemptTracker {
  readonly requestId: string;
  /** performance.now() at arrival, for latency. */
  readonly startedAt: number;
  readonly receivedAt: Date;
  /** The door the call came through (its audit record says which). */
  readonly door: DoorName;

  private _clientClosed = false;
  private _caller: Caller | undefined;
  private _endpoint: CatalogEntry | undefined;
  private _rateLimit: RateLimitDecision | undefined;
  private _heldBudgets: readonly CallerBudget[] | null = null;
  private _input: Record<string, unknown> | null = null;
  private _pricing: Pricing | null = null;
  private _upstreamId: string | null = null;
  private _providersTried = 0;
  private _quantity = 0n;
  private _wholesalePicoUsd = 0n;
  private _resalePicoUsd = 0n;
  private _customerPicoUsd = 0n;
  private _meterCharges: readonly MeterCharge[] = NO_METERS;
  private _usageSource: UsageSource | null = null;
  private _errorCode: ErrorCode | null = null;
  private _errorDetails: Record<string, unknown> | null = null;
  private _streamOutcome: StreamOutcome | null = null;
  private _settled: Promise<unknown> | null = null;
  private _pendingAudit: (() => void) | null = null;

  constructor(arrival: RequestArrival, door: DoorName) {
    this.requestId = arrival.requestId;
    this.startedAt = arrival.startedAt;
    this.receivedAt = arrival.receivedAt;
    this.door = door;
  }

  /** The client closed the connection before the response was complete. */
  get clientClosed(): boolean {
    return this._clientClosed;
  }
  get caller(): Caller | undefined {
    return this._caller;
  }
  get endpoint(): CatalogEntry | undefined {
    return this._endpoint;
  }
  /** The limits checked for this call (its own, or the per-IP invalid-request limit on the error path). */
  get rateLimit(): RateLimitDecision | undefined {
    return this._rateLimit;
  }
  /** The budgets the call holds (and whose ledger counts it); null when none applied or it was refused. */
  get heldBudgets(): readonly CallerBudget[] | null {
    return this._heldBudgets;
  }
  /** The call's input when a guard read it (the limit check of a caller with budgets, the OpenAI door's model guard); null until the handler reads it. */
  get input(): Record<string, unknown> | null {
    return this._input;
  }
  /**
   * The price of the model the call names when a guard resolved it from more than the input (the
   * OpenAI door's `model`, which the slug's input does not carry); null: the input says (holdPricing).
   */
  get pricing(): Pricing | null {
    return this._pricing;
  }
  /** The upstream that served the call; null when none did. */
  get upstreamId(): string | null {
    return this._upstreamId;
  }
  get providersTried(): number {
    return this._providersTried;
  }
  get quantity(): bigint {
    return this._quantity;
  }
  get wholesalePicoUsd(): bigint {
    return this._wholesalePicoUsd;
  }
  get resalePicoUsd(): bigint {
    return this._resalePicoUsd;
  }
  /** What the caller pays for the call (`billed_usd`, the stream's `cost_usd`). */
  get customerPicoUsd(): bigint {
    return this._customerPicoUsd;
  }
  /** The billed meters, each with its quantity and amounts; empty until billed. */
  get meterCharges(): readonly MeterCharge[] {
    return this._meterCharges;
  }
  /** How the billed quantity was obtained; null until billed. */
  get usageSource(): UsageSource | null {
    return this._usageSource;
  }
  get errorCode(): ErrorCode | null {
    return this._errorCode;
  }
  /** The `details` of the error the call was answered with (a budget refusal's: which budget). */
  get errorDetails(): Record<string, unknown> | null {
    return this._errorDetails;
  }
  get streamOutcome(): StreamOutcome | null {
    return this._streamOutcome;
  }
  /** The call's work (the handler's, or the error response's), once it started. */
  get settled(): Promise<unknown> | null {
    return this._settled;
  }

  /** PublicCallGuard: the response closed before it was complete. */
  clientLeft(): void {
    this._clientClosed = true;
  }

  /** ApiKeyGuard: the key was verified. */
  authenticated(caller: Caller): void {
    this._caller = caller;
  }

  /** CatalogEndpointGuard: the slug names this endpoint. */
  resolved(endpoint: CatalogEntry): void {
    this._endpoint = endpoint;
  }

  /** CallRateLimitGuard, or the error path (the per-IP invalid-request limit): the limits checked. */
  limited(decision: RateLimitDecision): void {
    this._rateLimit = decision;
  }

  /**
   * CallRateLimitGuard: a budgeted call's input, read before its hold is sized (the handler reuses
   * it); on the OpenAI door, its guard: the request translated to the slug's input.
   */
  inputRead(input: Record<string, unknown>, pricing: Pricing | null = null): void {
    this._input = input;
    this._pricing = pricing;
  }

  /** CallRateLimitGuard: the call was admitted holding these budgets. */
  holds(budgets: readonly CallerBudget[]): void {
    this._heldBudgets = budgets;
  }

  /** ProxyService: one more upstream is being tried. */
  attempt(): void {
    this._providersTried++;
  }

  /** ProxyService: this upstream answered. */
  served(upstreamId: string): void {
    this._upstreamId = upstreamId;
  }

  /** GatewayService: the usage (so far, for a stream) is billed at this charge. */
  billed(charge: Charge): void {
    this._quantity = charge.quantity;
    this._wholesalePicoUsd = charge.wholesalePicoUsd;
    this._resalePicoUsd = charge.resalePicoUsd;
    this._customerPicoUsd = charge.customerPicoUsd;
    this._meterCharges = charge.meters;
    this._usageSource = charge.source;
  }

  /** GatewayService: how a stream that started ended (its in-band error, if any). */
  streamEnded(outcome: StreamOutcome, errorCode: ErrorCode | null): void {
    this._streamOutcome = outcome;
    this._errorCode = errorCode;
  }

  /** The error the call ends with: the handler's failure, then the error response's final code. */
  failed(code: ErrorCode, details?: Record<string, unknown>): void {
    this._errorCode = code;
    this._errorDetails = details ?? null;
  }

  /**
   * GatewayService or the error response: the call's remaining work. An audit record that was
   * waiting for it (the client left while the guards ran) is written when it ends.
   */
  settle(work: Promise<unknown>): void {
    this._settled = work;
    const pending = this._pendingAudit;
    if (pending) {
      this._pendingAudit = null;
      work.then(pending, pending);
    }
  }

  /** CallAudit: runs `record` once the call's work has settled (at once if it has). */
  whenSettled(record: () => void): void {
    if (this._settled) this._settled.then(record, record);
    else this._pendingAudit = record;
  }
}

/** A request that matched a public route: PublicCallGuard gave it its CallContext. */
export interface PublicCallRequest extends StampedRequest {
  call: CallContext;
}

/** The CallContext of the public call a guard or handler is running for. */
export function callOf(context: ExecutionContext): CallContext {
  return context.switchToHttp().getRequest<PublicCallRequest>().call;
}
