import { describe, expect, it } from 'vitest';
import {
  BUILDER_DOCUMENT_VERSION,
  BuilderDocumentError,
  createBuilderDocument,
  createBuilderLayer,
  validateBuilderDocument,
} from './document.js';
import { BUILDER_MIGRATIONS, migrateBuilderDocument } from './migrations.js';

describe('createBuilderDocument', () => {
  it('has the spec defaults', () => {
    expect(createBuilderDocument()).toEqual({
      version: 1,
      name: 'New Template',
      width: 1080,
      height: 1080,
      backgroundColor: '#ffffff',
      constrainProportions: true,
      layers: [],
    });
  });
});

describe('validateBuilderDocument', () => {
  it('fills missing fields with defaults', () => {
    const document = validateBuilderDocument({ version: 1, name: 'Sale', layers: [{ id: 'MAIN_001' }] });
    expect(document).toEqual({
      ...createBuilderDocument({ name: 'Sale' }),
      layers: [createBuilderLayer('MAIN_001')],
    });
  });

  it('says which field is wrong', () => {
    const cases: Array<[unknown, string]> = [
      [null, 'Builder document document: must be an object'],
      [{ version: 1, width: '1080' }, 'Builder document width: must be a number'],
      [{ version: 1, layers: {} }, 'Builder document layers: must be an array'],
      [
        { version: 1, layers: [{ id: 'a', isContain: 'yes' }] },
        'Builder document layers[0].isContain: must be a boolean',
      ],
      [
        { version: 1, layers: [{ id: 'a', dynamicLayerType: 'GIF' }] },
        'Builder document layers[0].dynamicLayerType: must be a dynamic layer type or null',
      ],
      [{ version: 1, layers: [{}] }, 'Builder document layers[0].id: must be a non-empty string'],
      [
        { version: 1, layers: [{ id: 'a' }, { id: 'a' }] },
        "Builder document layers[1].id: 'a' is used twice",
      ],
      [{ version: 2 }, 'Builder document version: must be 1'],
    ];
    for (const [input, message] of cases) {
      expect(() => validateBuilderDocument(input)).toThrow(BuilderDocumentError);
      expect(() => validateBuilderDocument(input)).toThrow(message);
    }
  });
});

describe('migrateBuilderDocument', () => {
  it('accepts a current document unchanged', () => {
    const document = createBuilderDocument({
      layers: [createBuilderLayer('MAIN_001', { dynamicLayerType: 'IMAGE' })],
    });
    expect(migrateBuilderDocument(JSON.parse(JSON.stringify(document)))).toEqual(document);
  });

  it('upgrades the unversioned version-0 shape', () => {
    const version0 = {
      title: 'Old one',
      canvas: { width: 1000, height: 1500, background: '#000000' },
      keepRatio: false,
      objects: [
        { id: 'MAIN_001_LEFT_TOP', label: 'Photo', dynamic: 'IMAGE', align: 'LEFT_TOP', isContain: true },
        { id: 'text_1', label: 'Headline', text: '{brand}' },
      ],
    };
    expect(migrateBuilderDocument(version0)).toEqual(
      createBuilderDocument({
        name: 'Old one',
        width: 1000,
        height: 1500,
        backgroundColor: '#000000',
        constrainProportions: false,
        layers: [
          createBuilderLayer('MAIN_001_LEFT_TOP', {
            name: 'Photo',
            dynamicLayerType: 'IMAGE',
            dynamicLayerHorizontalAlignment: 'LEFT',
            dynamicLayerVerticalAlignment: 'TOP',
            isContain: true,
          }),
          createBuilderLayer('text_1', { name: 'Headline', text: '{brand}' }),
        ],
      }),
    );
  });

  it('validates after migrating, so a bad version-0 document is refused', () => {
    expect(() => migrateBuilderDocument({ objects: [{ id: 'a', label: 3 }] })).toThrow(
      'Builder document layers[0].name: must be a string',
    );
  });

  it('refuses unknown and newer versions with what to do next', () => {
    expect(() => migrateBuilderDocument({ version: 1.5 })).toThrow(
      'Builder document version: must be a whole number',
    );
    expect(() => migrateBuilderDocument({ version: BUILDER_DOCUMENT_VERSION + 1 })).toThrow(
      /reload the page/,
    );
    expect(() => migrateBuilderDocument([])).toThrow('must be an object');
  });

  it('needs a step for every version on the way', () => {
    expect(BUILDER_MIGRATIONS.map((migration) => migration.from)).toEqual([0]);
    expect(() => migrateBuilderDocument({ title: 'x' }, [])).toThrow(
      'Builder document version: 0 has no migration to 1',
    );
  });
});
