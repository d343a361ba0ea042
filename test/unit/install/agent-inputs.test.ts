// REG-2: VS Code's own secret input for a registry entry's secrets: the entry names
// `${input:id}`, the file's `inputs` gets what it lacks, every other byte stays.
import { describe, expect, it } from 'vitest';
import { agentInputs, withInputs, withoutInputs } from '../../../electron/services/install/agent-inputs';
import { inputToDollar } from '../../../shared/profiles/kit';

const entry = { type: 'http', url: 'https://x.example/mcp', headers: { Authorization: 'Bearer ${env:API_TOKEN}', 'X-Region': '${env:REGION}' } };

describe('agent inputs', () => {
  it('VS Code: each secret becomes an input the panel reads back as the same variable; other agents and other variables are left alone', () => {
    const r = agentInputs('vscode', 'notes', entry, ['API_TOKEN'])!;
    expect(r.entry).toEqual({ ...entry, headers: { Authorization: 'Bearer ${input:api-token}', 'X-Region': '${env:REGION}' } });
    expect(inputToDollar('${input:api-token}')).toBe('${API_TOKEN}');
    expect(r.inputs).toEqual([{ type: 'promptString', id: 'api-token', description: 'API_TOKEN for notes (a secret: VS Code keeps it)', password: true }]);
    expect(agentInputs('codex', 'notes', entry, ['API_TOKEN'])).toBeNull();
    expect(agentInputs('vscode', 'notes', entry, [])).toBeNull();
    // `_X` would come back as `X`: it stays an environment variable rather than bind the wrong name.
    expect(agentInputs('vscode', 'notes', { env: { _X: '${env:_X}' } }, ['_X'])).toBeNull();
  });

  it('appends what the file lacks, keeps an input of the same id and every other byte; the entry undo takes back what it added', () => {
    const inputs = agentInputs('vscode', 'notes', entry, ['API_TOKEN'])!.inputs;
    const text = `{\n  // mine\n  "inputs": [\n    { "type": "promptString", "id": "other" } // theirs\n  ],\n  "servers": {}\n}\n`;
    const r = withInputs(text, 'jsonc', inputs);
    const added = `{\n  // mine\n  "inputs": [\n    { "type": "promptString", "id": "other" }, // theirs\n    ${JSON.stringify(inputs[0])}\n  ],\n  "servers": {}\n}\n`;
    expect(r).toEqual({ ok: true, value: { text: added, added: ['api-token'] } });
    expect(withInputs(added, 'jsonc', inputs)).toEqual({ ok: true, value: { text: added, added: [] } });
    const none = withInputs(`{\n  "servers": {}\n}\n`, 'jsonc', inputs);
    expect(none.ok && JSON.parse(none.value.text)).toEqual({ servers: {}, inputs });
    expect(withInputs(`{ "inputs": 3 }`, 'jsonc', inputs).ok).toBe(false);

    // An input another entry still names stays; one nothing names goes.
    expect(withoutInputs(added, 'jsonc', ['api-token'])).toEqual({ ok: true, value: `{\n  // mine\n  "inputs": [\n    { "type": "promptString", "id": "other" } // theirs\n  ],\n  "servers": {}\n}\n` });
    const named = added.replace('"servers": {}', '"servers": { "x": { "url": "https://x/${input:api-token}" } }');
    expect(withoutInputs(named, 'jsonc', ['api-token'])).toEqual({ ok: true, value: named });
  });
});
