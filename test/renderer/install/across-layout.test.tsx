// The two rules Across agents lays out by (issues 37 and 44): a path or command wraps only after
// a separator, and agents are columns only while every one of them fits beside the server column.
import { describe, expect, it } from 'vitest';
import { pathParts } from '../../../renderer/src/components/PathText';
import { agentsFitAsColumns } from '../../../renderer/src/features/install/AcrossTables';

describe('PathText: where a path may wrap', () => {
  it('cuts after every separator, keeps each folder or file name whole, and loses nothing', () => {
    const path = '/home/someone/an-unusually-long-folder/server-everything.mjs';
    expect(pathParts(path)).toEqual(['/', 'home/', 'someone/', 'an-unusually-long-folder/', 'server-everything.mjs']);
    const win = 'C:\\Users\\Sam Lee\\AppData\\Roaming\\Claude\\claude_desktop_config.json';
    expect(pathParts(win)).toEqual(['C:\\', 'Users\\', 'Sam Lee\\', 'AppData\\', 'Roaming\\', 'Claude\\', 'claude_desktop_config.json']);
    expect(pathParts(win).join('')).toBe(win);
    expect(pathParts('https://docs.example.com/mcp').join('')).toBe('https://docs.example.com/mcp');
  });
});

describe('Across agents: columns or rows', () => {
  it('a few agents are columns at 900 px of room; fourteen or fifteen are rows even at 1920 px', () => {
    expect(agentsFitAsColumns(3, 900 - 32)).toBe(true);
    expect(agentsFitAsColumns(5, 900 - 32)).toBe(false);
    expect(agentsFitAsColumns(14, 1920 - 32)).toBe(false);
    expect(agentsFitAsColumns(15, 1920)).toBe(false);
    // Before the room is measured (0 px) nothing fits: rows, which fit any width.
    expect(agentsFitAsColumns(1, 0)).toBe(false);
  });
});
