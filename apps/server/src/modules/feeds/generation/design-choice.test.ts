import { describe, expect, it } from 'vitest';
import { chooseDesign } from './design-choice.js';

interface Item {
  imageLink: string;
  additionalImageLinks: string[];
  brand: string;
}

const item = (images: number, brand = 'Acme'): Item => ({
  imageLink: images > 0 ? 'img-0.jpg' : '',
  additionalImageLinks: Array.from({ length: Math.max(0, images - 1) }, (_, i) => `img-${i + 1}.jpg`),
  brand,
});

const design = (name: string, slotCount: number, brand?: string) => ({
  name,
  slotCount,
  matches: (candidate: Item) => brand === undefined || candidate.brand === brand,
});

describe('chooseDesign', () => {
  const designs = [design('three', 3), design('acme-one', 1, 'Acme'), design('one', 1)];

  it('takes the first design whose filter passes and whose slots the images fill', () => {
    expect(chooseDesign(designs, item(3))).toEqual({ design: designs[0] });
    expect(chooseDesign(designs, item(2))).toEqual({ design: designs[1] });
    expect(chooseDesign(designs, item(1, 'Other'))).toEqual({ design: designs[2] });
  });

  it('is no_input_images without any image, before any design is tried', () => {
    expect(chooseDesign(designs, item(0))).toEqual({ status: 'no_input_images' });
    expect(chooseDesign([], item(0))).toEqual({ status: 'no_input_images' });
    expect(chooseDesign(designs, { ...item(0), additionalImageLinks: ['', ' '] })).toEqual({
      status: 'no_input_images',
    });
  });

  it('is no_template_matched when no design fits', () => {
    expect(chooseDesign([design('two', 2)], item(1))).toEqual({ status: 'no_template_matched' });
    expect(chooseDesign([design('acme', 1, 'Acme')], item(4, 'Other'))).toEqual({
      status: 'no_template_matched',
    });
    expect(chooseDesign([], item(1))).toEqual({ status: 'no_template_matched' });
  });

  it('counts images from additional_image_link when image_link is empty', () => {
    expect(chooseDesign([design('two', 2)], { ...item(0), additionalImageLinks: ['a', 'b'] })).toEqual({
      design: expect.objectContaining({ name: 'two' }),
    });
  });
});
