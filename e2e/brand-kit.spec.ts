// The brand kit screen of issue 7: a brand kit filled from scratch (colour, font with the licence
// confirmation, logos with thumbnails, guide, disclaimer, audio with a player), renamed, changed and
// deleted with confirmation, the limits shown, and the kit's font, colour and logo drawn by the browser
// renderer. Runs as Alice, an admin of Acme.
import { expect, test, type Locator, type Page } from '@playwright/test';
import sharp from 'sharp';
import { latoBlackWoff2, wavAudio } from '../apps/server/test/fixtures/brand-kit.js';
import { fixtures } from './fixtures.js';
import { clientGraphql, seeNotification, signIn, watchPage } from './helpers.js';

/** A logo: a coloured rectangle. */
const pngLogo = (background: string, width = 400, height = 200) =>
  sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();

type Upload = { name: string; mimeType: string; buffer: Buffer };

/** Clicks a button that opens a file chooser and chooses `files`. */
async function chooseFiles(page: Page, button: Locator, files: Upload[]) {
  const chooser = page.waitForEvent('filechooser');
  await button.click();
  await (await chooser).setFiles(files);
}

/** Opens the menu of an item and picks `item`. */
async function itemMenu(page: Page, section: Locator, name: string, item: string) {
  await section.getByRole('button', { name: `Actions for ${name}`, exact: true }).click();
  await page.getByRole('menuitem', { name: item, exact: true }).click();
}

const graphql = clientGraphql;

