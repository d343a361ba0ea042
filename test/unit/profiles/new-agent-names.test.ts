// The tool names of the agents added in issue 37 (NAME-1, AGENT-1). Copilot CLI's Punycode step is
// checked on RFC 3492 §7.1's own samples; Qwen Code's names are those its 0.24.4 bundle gives
// (chunks/chunk-WZAD4ZNJ.js normalizeToolNameForProvider, run on these inputs), and the agent
// contract suite compares the two on every run where Qwen Code is installed.
import { describe, expect, it } from 'vitest';
import { copilotToolName, punycodeEncode, toAscii } from '../../../shared/profiles/copilot/naming';
import { qwenToolName } from '../../../shared/profiles/qwen/naming';

describe('Copilot CLI tool names', () => {
  it('encodes Punycode as RFC 3492 §7.1 gives it', () => {
    expect(punycodeEncode('bücher')).toBe('bcher-kva');
    expect(punycodeEncode('münchen')).toBe('mnchen-3ya');
    // §7.1 (B): Chinese (simplified).
    expect(punycodeEncode('他们为什么不说中文')).toBe('ihqwcrb4cv8a8dqg056pqjye');
    expect(toAscii('日本.example')).toBe('xn--wgv71a.example');
  });

  it('joins server and tool with `-`, makes every other character `-`, and cuts at 64', () => {
    expect(copilotToolName('gh', 'create_issue')).toBe('gh-create_issue');
    expect(copilotToolName('gh', 'a.b')).toBe('gh-a-b');
    expect(copilotToolName('日本', 'x')).toBe('xn--wgv71a-x');
    expect(copilotToolName('s', 'y'.repeat(80))).toHaveLength(64);
  });
});

describe('Qwen Code tool names', () => {
  it('keeps a safe name under 64 as it is; otherwise `_` for the rest and an FNV-1a hash in 63', () => {
    expect(qwenToolName('gh', 'create_issue')).toBe('mcp__gh__create_issue');
    expect(qwenToolName('gh', 'a.b')).toBe('mcp__gh__a_b_1oi6d6b');
    expect(qwenToolName('日本', '工具')).toBe('mcp_________19hv9yi');
    expect(qwenToolName('s', 'x'.repeat(80))).toBe(`mcp__s__${'x'.repeat(47)}_1vi9fjg`);
  });
});
