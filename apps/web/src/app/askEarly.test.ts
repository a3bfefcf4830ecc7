import { describe, expect, it } from 'vitest';
import { clientScreenAt } from './askEarly';

describe('clientScreenAt', () => {
  it("finds the builder of a template, with the client's and the template's ids", () => {
    expect(clientScreenAt('/clients/c-1/products/templates/t-9/')).toEqual({
      screen: 'template',
      params: { clientId: 'c-1', id: 't-9' },
    });
  });

  it('prefers the fixed routes beside it, as the router does', () => {
    expect(clientScreenAt('/clients/c-1/products/templates/create/')?.screen).toBe('template-create');
    expect(clientScreenAt('/clients/c-1/products/templates/library/')?.screen).toBe('template-library');
    expect(clientScreenAt('/clients/c-1/products/templates/')?.screen).toBe('templates');
  });

  it('finds nothing outside a client workspace or on an unknown path', () => {
    expect(clientScreenAt('/login/local/')).toBeNull();
    expect(clientScreenAt('/clients/c-1/no/such/screen/')).toBeNull();
  });
});
