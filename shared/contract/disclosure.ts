// UI-5 progressive disclosure and tool_search (DISC-1, DISC-2, DISC-4).
import { z } from 'zod';
import { method } from '../rpc';

export const DisclosurePlanSchema = z.object({
  deferred: z.boolean(),
  reason: z.string(),
  explanation: z.string(),
  model: z.string(),
  contextWindow: z.number(),
  estTokens: z.number(),
  totalTokens: z.number(),
  thresholdTokens: z.number(),
  contextShare: z.number(),
  perServer: z.array(z.object({ server: z.string(), tools: z.number().int(), tokens: z.number(), deferrable: z.boolean() })),
  addedTools: z.array(z.string()),
  /** Where each option came from (env > config > default, DISC-1). */
  options: z.object({ enabled: z.boolean(), thresholdPct: z.number(), minDeferCount: z.number(), modelWhitelist: z.array(z.string()), origins: z.record(z.string(), z.string()) }),
  /** DISC-3: how the selected profile defers (kimi `deferred`, minara defer_loading). */
  profileNote: z.string().nullable(),
});
export type DisclosurePlanView = z.infer<typeof DisclosurePlanSchema>;

export const SearchOutputSchema = z.object({
  ok: z.boolean(),
  mode: z.enum(['keyword', 'regex']),
  results: z.array(z.object({ name: z.string(), score: z.number(), description: z.string(), truncated: z.boolean() })),
  error: z.object({ code: z.string(), message: z.string() }).nullable(),
});

export const disclosureMethods = {
  'disclosure.plan': method(z.object({ model: z.string().min(1).max(200), contextWindow: z.number().int().positive().max(100_000_000) }), DisclosurePlanSchema),
  'disclosure.search': method(z.object({ query: z.string().max(1000), mode: z.enum(['keyword', 'regex']).default('keyword'), topK: z.number().int().positive().max(100).optional() }), SearchOutputSchema),
};
