/** A plan as the operator's form edits it: the text as typed, checked, and the API's body it makes. */
import type { Category, CreatePlanRequest, PlanView } from '@unified-api-gateway/sdk';
import { picoUsdAsPriceInput, usdToPicoUsd } from '../../lib/money';

export interface PlanDraft {
  name: string;
  description: string;
  fee: string;
  discountPercent: string;
  requestLimit: string;
  monthlyCap: string;
  categories: Category[];
  public: boolean;
  defaultForSignups: boolean;
}

export const emptyPlanDraft: PlanDraft = {
  name: '',
  description: '',
  fee: '0',
  discountPercent: '0',
  requestLimit: '',
  monthlyCap: '',
  categories: [],
  public: true,
  defaultForSignups: false,
};

export function toPlanDraft(plan: PlanView): PlanDraft {
  return {
    name: plan.name,
    description: plan.description,
    fee: plan.monthly_fee_usd,
    discountPercent: String(plan.resale_discount_bps / 100),
    requestLimit: plan.request_limit_per_window ? String(plan.request_limit_per_window) : '',
    monthlyCap: plan.default_monthly_spend_cap_usd ?? '',
    categories: plan.allowed_categories,
    public: plan.public,
    defaultForSignups: plan.default_for_signups,
  };
}

/** A problem of the draft, on the field that has it. */
export interface PlanProblem {
  field: 'name' | 'fee' | 'discountPercent' | 'requestLimit' | 'monthlyCap';
  message: string;
}

/** The draft as the API's body, or the problems that stop it. */
export function toPlanBody(draft: PlanDraft): { body?: CreatePlanRequest; problems: PlanProblem[] } {
  const problems: PlanProblem[] = [];
  const fee = usdToPicoUsd(draft.fee);
  const feeJson = fee === null ? null : picoUsdAsPriceInput(fee);
  if (feeJson === null) problems.push({ field: 'fee', message: 'The monthly fee must be an amount in USD (at most 12 decimals).' });
  const discount = Number(draft.discountPercent);
  const bps = Math.round(discount * 100);
  if (!/^\d+(\.\d{1,2})?$/.test(draft.discountPercent.trim()) || discount > 100)
    problems.push({ field: 'discountPercent', message: 'The discount must be a percentage from 0 to 100, at most 2 decimals.' });
  const limit = draft.requestLimit.trim();
  if (limit && !/^[1-9]\d*$/.test(limit)) problems.push({ field: 'requestLimit', message: 'The request ceiling must be a whole number.' });
  const cap = draft.monthlyCap.trim() ? usdToPicoUsd(draft.monthlyCap) : null;
  const capJson = cap === null ? null : picoUsdAsPriceInput(cap);
  if (draft.monthlyCap.trim() && capJson === null)
    problems.push({ field: 'monthlyCap', message: 'The monthly cap must be an amount in USD.' });
  if (!draft.name.trim()) problems.push({ field: 'name', message: 'A plan needs a name.' });
  if (problems.length) return { problems };
  return {
    problems,
    body: {
      name: draft.name.trim(),
      description: draft.description.trim(),
      monthly_fee_usd: feeJson!,
      resale_discount_bps: bps,
      request_limit_per_window: limit ? Number(limit) : null,
      default_monthly_spend_cap_usd: capJson,
      allowed_categories: draft.categories,
      public: draft.public,
      default_for_signups: draft.defaultForSignups,
    },
  };
}
