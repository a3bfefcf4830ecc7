import { describe, expect, it } from 'vitest';
import { BUILDER } from './constants.js';
import { copyName } from './templateName.js';

describe('copyName', () => {
  it('prefixes the name', () => {
    expect(copyName('Summer sale')).toBe('Copy of Summer sale');
  });

  it('stays within the name limit, counting characters, not UTF-16 units', () => {
    const long = copyName('😀'.repeat(BUILDER.maxNameLength));
    expect(Array.from(long)).toHaveLength(BUILDER.maxNameLength);
    expect(long.endsWith('😀…')).toBe(true);
  });
});
