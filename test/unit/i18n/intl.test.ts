import { describe, expect, it } from 'vitest';
import { formatDateTime, formatNumber, formatTime, plural, translator } from '../../../shared/i18n';

// 2026-01-02 23:27:54 local time: the hour is past noon, so a 12-hour clock shows PM.
const late = new Date(2026, 0, 2, 23, 27, 54).getTime();

describe('plurals through Intl.PluralRules', () => {
  it('picks the singular in English only for one', () => {
    expect(plural('en', 'logs.traffic', 1)).toBe('JSON-RPC traffic (1 message)');
    expect(plural('en', 'logs.traffic', 2)).toBe('JSON-RPC traffic (2 messages)');
    expect(plural('en', 'logs.traffic', 0)).toBe('JSON-RPC traffic (0 messages)');
  });

  it('uses the other form in Chinese, which has no singular', () => {
    expect(plural('zh', 'servers.tools', 1)).toBe('1 个工具');
    expect(plural('zh', 'logs.stderr', 1)).toBe('stderr（1 行）');
  });

  it('formats the count with the locale', () => {
    expect(plural('en', 'servers.tools', 12345)).toBe('12,345 tools');
    expect(translator('zh').plural('tools.listLabel', 2)).toBe('2 个工具');
  });
});

describe('numbers and times through Intl with the UI locale', () => {
  it('formats numbers', () => {
    expect(formatNumber('en', 1234567.5)).toBe('1,234,567.5');
    expect(formatNumber('zh', 1234567.5)).toBe('1,234,567.5');
    expect(translator('en').number(42)).toBe('42');
  });

  it('gives a 12-hour time in English and a 24-hour time in Chinese', () => {
    expect(formatTime('en', late)).toMatch(/^11:27:54\sPM$/);
    expect(formatTime('zh', late)).toBe('23:27:54');
    expect(translator('zh').time(late)).toBe('23:27:54');
  });

  it('gives date-times in each language', () => {
    expect(formatDateTime('en', late)).toMatch(/Jan 2, 2026.*11:27:54\sPM/);
    expect(formatDateTime('zh', late)).toMatch(/2026年1月2日.*23:27:54/);
    expect(translator('zh').dateTime(late)).toBe(formatDateTime('zh', late));
  });
});
