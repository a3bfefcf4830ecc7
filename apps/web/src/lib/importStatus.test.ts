import { describe, expect, it } from 'vitest';
import { importStatusLook, isImportActive } from './importStatus';

describe('import statuses', () => {
  it('colours them whatever their case, and shows an unknown one as written', () => {
    expect(importStatusLook('completed')).toEqual({ label: 'Completed', color: 'green' });
    expect(importStatusLook('COMPLETED')).toEqual({ label: 'Completed', color: 'green' });
    expect(importStatusLook('failed').color).toBe('red');
    expect(importStatusLook('RUNNING')).toEqual({ label: 'Importing', color: 'blue' });
    expect(importStatusLook('paused')).toEqual({ label: 'paused', color: 'gray' });
  });
  it('knows which are under way', () => {
    expect(isImportActive('queued')).toBe(true);
    expect(isImportActive('running')).toBe(true);
    expect(isImportActive('QUEUED')).toBe(true);
    expect(isImportActive('RUNNING')).toBe(true);
    expect(isImportActive('completed')).toBe(false);
    expect(isImportActive('FAILED')).toBe(false);
    expect(isImportActive(undefined)).toBe(false);
  });
});
