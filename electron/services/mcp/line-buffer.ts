// stdout framing for stdio servers: newline-delimited JSON-RPC with a cap per message (SEC-4).
// The SDK's ReadBuffer concatenates the whole pending buffer on every chunk, which is quadratic
// in a line's length: a server that floods 10 MB without a newline made the host allocate
// gigabytes of short-lived copies. Here chunks are kept as they came and joined once per line.
import { STDIO_DEFAULT_MAX_BUFFER_SIZE } from '@modelcontextprotocol/client';

export class LineBuffer {
  private chunks: Buffer[] = [];
  private size = 0;

  constructor(private readonly maxBytes = STDIO_DEFAULT_MAX_BUFFER_SIZE) {}

  /**
   * The complete lines `chunk` ends (without `\r\n`). Throws when an unfinished line passes the
   * cap; the message keeps the SDK's wording, which callers recognise ("ReadBuffer exceeded").
   */
  push(chunk: Buffer): string[] {
    const lines: string[] = [];
    let start = 0;
    for (let nl = chunk.indexOf(10); nl !== -1; nl = chunk.indexOf(10, start)) {
      const tail = chunk.subarray(start, nl);
      const whole = this.chunks.length ? Buffer.concat([...this.chunks, tail], this.size + tail.length) : tail;
      this.clear();
      lines.push(whole.toString('utf8').replace(/\r$/, ''));
      start = nl + 1;
    }
    if (start < chunk.length) {
      this.size += chunk.length - start;
      if (this.size > this.maxBytes) {
        this.clear();
        throw new Error(`ReadBuffer exceeded maximum size of ${this.maxBytes} bytes`);
      }
      this.chunks.push(chunk.subarray(start));
    }
    return lines;
  }

  clear(): void {
    this.chunks = [];
    this.size = 0;
  }
}
