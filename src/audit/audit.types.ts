/** One audit row as the request path produces it (mirrors prisma AuditRecord). */
export interface AuditRecordInput {
  id: string;
  createdAt: Date;
  tenantId: string | null;
  apiKeyId: string | null;
  endpointId: string | null;
  method: string;
  httpStatus: number;
  errorCode: string | null;
  latencyMs: number;
  clientIp: string | null;
  upstreamId: string | null;
  providersTried: number;
  quantity: bigint;
  wholesalePicoUsd: bigint;
  resalePicoUsd: bigint;
  /** How quantity was obtained: reported, estimated, capped; null when nothing was billed. */
  usageSource: string | null;
  streamOutcome: string | null;
}
