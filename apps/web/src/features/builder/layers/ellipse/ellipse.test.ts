import { parseXml, type XmlElement } from '@adloom/renderer/xml';
import { describe, expect, it } from 'vitest';
import { ellipseKind } from './index.js';

const common = {
  uid: 'u',
  id: 'circle',
  data: {} as never,
  opacity: 1,
  locked: false,
  hidden: false,
  clipPath: null,
};

describe('the ellipse kind', () => {
  it('reads a circle as an ellipse filling the circle’s box', () => {
    const node = parseXml('<circle cx="50" cy="60" r="10" fill="#f00"/>') as XmlElement;
    expect(ellipseKind.readSvg(node, common, { readMembers: () => [] })).toMatchObject({
      kind: 'ellipse',
      left: 40,
      top: 50,
      width: 20,
      height: 20,
      fill: '#f00',
    });
  });
});
