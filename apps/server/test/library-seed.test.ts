import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { seedTemplateLibrary } from '../src/modules/templates/library/seed.js';
import { STARTER_TEMPLATES } from '../src/modules/templates/library/starter-templates.js';
import { createTestApp, gql, makeClient, makeUser, PASSWORD, signIn, type TestApp } from './harness.js';

describe('the starter library seed', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('embedded');
  }, 120_000);
  afterAll(() => t.close());

  it('writes every starter template with a rendered thumbnail once, and nothing on the next start', async () => {
    expect(await seedTemplateLibrary(t.deps)).toBe(STARTER_TEMPLATES.length);
    expect(await seedTemplateLibrary(t.deps)).toBe(0);

    const client = await makeClient(t, 'Library reader');
    const user = await makeUser(t, { clientId: client.id });
    const session = await signIn(t, user.email, PASSWORD);
    const library = (
      await gql(t, {
        session,
        clientId: client.id,
        query: '{ templateLibrary { key name width height thumbnailUrl slotCount } }',
      })
    ).data?.templateLibrary as { key: string; width: number; height: number; thumbnailUrl: string }[];
    expect(library.map((entry) => entry.key).sort()).toEqual(STARTER_TEMPLATES.map((s) => s.key).sort());

    // Each thumbnail is served back as a JPEG of the template's shape, at most 540 px on its long side.
    for (const entry of library) {
      expect(entry.thumbnailUrl).toMatch(/^\/files\/library\//);
      const response = await t.app.inject({ method: 'GET', url: entry.thumbnailUrl });
      expect(response.statusCode, entry.key).toBe(200);
      expect(response.headers['content-type']).toBe('image/jpeg');
      const { width, height } = await sharp(response.rawPayload).metadata();
      expect(Math.max(width, height)).toBe(540);
      expect(width / height).toBeCloseTo(entry.width / entry.height, 2);
    }
  }, 120_000);
});