test('a brand kit filled from scratch, changed, limited and used by the renderer', async ({
  page,
  context,
}) => {
  test.setTimeout(180_000);
  const f = fixtures();
  const problems = watchPage(page);
  await signIn(page, f.users.adminA);
  await page.goto(`/clients/${f.clients.acme}/brand-kit/`);
  await expect(page.getByRole('heading', { level: 1, name: 'Brand kit' })).toBeVisible();
  const section = (name: string) => page.getByRole('region', { name, exact: true });
  const logos = section('Logos');
  const colours = section('Colours');
  const fonts = section('Fonts');
  const guides = section('Guides');
  const disclaimers = section('Disclaimers');
  const audio = section('Audio');
  // Empty, with every limit shown.
  await expect(logos).toContainText('0 of 5 logos');
  await expect(logos).toContainText('No logos yet.');
  await expect(colours).toContainText('0 of 20 colours');
  await expect(fonts).toContainText('0 of 20 fonts');
  await expect(guides).toContainText('0 of 50 guides');
  await expect(disclaimers).toContainText('0 of 50 disclaimers');
  await expect(disclaimers).toContainText('up to 200 characters each');
  await expect(audio).toContainText('0 of 5 audio tracks');

  // A colour, then a new value for it.
  await colours.getByRole('button', { name: 'Add colour' }).click();
  let dialog = page.getByRole('dialog', { name: 'Add colour' });
  await dialog.getByLabel('Name').fill('Brand red');
  await dialog.getByRole('textbox', { name: 'Colour' }).fill('#d81b60');
  await dialog.getByRole('button', { name: 'Save colour' }).click();
  await seeNotification(page, 'Successfully saved color to the Brand Kit.');
  const red = colours.getByRole('article', { name: 'Brand red' });
  await expect(red).toContainText('#d81b60');
  await itemMenu(page, colours, 'Brand red', 'Change colour');
  dialog = page.getByRole('dialog', { name: 'Change ‘Brand red’' });
  // An invalid value is refused next to the field, not saved as another colour.
  await dialog.getByRole('textbox', { name: 'Colour' }).fill('#e5393g');
  await dialog.getByRole('textbox', { name: 'Colour' }).blur();
  await expect(dialog.getByRole('textbox', { name: 'Colour' })).toHaveValue('#e5393g');
  await dialog.getByRole('button', { name: 'Save colour' }).click();
  await expect(dialog.getByText('‘#e5393g’ is not a colour: use a hex value such as #1e88e5.')).toBeVisible();
  await expect(red).toContainText('#d81b60');
  await dialog.getByRole('textbox', { name: 'Colour' }).fill('#e53935');
  await dialog.getByRole('button', { name: 'Save colour' }).click();
  await seeNotification(page, 'Successfully saved color to the Brand Kit.');
  await expect(red).toContainText('#e53935');
  await expect(colours).toContainText('1 of 20 colours');

  // A font: uploaded only once the licence is confirmed, named by the spec's rule, drawn in itself.
  await chooseFiles(page, fonts.getByRole('button', { name: 'Upload font' }), [
    { name: 'acme display-black.woff2', mimeType: 'font/woff2', buffer: latoBlackWoff2() },
  ]);
  dialog = page.getByRole('dialog', { name: 'Upload font' });
  const confirm = dialog.getByRole('button', { name: 'Upload font' });
  await expect(confirm).toBeDisabled();
  await dialog.getByRole('checkbox', { name: /hold a licence/ }).check();
  await confirm.click();
  await seeNotification(page, '‘Acme Display-black’ was added to the brand kit.');
  const font = fonts.getByRole('article', { name: 'Acme Display-black' });
  // Weight and style read from the file (Lato Black), not assumed 400.
  await expect(font).toContainText('900 Black');
  await expect(font.getByLabel('Sample of Acme Display-black')).toHaveAttribute('data-font-state', 'ready');
  await itemMenu(page, fonts, 'Acme Display-black', 'Rename');
  dialog = page.getByRole('dialog', { name: 'Rename font' });
  await dialog.getByLabel('Name').fill('acme headline!');
  await dialog.getByRole('button', { name: 'Rename' }).click();
  await seeNotification(page, '‘Acme Display-black’ was renamed ‘Acme Headline’.');
  await expect(fonts.getByRole('article', { name: 'Acme Headline' })).toBeVisible();

  // Logos with thumbnails; a sixth is refused with the limit's words and the section says it is full.
  await chooseFiles(page, logos.getByRole('button', { name: 'Upload logos' }), [
    { name: 'primary logo.png', mimeType: 'image/png', buffer: await pngLogo('#1e88e5') },
  ]);
  await seeNotification(page, '‘primary logo’ was added to the brand kit.');
  const thumbnail = logos.getByRole('img', { name: 'Logo primary logo' });
  await expect(thumbnail).toBeVisible();
  expect(
    await thumbnail.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth),
  ).toBeGreaterThan(0);
  await expect(logos.getByRole('article', { name: 'primary logo' })).toContainText('PNG · 400 × 200');
  const more = await Promise.all(
    ['#43a047', '#fb8c00', '#8e24aa', '#3949ab', '#00897b'].map(async (colour, i) => ({
      name: `variant ${i + 1}.png`,
      mimeType: 'image/png',
      buffer: await pngLogo(colour, 200, 200),
    })),
  );
  await chooseFiles(page, logos.getByRole('button', { name: 'Upload logos' }), more);
  await seeNotification(page, 'The brand kit can hold at most 5 logos. Delete one to add another.');
  for (let i = 1; i <= 4; i += 1) await seeNotification(page, `‘variant ${i}’ was added to the brand kit.`);
  await expect(logos).toContainText('5 of 5 logos');
  await expect(logos.getByRole('note')).toHaveText(
    'The brand kit can hold at most 5 logos. Delete one to add another.',
  );
  await expect(logos.getByRole('button', { name: 'Upload logos' })).toBeDisabled();
  await expect(logos.getByRole('article')).toHaveCount(5);

  // Rename and delete (with confirmation) a logo: the section has room again.
  await itemMenu(page, logos, 'variant 4', 'Rename');
  dialog = page.getByRole('dialog', { name: 'Rename logo' });
  await dialog.getByLabel('Name').fill('Inverse');
  await dialog.getByRole('button', { name: 'Rename' }).click();
  await seeNotification(page, '‘variant 4’ was renamed ‘Inverse’.');
  await itemMenu(page, logos, 'Inverse', 'Delete');
  dialog = page.getByRole('dialog', { name: 'Delete logo' });
  await expect(dialog).toContainText('Delete ‘Inverse’ from the brand kit?');
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await seeNotification(page, '‘Inverse’ was deleted.');
  await expect(logos.getByRole('article')).toHaveCount(4);
  await expect(logos.getByRole('note')).toHaveCount(0);
  await expect(logos.getByRole('button', { name: 'Upload logos' })).toBeEnabled();

  // A guide in formatted text, previewed, then renamed.
  await guides.getByRole('button', { name: 'Add guide' }).click();
  dialog = page.getByRole('dialog', { name: 'Add guide' });
  await dialog.getByLabel('Name').fill('Voice');
  await dialog
    .getByRole('textbox', { name: 'Guide' })
    .fill('# Tone\n\nWe are **warm** and _direct_.\n\n- Short sentences');
  await dialog.getByRole('tab', { name: 'Preview' }).click();
  await expect(dialog.getByRole('heading', { name: 'Tone' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Save guide' }).click();
  await seeNotification(page, '‘Voice’ was added to the brand kit.');
  const guide = guides.getByRole('article', { name: 'Voice' });
  await expect(guide.getByRole('heading', { name: 'Tone' })).toBeVisible();
  await expect(guide.locator('strong')).toHaveText('warm');
  await itemMenu(page, guides, 'Voice', 'Rename');
  dialog = page.getByRole('dialog', { name: 'Rename guide' });
  await dialog.getByLabel('Name').fill('Tone of voice');
  await dialog.getByRole('button', { name: 'Rename' }).click();
  await seeNotification(page, '‘Voice’ was renamed ‘Tone of voice’.');

  // A disclaimer: one character over the limit is refused before saving.
  await disclaimers.getByRole('button', { name: 'Add disclaimer' }).click();
  dialog = page.getByRole('dialog', { name: 'Add disclaimer' });
  const text = dialog.getByRole('textbox', { name: 'Disclaimer' });
  await text.fill('x'.repeat(201));
  await expect(dialog).toContainText('A disclaimer can have at most 200 characters; this one has 201.');
  await expect(dialog.getByRole('button', { name: 'Save disclaimer' })).toBeDisabled();
  await text.fill('Offer valid while stocks last. T&Cs apply.');
  await dialog.getByLabel('Name').fill('Stock offer');
  await dialog.getByRole('button', { name: 'Save disclaimer' }).click();
  await seeNotification(page, '‘Stock offer’ was added to the brand kit.');
  await expect(disclaimers.getByRole('article', { name: 'Stock offer' })).toContainText('T&Cs apply.');
  // Disclaimers cannot be renamed (spec section 4): their menu has no Rename.
  await disclaimers.getByRole('button', { name: 'Actions for Stock offer' }).click();
  await expect(page.getByRole('menuitem', { name: 'Rename' })).toHaveCount(0);
  await page.keyboard.press('Escape');

  // Audio with its length and a player that has read the file.
  await chooseFiles(page, audio.getByRole('button', { name: 'Upload audio' }), [
    { name: 'sonic logo.wav', mimeType: 'audio/wav', buffer: wavAudio(2) },
  ]);
  await seeNotification(page, '‘sonic logo’ was added to the brand kit.');
  const track = audio.getByRole('article', { name: 'sonic logo' });
  await expect(track).toContainText('0:02 · WAV');
  await expect
    .poll(() => track.locator('audio').evaluate((player: HTMLAudioElement) => player.duration))
    .toBeCloseTo(2, 1);

  // Everything has loaded: no section counts anything down any more.
  await expect(page.getByRole('status').filter({ hasText: /^Loading/ })).toHaveCount(0);
  await page.reload();
  await expect(logos.getByRole('article')).toHaveCount(4);
  await expect(page.getByRole('status').filter({ hasText: /^Loading/ })).toHaveCount(0);
  expect(problems).toEqual([]);

  // The builder's font list (its browser screen comes with the builder) has the font at weight 400.
  const { fontFamilies } = await graphql<{
    fontFamilies: { family: string; weights: number[]; source: string }[];
  }>(page, '{ fontFamilies { family weights source } }');
  expect(fontFamilies[0]).toEqual({ family: 'Acme Headline', weights: [900], source: 'BRAND_KIT' });

  // The browser renderer draws a template with the kit's font, first colour and first logo.
  const { brandKit } = await graphql<{
    brandKit: {
      colors: { textContent: string }[];
      fonts: { name: string; fontUrl: string }[];
      logos: { content: { downloadUrl: string } }[];
    };
  }>(
    page,
    '{ brandKit { colors { textContent } fonts { name fontUrl } logos { content { downloadUrl } } } }',
  );
  const renderer = await context.newPage();
  await renderer.goto('/renderer/');
  await renderer.waitForFunction(
    () => typeof (globalThis as { renderOffscreen?: unknown }).renderOffscreen === 'function',
  );
  const template = (family: string) =>
    '<svg xmlns="http://www.w3.org/2000/svg" width="600" height="300" viewBox="0 0 600 300">' +
    '<image id="MAIN_001" x="0" y="0" width="10" height="10"/>' +
    '<rect id="COLOR_PRIMARY" x="0" y="200" width="600" height="100" fill="#000"/>' +
    '<image id="LOGO_MAIN" x="440" y="20" width="140" height="140"/>' +
    `<text title="Brand" data-x="20" data-y="40" data-width="400" font-family="${family}" font-size="110" fill="#000">Brand</text>` +
    '</svg>';
  const draw = async (family: string) => {
    const request = {
      template: template(family),
      inputs: [{ input: brandKit.logos[0]!.content.downloadUrl, color: brandKit.colors[0]!.textContent }],
      metadata: {},
      additionalFiles: {
        fonts: brandKit.fonts.map((f) => ({ fontUrl: f.fontUrl, fontFamily: f.name })),
        logos: [{ key: 'main', input: brandKit.logos[0]!.content.downloadUrl }],
      },
    };
    const { imageDataUrl } = await renderer.evaluate(
      (req) =>
        (
          globalThis as unknown as {
            renderOffscreen(r: unknown): Promise<{ imageDataUrl: string }>;
          }
        ).renderOffscreen(req),
      request,
    );
    const png = Buffer.from(imageDataUrl.split(',')[1]!, 'base64');
    return sharp(png).removeAlpha().raw().toBuffer();
  };
  const branded = await draw('Acme Headline');
  const plain = await draw('Open Sans');
  const rgb = (data: Buffer, x: number, y: number) => [
    ...data.subarray((y * 600 + x) * 3, (y * 600 + x) * 3 + 3),
  ];
  expect(rgb(branded, 300, 250)).toEqual([0xe5, 0x39, 0x35]);
  const [r, g, b] = rgb(branded, 510, 90);
  expect(Math.abs(r! - 0x1e) + Math.abs(g! - 0x88) + Math.abs(b! - 0xe5)).toBeLessThan(24);
  // Only the text differs between the brand font and the catalogue's Open Sans.
  expect(branded.equals(plain)).toBe(false);
  await renderer.close();
});
