// PROTO-3: the one place a person's answer to a server's question becomes the wire answer, for
// every front door: the page (the input desk, desk.ts) and the one-shot CLI (`--input`,
// `--open-urls`, `--reply`, host/cli/call-inputs.ts). The answer must fit what was asked (form
// content of the requested schema's kinds, a reply only to sampling), and a URL is opened only
// here, after the person agreed, through the http(s)-only opener (SEC-1).
import { AppError } from '../../../shared/errors';
import { checkArguments, fieldsOf } from '../../../shared/forms/schema-form';
import { isAllowedExternalUrl } from '../api/guards';
import type { InputAnswer, InputRequest } from '../mcp/types';

/** Opens an agreed URL; null where the page opens it itself (the web host: the person's own browser). */
export type AgreedUrlOpener = ((url: string) => Promise<void>) | null;

/** May this request's URL be opened at all? (A server chooses it: untrusted input.) */
export function openableUrl(req: InputRequest): boolean {
  return req.kind === 'url' && isAllowedExternalUrl(req.url);
}

/** The answer checked against the request; throws `invalid-input` (with what was wrong) when it does not fit. */
export async function settleAnswer(req: InputRequest, answer: InputAnswer, open: AgreedUrlOpener): Promise<InputAnswer> {
  if (answer.action === 'decline' || answer.action === 'cancel') return answer;
  if (req.kind === 'sampling') {
    if (answer.action !== 'reply') throw new AppError('invalid-input', 'a sampling request is answered with a reply or declined');
    return answer;
  }
  if (answer.action !== 'accept') throw new AppError('invalid-input', 'only a sampling request takes a reply');
  if (req.kind === 'url') {
    if (!openableUrl(req)) throw new AppError('refused', 'only http(s) links can be opened; decline the request instead', { reason: 'link-not-http' });
    if (open) await open(req.url);
    return { action: 'accept' };
  }
  const content = answer.content ?? {};
  const errors = checkArguments(fieldsOf(req.schema), content, { defaultsFill: true });
  const bad = Object.entries(errors);
  if (bad.length) throw new AppError('invalid-input', `the answer does not fit the form: ${bad.map(([f, kind]) => `${f} (${kind})`).join(', ')}`, { fields: errors });
  return { action: 'accept', content };
}
