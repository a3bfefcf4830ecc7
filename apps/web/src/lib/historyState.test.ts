import { describe, expect, it } from 'vitest';
import { stateText } from './historyState';

describe('stateText', () => {
  it('gives a text the page was handed', () => {
    expect(stateText({ email: 'rita@example.com' }, 'email')).toBe('rita@example.com');
  });

  it('gives null when the state is missing, not an object, or holds no text under the name', () => {
    expect(stateText(null, 'email')).toBeNull();
    expect(stateText(undefined, 'email')).toBeNull();
    expect(stateText('email', 'email')).toBeNull();
    expect(stateText({ notice: 'Saved' }, 'email')).toBeNull();
    expect(stateText({ email: 42 }, 'email')).toBeNull();
  });
});
