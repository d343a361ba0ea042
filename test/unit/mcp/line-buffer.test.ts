// SEC-4 framing: lines split across chunks, CRLF, and the per-message cap with the wording the
// session and call code recognise.
import { describe, expect, it } from 'vitest';
import { LineBuffer } from '../../../electron/services/mcp/line-buffer';

describe('LineBuffer', () => {
  it('joins a line split over chunks and returns every complete one', () => {
    const b = new LineBuffer(100);
    expect(b.push(Buffer.from('{"a":'))).toEqual([]);
    expect(b.push(Buffer.from('1}\r\n{"b":2}\n{"c"'))).toEqual(['{"a":1}', '{"b":2}']);
    expect(b.push(Buffer.from(':3}\n'))).toEqual(['{"c":3}']);
  });

  it('a multi-byte character split between chunks survives', () => {
    const bytes = Buffer.from('"区块"\n');
    const b = new LineBuffer(100);
    expect([...b.push(bytes.subarray(0, 2)), ...b.push(bytes.subarray(2))]).toEqual(['"区块"']);
  });

  it('an unfinished line past the cap throws and forgets what it held', () => {
    const b = new LineBuffer(10);
    b.push(Buffer.from('123456'));
    expect(() => b.push(Buffer.from('7890x'))).toThrow(/ReadBuffer exceeded maximum size of 10 bytes/);
    expect(b.push(Buffer.from('ok\n'))).toEqual(['ok']);
  });
});
