import { describe, expect, it } from 'vitest';
import { addLayers, createModel, createRectLayer, createTextLayer } from '../model/index.js';
import { faceKey, fontFacesOf } from './fonts';

describe('fontFacesOf', () => {
  it('lists each face the texts use once, group members included', () => {
    const model = addLayers(createModel(), [
      createTextLayer(),
      createTextLayer({ fontWeight: 700 }),
      createTextLayer(),
      createTextLayer({ fontFamily: 'Lato', fontStyle: 'italic' }),
      createRectLayer(),
    ]);
    expect(fontFacesOf(model).map(faceKey)).toEqual([
      'Open Sans|400|normal',
      'Open Sans|700|normal',
      'Lato|400|italic',
    ]);
  });
});
