// Issue 35: a shown text goes to the page in blocks of about 8 K characters (ContentsView), cut
// after a newline where the block's second half has one; together they are the text exactly.
import { describe, expect, it } from 'vitest';
import { textBlocks } from '../../../renderer/src/features/detail/ContentsView';

describe('textBlocks', () => {
  it('keeps every character, in order, in blocks of at most 8 K', () => {
    const text = 'A'.repeat(262_144);
    const blocks = textBlocks(text);
    expect(blocks).toHaveLength(32);
    expect(blocks.join('')).toBe(text);
    expect(Math.max(...blocks.map((b) => b.length))).toBe(8192);
  });

  it('cuts after a newline in the second half of a block, not inside the line', () => {
    const line = 'x'.repeat(99) + '\n';
    const text = line.repeat(300); // 30,000 characters of 100-character lines
    const blocks = textBlocks(text);
    expect(blocks.join('')).toBe(text);
    for (const b of blocks.slice(0, -1)) expect(b.endsWith('\n')).toBe(true);
    expect(blocks[0]!.length).toBe(8100);
  });

  it('a short text is one block', () => {
    expect(textBlocks('small text')).toEqual(['small text']);
    expect(textBlocks('')).toEqual([]);
  });
});
