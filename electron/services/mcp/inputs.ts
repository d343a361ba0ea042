// PROTO-3: the SDK's elicitation and sampling requests (legacy server→client requests and the
// embedded requests of a modern `input_required` result reach the same handlers) turned into
// the plain InputRequest the person answers, and the answer back into the wire result.
import { type Client, ProtocolError, type ProtocolErrorCode } from '@modelcontextprotocol/client';
import type { InputHandler } from './types';

/** The panel has no model: a sampling reply is the person's own text. */
const PERSON_MODEL = 'mcp-panel (answered by a person)';
/** MCP 2025-11-25 client/sampling, error handling: the code of "User rejected sampling request". */
const USER_REJECTED = -1;

/** The handlers for what the client declares (the SDK refuses a handler for a capability not declared). */
export function registerInputHandlers(client: Client, onInput: InputHandler, declared: { elicitation: boolean; sampling: boolean }): void {
  if (declared.elicitation) registerElicitation(client, onInput);
  if (declared.sampling) registerSampling(client, onInput);
}

function registerElicitation(client: Client, onInput: InputHandler): void {
  client.setRequestHandler('elicitation/create', async (req, ctx) => {
    const p = req.params as Record<string, unknown>;
    const message = typeof p.message === 'string' ? p.message : '';
    const answer =
      p.mode === 'url' && typeof p.url === 'string'
        ? await onInput({ kind: 'url', message, url: p.url }, ctx.mcpReq.signal)
        : await onInput({ kind: 'form', message, schema: (p.requestedSchema as Record<string, unknown>) ?? { type: 'object', properties: {} } }, ctx.mcpReq.signal);
    if (answer.action === 'accept') return { action: 'accept' as const, ...(answer.content ? { content: answer.content } : {}) };
    return { action: answer.action === 'cancel' ? ('cancel' as const) : ('decline' as const) };
  });
}

function registerSampling(client: Client, onInput: InputHandler): void {
  client.setRequestHandler('sampling/createMessage', async (req, ctx) => {
    const p = req.params as { messages?: Array<{ role: string; content: unknown }>; systemPrompt?: string; maxTokens?: number };
    const answer = await onInput(
      { kind: 'sampling', messages: p.messages ?? [], ...(p.systemPrompt ? { systemPrompt: p.systemPrompt } : {}), ...(p.maxTokens ? { maxTokens: p.maxTokens } : {}) },
      ctx.mcpReq.signal,
    );
    // Declined: the spec's "user rejected sampling request" (code -1) is an error to the server
    // (2025-11-25); on a 2026-07-28 round the call ends here, with that error, never retried.
    if (answer.action !== 'reply') throw new ProtocolError(USER_REJECTED as ProtocolErrorCode, 'User rejected sampling request');
    return { role: 'assistant' as const, content: { type: 'text' as const, text: answer.text }, model: PERSON_MODEL, stopReason: 'endTurn' };
  });
}
