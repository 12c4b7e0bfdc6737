// The API's types, generated once from openapi.json into the SDK (sdk/src/generated/openapi.ts, by
// `npm run api:generate`) and taken from the SDK package here, so existing imports keep working.
export type * from '@unified-api-gateway/sdk';
