// inputs.*: what a server asks of the person in the middle of a request the panel made (PROTO-3):
// an elicitation form, a URL to open, a sampling reply. A legacy server sends these as
// server→client requests, a 2026-07-28 server as the rounds of an `input_required` result; the
// page sees one shape either way. The host announces each request (`inputs.requested`), the page
// answers it (`inputs.answer`) and the host says when it is no longer waiting (`inputs.settled`:
// answered here, or withdrawn because the call ended, was cancelled or timed out).
import { z } from 'zod';
import { method, ACTION, READ, serverContent } from '../rpc';

/** The primitive values an elicitation answer may carry (MCP: string, number, boolean, string[]). */
export const FormValueSchema = z.union([z.string().max(100_000), z.number(), z.boolean(), z.array(z.string().max(10_000)).max(1_000)]);

export const InputRequestSchema = z.discriminatedUnion('kind', [
  /** The requested schema as sent (PROTO-4: kept as is); its defaults fill the form. */
  z.object({ kind: z.literal('form'), message: z.string(), schema: z.record(z.string(), z.unknown()) }),
  z.object({ kind: z.literal('url'), message: z.string(), url: z.string() }),
  z.object({
    kind: z.literal('sampling'),
    messages: z.array(z.object({ role: z.string(), content: z.unknown() })),
    systemPrompt: z.string().optional(),
    maxTokens: z.number().optional(),
  }),
]);
export type InputRequest = z.infer<typeof InputRequestSchema>;

/**
 * The answer, as the protocol has it: accept (a form's content; a URL the person agreed to open),
 * decline (an explicit no), cancel (dismissed without choosing), or a sampling reply the person
 * typed (the panel has no model, as in MCP Inspector).
 */
export const InputAnswerSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('accept'), content: z.record(z.string(), FormValueSchema).optional() }),
  z.object({ action: z.enum(['decline', 'cancel']) }),
  z.object({ action: z.literal('reply'), text: z.string().max(1_000_000) }),
]);
export type InputAnswer = z.infer<typeof InputAnswerSchema>;

export const PendingInputSchema = z.object({
  requestId: z.string(),
  serverId: z.string(),
  serverName: z.string(),
  /** When the server asked (ms since the epoch). */
  at: z.number(),
  request: InputRequestSchema,
  /**
   * URL mode: who opens the link once the person agrees. `host`: the desktop app, through its
   * http(s)-only opener (SEC-1). `page`: the browser the page runs in (the web host has no
   * browser of its own to open). `none`: the link is not http(s) and is never opened.
   */
  opener: z.enum(['host', 'page', 'none']).optional(),
});
export type PendingInput = z.infer<typeof PendingInputSchema>;

const RequestId = z.object({ requestId: z.string().min(1).max(100) });

export const inputsMethods = {
  /** What servers are waiting for now (a page that loads, or whose event socket reconnected). */
  'inputs.pending': method(z.object({}), z.object({ requests: z.array(PendingInputSchema) }), serverContent(READ)),
  /** The person's answer; `not-found` when the request is no longer waiting. */
  /** Answers how many requests still wait for the person after this one. */
  'inputs.answer': method(RequestId.extend({ answer: InputAnswerSchema }), z.object({ pending: z.number().int().min(0) }), ACTION, ['not-found', 'refused']),
};

export const inputsEvents = {
  'inputs.requested': PendingInputSchema,
  'inputs.settled': RequestId.extend({ outcome: z.enum(['answered', 'withdrawn']) }),
};
