import { describe, expect, it } from 'vitest';
import { defaultView, parseView, viewKey } from './rememberedView';

describe('the remembered view', () => {
  it('is kept per template, a new template under "new"', () => {
    expect(viewKey('3f2c')).toBe('adloom.builder.3f2c.view');
    expect(viewKey(null)).toBe('adloom.builder.new.view');
  });

  it('reads back what was stored: a zoom or fit, and the panels', () => {
    expect(parseView('{"zoom":"fit","leftPanel":false,"rightPanel":true}')).toEqual({
      zoom: 'fit',
      leftPanel: false,
      rightPanel: true,
    });
    expect(parseView('{"zoom":0.15,"leftPanel":true,"rightPanel":false}')?.zoom).toBe(0.15);
  });

  it('ignores anything else', () => {
    expect(parseView(null)).toBeNull();
    expect(parseView('not json')).toBeNull();
    expect(parseView('{"zoom":7,"leftPanel":true,"rightPanel":true}')).toBeNull();
    expect(parseView('{"zoom":"fit","leftPanel":"yes","rightPanel":true}')).toBeNull();
    expect(parseView('[]')).toBeNull();
  });

  it('starts fitted, with the side panel folded in a narrow window', () => {
    expect(defaultView(1440)).toEqual({ zoom: 'fit', leftPanel: true, rightPanel: true });
    expect(defaultView(1024)).toEqual({ zoom: 'fit', leftPanel: false, rightPanel: true });
  });
});
