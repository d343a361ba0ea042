// Plain shapes the seam answers with: what the rest of the panel reads of an MCP session,
// with no SDK type in them (the SDK may change its classes; these stay).
import type { InputAnswer, InputRequest } from '../../../shared/contract/inputs';
export interface ServerVersion {
  name: string;
  version: string;
  title?: string;
}

export interface CallParams {
  timeoutMs: number;
  /** Aborted: the server is told (notifications/cancelled) and the call rejects. */
  signal?: AbortSignal;
  /** The server's notifications/progress for this call; each one restarts the timeout. */
  onprogress?: (p: { progress: number; total?: number; message?: string }) => void;
}

/** tools/call's answer as received (results.ts converts it, CONN-9). */
export type RawCallResult = Record<string, unknown> & { content?: unknown[]; isError?: boolean; structuredContent?: unknown };

/** How a stdio server's process ended (the launch doctor reads an exit before the handshake). */
export interface ExitStatus {
  code: number | null;
  signal: NodeJS.Signals | null;
}

/** How a live session ended without being asked to. */
export type LostCode = 'exited' | 'connection_closed';

type Str = string | undefined;
/** RFC 5424 severities, as logging/setLevel names them (the contract's list, shared/contract/inspect.ts). */
export type { LogLevel } from '../../../shared/contract/inspect';
export interface ResourcePage {
  resources: Array<{ uri: string; name: string; title?: Str; description?: Str; mimeType?: Str; size?: number }>;
  nextCursor?: string;
}
export interface TemplatePage {
  resourceTemplates: Array<{ uriTemplate: string; name: string; title?: Str; description?: Str; mimeType?: Str }>;
  nextCursor?: string;
}
export interface ReadResult {
  contents: Array<{ uri: string; mimeType?: Str; text: string } | { uri: string; mimeType?: Str; blob: string }>;
}
export interface PromptPage {
  prompts: Array<{ name: string; title?: Str; description?: Str; arguments?: Array<{ name: string; description?: Str; required?: boolean }> }>;
  nextCursor?: string;
}
export interface PromptResult {
  description?: Str;
  messages: Array<{ role: 'user' | 'assistant'; content: Record<string, unknown> }>;
}

/**
 * PROTO-3: what a server asks of the person mid-call — a legacy server→client request or a
 * modern `input_required` round, the same to the panel — and the answer. Plain data for the UI
 * and the CLI, defined once by the contract (shared/contract/inputs.ts).
 */
export type { InputAnswer, InputRequest } from '../../../shared/contract/inputs';

/** Answers one request; the signal aborts when the server or the call gives up. */
export type InputHandler = (req: InputRequest, signal: AbortSignal) => Promise<InputAnswer>;
